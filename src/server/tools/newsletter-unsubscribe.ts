/** newsletter_unsubscribe: the same function as POST /api/newsletter/unsubscribe (a removed subscriber is mailed a notice). */
import { unsubscribe } from '../submissions/newsletter';
import { NewsletterUnsubscribeInput, NewsletterUnsubscribeOutput } from '../schemas/tools';
import { defineTool, toolTexts } from './tool';

export const newsletterUnsubscribe = defineTool({
  name: 'newsletter_unsubscribe',
  title: 'Unsubscribe from the newsletter',
  role: 'unsubscribing an address from the newsletter',
  ...toolTexts('newsletter_unsubscribe'),
  input: NewsletterUnsubscribeInput,
  output: NewsletterUnsubscribeOutput,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  needsApproval: true,
  budget: 'unsubscribe',
  scope: 'mcp:tools:inquiry',
  example: { email: 'anna@example.org' },
  async run(input, context) {
    await unsubscribe(input, { locale: context.locale });
    const message =
      'The address is unsubscribed; if it was on the list, it is mailed a notice with a link to subscribe again. / ' +
      'Adres wypisany z newslettera; jeśli był na liście, dostanie e-mail z powiadomieniem i linkiem do ponownego zapisu.';
    return { data: { ok: true as const, message }, text: message };
  },
});
