/** POST /api/contact: ContactRequest → { ok: true } once the owner's notification mail is accepted. */
import { submitContact } from '../../server/actions/contact';
import { readBody } from '../../server/http/body';
import { endpoint } from '../../server/http/endpoint';
import { json } from '../../server/http/respond';
import { assertMailEnabled } from '../../server/providers/mail';
import { ContactRequest } from '../../server/schemas/contact';

export const prerender = false;

export const ALL = endpoint({
  POST: async ({ request }) => {
    assertMailEnabled();
    await submitContact(await readBody(request, ContactRequest));
    return json({ ok: true });
  },
});
