/** The well-known alias of /mcp (same server, same behaviour). */
import type { APIRoute } from 'astro';
import { handleMcp } from '../../server/mcp/http';

export const prerender = false;

export const ALL: APIRoute = ({ request }) => handleMcp(request);
