/** newsletter_unsubscribe: the same function as POST /api/newsletter/unsubscribe. */
import { unsubscribe } from '../submissions/newsletter';
import { NewsletterUnsubscribeInput, NewsletterUnsubscribeOutput } from '../schemas/tools';
import { defineTool } from './tool';

export const newsletterUnsubscribe = defineTool({
  name: 'newsletter_unsubscribe',
  title: 'Unsubscribe from the newsletter',
  role: 'unsubscribing an address from the newsletter',
  labels: { pl: 'Wypisanie z newslettera', en: 'Newsletter unsubscribe' },
  descriptions: {
    en:
      'Removes an e-mail address from the newsletter. Needs `email`. An address that was not subscribed is not an error ' +
      '(nothing is revealed about who is on the list). Confirm the address with the person first.',
    pl:
      'Wypisuje adres e-mail z newslettera. Wymaga `email`. Adres, którego nie było na liście, nie jest błędem ' +
      '(nie ujawniamy, kto jest zapisany). Najpierw potwierdź adres z rozmówcą.',
  },
  input: NewsletterUnsubscribeInput,
  output: NewsletterUnsubscribeOutput,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  needsApproval: true,
  budget: 'unsubscribe',
  scope: 'mcp:tools:inquiry',
  example: { email: 'anna@example.org' },
  async run(input) {
    await unsubscribe(input);
    const message = 'The address is unsubscribed. / Adres wypisany z newslettera.';
    return { data: { ok: true as const, message }, text: message };
  },
});
