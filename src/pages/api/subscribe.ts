/**
 * POST /api/subscribe: SubscribeRequest → { ok: true }. With double opt-in the address is pending
 * until its confirmation link is followed; every outcome is the same answer. JSON is the API;
 * a form-encoded post is the site's form, checked for spam first (src/server/spam/form-path.ts).
 */
import { subscribe } from '../../server/submissions/newsletter';
import { endpoint } from '../../server/http/endpoint';
import { json } from '../../server/http/respond';
import { assertMailEnabled } from '../../server/providers/mail';
import { SubscribeRequest } from '../../server/schemas/newsletter';
import { readSubmission } from '../../server/spam/form-path';

export const prerender = false;

export const ALL = endpoint({
  POST: async ({ request }) => {
    assertMailEnabled();
    const { input, verdict } = await readSubmission(request, SubscribeRequest, 'subscribe');
    await subscribe(input, verdict);
    return json({ ok: true });
  },
});
