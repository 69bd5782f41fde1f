/** Unknown paths under /mcp/ answer an ErrorResponse-shaped 404. */
import type { APIRoute } from 'astro';
import { fault } from '../../server/base/errors';
import { errorResponse } from '../../server/http/respond';

export const prerender = false;

export const ALL: APIRoute = ({ url }) =>
  errorResponse(
    fault('not_found.mcp_resource', {
      path: url.pathname,
      listing: 'The MCP endpoint is /mcp (POST JSON-RPC, GET discovery); the server card is /mcp/server-card.',
    }),
  );
