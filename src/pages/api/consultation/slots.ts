/** GET /api/consultation/slots: free consultation slots, or the link-only fallback (200 either way). */
import type { APIRoute } from 'astro';
import { validate } from '../../../server/http/body';
import { errorResponse, json, methodNotAllowed } from '../../../server/http/respond';
import { findSlots } from '../../../server/scheduling';
import { SlotsQuery } from '../../../server/schemas/consultation';

export const prerender = false;

export const GET: APIRoute = async ({ url }) => {
  try {
    const query = validate(SlotsQuery, Object.fromEntries(url.searchParams));
    return json(await findSlots(query), { headers: { 'Cache-Control': 'no-store' } });
  } catch (error) {
    return errorResponse(error);
  }
};

// OPTIONS is answered by the middleware (CORS preflight).
export const ALL: APIRoute = () => methodNotAllowed(['GET', 'OPTIONS']);
