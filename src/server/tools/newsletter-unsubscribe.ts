/** newsletter_unsubscribe: the same function as POST /api/newsletter/unsubscribe. */
import { unsubscribe } from '../actions/newsletter';
import { NewsletterUnsubscribeInput, NewsletterUnsubscribeOutput } from '../schemas/tools';
import { defineTool } from './tool';

export const newsletterUnsubscribe = defineTool({
  name: 'newsletter_unsubscribe',
  title: 'Unsubscribe from the newsletter',
  labels: { pl: 'Wypisanie z newslettera', en: 'Newsletter unsubscribe' },
  description:
    'Removes an e-mail address from the newsletter. Needs `email`. An address that was not subscribed is not an error ' +
    '(nothing is revealed about who is on the list). Confirm the address with the person first.',
  input: NewsletterUnsubscribeInput,
  output: NewsletterUnsubscribeOutput,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  scope: 'mcp:tools:inquiry',
  example: { email: 'anna@example.org' },
  async run(input) {
    await unsubscribe(input);
    const message = 'The address is unsubscribed. / Adres wypisany z newslettera.';
    return { structured: { ok: true as const, message }, text: message };
  },
});
