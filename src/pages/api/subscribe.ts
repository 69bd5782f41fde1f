/** POST /api/subscribe: SubscribeRequest → { ok: true }. Subscribing again is also { ok: true }. */
import { subscribe } from '../../server/actions/newsletter';
import { readBody } from '../../server/http/body';
import { endpoint } from '../../server/http/endpoint';
import { json } from '../../server/http/respond';
import { assertMailEnabled } from '../../server/providers/mail';
import { SubscribeRequest } from '../../server/schemas/newsletter';

export const prerender = false;

export const ALL = endpoint({
  POST: async ({ request }) => {
    assertMailEnabled();
    await subscribe(await readBody(request, SubscribeRequest));
    return json({ ok: true });
  },
});
