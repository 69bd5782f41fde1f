/** newsletter_subscribe: the same function as POST /api/subscribe. */
import { subscribe } from '../submissions/newsletter';
import { NewsletterSubscribeInput, NewsletterSubscribeOutput } from '../schemas/tools';
import { ui } from '../../i18n/ui';
import { defineTool, toolTexts } from './tool';

export const newsletterSubscribe = defineTool({
  name: 'newsletter_subscribe',
  title: 'Subscribe to the newsletter',
  role: 'subscribing the person to the newsletter (needs their explicit consent)',
  ...toolTexts('newsletter_subscribe'),
  input: NewsletterSubscribeInput,
  output: NewsletterSubscribeOutput,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  needsApproval: true,
  budget: 'subscribe',
  scope: 'mcp:tools:inquiry',
  example: { email: 'anna@example.org', consent: true, locale: 'pl' },
  async run(input) {
    // Whether the address was already on the list is not revealed (no address enumeration).
    const { outcome, confirmationDelivered } = await subscribe(input);
    const t = ui[input.locale === 'pl' ? 'pl' : 'en'].tools.newsletter_subscribe;
    const message = outcome !== 'pending' ? t.subscribed : confirmationDelivered === false ? t.pendingUndelivered : t.pending;
    return { data: { ok: true as const, message }, text: message };
  },
});
