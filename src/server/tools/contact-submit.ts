/** contact_submit: the contact form as a tool (the same function as POST /api/contact). */
import { submitContact } from '../submissions/contact';
import { ContactSubmitInput, ContactSubmitOutput } from '../schemas/tools';
import { ui } from '../../i18n/ui';
import { defineTool, toolTexts } from './tool';

export const contactSubmit = defineTool({
  name: 'contact_submit',
  title: 'Send a contact message',
  role: "sending the person's message to us",
  ...toolTexts('contact_submit'),
  input: ContactSubmitInput,
  output: ContactSubmitOutput,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  needsApproval: true,
  budget: 'contact',
  scope: 'mcp:tools:inquiry',
  example: { name: 'Anna Kowalska', email: 'anna@example.org', message: 'Dzień dobry, proszę o kontakt w sprawie strony fundacji.', locale: 'pl' },
  async run(input) {
    await submitContact(input);
    const message = ui[input.locale === 'pl' ? 'pl' : 'en'].tools.contact_submit.sent;
    return { data: { ok: true as const, message }, text: message };
  },
});
