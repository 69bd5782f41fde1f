/** newsletter_subscribe: the same function as POST /api/subscribe. */
import { subscribe } from '../actions/newsletter';
import { NewsletterSubscribeInput, NewsletterSubscribeOutput } from '../schemas/tools';
import { defineTool } from './tool';

export const newsletterSubscribe = defineTool({
  name: 'newsletter_subscribe',
  title: 'Subscribe to the newsletter',
  labels: { pl: 'Zapis do newslettera', en: 'Newsletter sign-up' },
  description:
    'Adds an e-mail address to the newsletter. Needs `email` and `consent: true`, which you may send only after the person ' +
    'has explicitly agreed to receive the newsletter; `locale` (pl or en) chooses its language. Subscribing twice changes nothing.',
  input: NewsletterSubscribeInput,
  output: NewsletterSubscribeOutput,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  scope: 'mcp:tools:inquiry',
  example: { email: 'anna@example.org', consent: true, locale: 'pl' },
  async run(input) {
    // Whether the address was already on the list is not revealed (no address enumeration).
    await subscribe(input);
    const message = input.locale === 'pl' ? 'Adres zapisany do newslettera.' : 'The address is subscribed to the newsletter.';
    return { structured: { ok: true as const, message }, text: message };
  },
});
