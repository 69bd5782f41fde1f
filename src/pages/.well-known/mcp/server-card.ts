/** The server card where scanners look for it (same document as /mcp/server-card). */
import type { APIRoute } from 'astro';
import { SERVER_CARD_MEDIA_TYPE, serverCard } from '../../../server/mcp/discovery';
import { jsonDocument } from '../../../server/mcp/http';

export const prerender = false;

export const ALL: APIRoute = ({ request }) => jsonDocument(request, serverCard(), SERVER_CARD_MEDIA_TYPE);
