/** POST /api/newsletter/unsubscribe: UnsubscribeRequest → { ok: true }, also for unknown addresses. */
import { unsubscribe } from '../../../server/submissions/newsletter';
import { readBody } from '../../../server/http/body';
import { endpoint } from '../../../server/http/endpoint';
import { json } from '../../../server/http/respond';
import { assertMailEnabled } from '../../../server/providers/mail';
import { UnsubscribeRequest } from '../../../server/schemas/newsletter';

export const prerender = false;

export const ALL = endpoint({
  POST: async ({ request }) => {
    assertMailEnabled();
    await unsubscribe(await readBody(request, UnsubscribeRequest));
    return json({ ok: true });
  },
});
