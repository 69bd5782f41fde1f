/** newsletter_unsubscribe: the same function as POST /api/newsletter/unsubscribe. */
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
  async run(input) {
    await unsubscribe(input);
    const message = 'The address is unsubscribed. / Adres wypisany z newslettera.';
    return { data: { ok: true as const, message }, text: message };
  },
});
