/** Unknown paths under /mcp/ answer an ErrorResponse-shaped 404. */
import type { APIRoute } from 'astro';
import { AppError } from '../../server/errors';
import { errorResponse } from '../../server/http/respond';

export const prerender = false;

export const ALL: APIRoute = ({ url }) =>
  errorResponse(
    new AppError('not_found', `No MCP resource at ${url.pathname}.`, {
      hint: 'The MCP endpoint is /mcp (POST JSON-RPC, GET discovery); the server card is /mcp/server-card.',
    }),
  );
