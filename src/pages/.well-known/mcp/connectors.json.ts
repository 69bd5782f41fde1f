/** /.well-known/mcp/connectors.json: how MCP clients connect (connector entry and client configuration). */
import type { APIRoute } from 'astro';
import { connectors } from '../../../server/mcp/discovery';
import { jsonDocument } from '../../../server/mcp/http';

export const prerender = false;

export const ALL: APIRoute = ({ request }) => jsonDocument(request, connectors());
