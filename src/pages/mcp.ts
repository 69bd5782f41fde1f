/** The MCP server (spec "MCP"): POST JSON-RPC, GET discovery by content negotiation. OPTIONS is answered by the middleware. */
import type { APIRoute } from 'astro';
import { handleMcp } from '../server/mcp/http';

export const prerender = false;

export const ALL: APIRoute = ({ request }) => handleMcp(request);
