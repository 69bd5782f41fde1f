/**
 * POST /api/contact: ContactRequest → { ok: true } once the owner's notification mail is accepted.
 * JSON is the API; a form-encoded post is the site's form, checked for spam first and, when
 * suspicious, still delivered but marked (src/server/spam/form-path.ts).
 */
import { submitContact } from '../../server/submissions/contact';
import { endpoint } from '../../server/http/endpoint';
import { json } from '../../server/http/respond';
import { assertMailEnabled } from '../../server/providers/mail';
import { ContactRequest } from '../../server/schemas/contact';
import { readSubmission } from '../../server/spam/form-path';

export const prerender = false;

export const ALL = endpoint({
  POST: async ({ request }) => {
    assertMailEnabled();
    const { input, verdict } = await readSubmission(request, ContactRequest, 'contact');
    await submitContact(input, verdict);
    return json({ ok: true });
  },
});
