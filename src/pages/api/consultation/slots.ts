/** GET /api/consultation/slots: free consultation slots, or the link-only fallback (200 either way). */
import { validate } from '../../../server/http/body';
import { endpoint } from '../../../server/http/endpoint';
import { json } from '../../../server/http/respond';
import { findSlots } from '../../../server/scheduling';
import { SlotsQuery } from '../../../server/schemas/consultation';

export const prerender = false;

export const ALL = endpoint({
  GET: async ({ url }) => {
    const query = validate(SlotsQuery, Object.fromEntries(url.searchParams));
    return json(await findSlots(query), { headers: { 'Cache-Control': 'no-store' } });
  },
});
