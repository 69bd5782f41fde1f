/** Any other path under /api: an ErrorResponse-shaped 404 for every method (never an HTML page). */
import { fault } from '../../server/base/errors';
import { errorResponse } from '../../server/http/respond';

export const prerender = false;

export const ALL = ({ url }: { url: URL }) =>
  errorResponse(fault('not_found.endpoint', { path: url.pathname }));
