/** Unknown paths under /.well-known/mcp/ answer an ErrorResponse-shaped 404. */
import type { APIRoute } from 'astro';
import { fault } from '../../../server/base/errors';
import { errorResponse } from '../../../server/http/respond';

export const prerender = false;

export const ALL: APIRoute = ({ url }) =>
  errorResponse(
    fault('not_found.mcp_resource', {
      path: url.pathname,
      listing: 'Documents here: server-card.json, server-card, manifest.json, connectors.json; the MCP endpoint is /mcp.',
    }),
  );
