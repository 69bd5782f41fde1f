/** contact_submit: the contact form as a tool (the same function as POST /api/contact). */
import { submitContact } from '../submissions/contact';
import { ContactSubmitInput, ContactSubmitOutput } from '../schemas/tools';
import { defineTool } from './tool';

export const contactSubmit = defineTool({
  name: 'contact_submit',
  title: 'Send a contact message',
  role: "sending the person's message to us",
  labels: { pl: 'Wiadomość kontaktowa', en: 'Contact message' },
  descriptions: {
    en:
      'Sends a message to the site owner by e-mail, as the contact form does; the answer goes to `email`. ' +
      'Needs `name` (≥ 2 characters), `email` and `message` (≥ 10 characters); `topic` and `locale` are optional. ' +
      'Set `listConsent: true` only when the person agreed to be kept on the contact list (segment Kontakt); otherwise leave it out. ' +
      'Ask the person for these details and confirm before sending. For a request for a quote or a project, prefer service_inquiry_submit.',
    pl:
      'Wysyła e-mailem wiadomość do właściciela strony, tak jak formularz kontaktowy; odpowiedź trafi na adres `email`. ' +
      'Wymaga `name` (co najmniej 2 znaki), `email` i `message` (co najmniej 10 znaków); `topic` i `locale` są opcjonalne. ' +
      'Ustaw `listConsent: true` tylko wtedy, gdy rozmówca zgodził się na zachowanie adresu na liście kontaktów (segment Kontakt); inaczej pomiń to pole. ' +
      'Zbierz te dane od rozmówcy i potwierdź je przed wysłaniem. Prośbę o wycenę lub projekt lepiej wysłać przez service_inquiry_submit.',
  },
  input: ContactSubmitInput,
  output: ContactSubmitOutput,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  needsApproval: true,
  budget: 'contact',
  scope: 'mcp:tools:inquiry',
  example: { name: 'Anna Kowalska', email: 'anna@example.org', message: 'Dzień dobry, proszę o kontakt w sprawie strony fundacji.', locale: 'pl' },
  async run(input) {
    await submitContact(input);
    const message =
      input.locale === 'pl'
        ? 'Wiadomość wysłana. Odpowiemy na podany adres e-mail.'
        : 'Message sent. We will answer at the given e-mail address.';
    return { data: { ok: true as const, message }, text: message };
  },
});
