/** The MCP server: POST JSON-RPC, GET discovery by content negotiation. OPTIONS is answered by the middleware. */
import type { APIRoute } from 'astro';
import { handleMcp } from '../server/mcp/http';
import { mcpAuthorization } from '../server/oauth/enforce';

export const prerender = false;

export const ALL: APIRoute = ({ request, locals, url }) =>
  handleMcp(request, { ...mcpAuthorization(locals.bearer ?? { kind: 'absent' }, url.pathname), caller: locals.caller });
