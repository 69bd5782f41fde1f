/** /.well-known/mcp/manifest.json: the MCP server in one document (endpoint, auth, tools, resources). */
import type { APIRoute } from 'astro';
import { manifest } from '../../../server/mcp/discovery';
import { jsonDocument } from '../../../server/mcp/http';

export const prerender = false;

export const ALL: APIRoute = ({ request }) => jsonDocument(request, manifest());
