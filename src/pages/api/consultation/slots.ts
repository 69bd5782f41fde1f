/** GET /api/consultation/slots: free consultation slots, or the link-only fallback (200 either way). */
import { validate } from '../../../server/http/body';
import { endpoint } from '../../../server/http/endpoint';
import { keptJson } from '../../../server/http/respond';
import { findSlots } from '../../../server/scheduling';
import { SlotsQuery } from '../../../server/schemas/consultation';

export const prerender = false;

export const ALL = endpoint({
  GET: async ({ url }) => {
    const query = validate(SlotsQuery, Object.fromEntries(url.searchParams));
    // findSlots keeps its answers for a few seconds: the same object, encoded once.
    return keptJson(await findSlots(query), { headers: { 'Cache-Control': 'no-store' } });
  },
});
