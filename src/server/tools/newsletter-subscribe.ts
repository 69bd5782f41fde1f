/** newsletter_subscribe: the same function as POST /api/subscribe. */
import { subscribe } from '../submissions/newsletter';
import { NewsletterSubscribeInput, NewsletterSubscribeOutput } from '../schemas/tools';
import { defineTool } from './tool';

export const newsletterSubscribe = defineTool({
  name: 'newsletter_subscribe',
  title: 'Subscribe to the newsletter',
  role: 'subscribing the person to the newsletter (needs their explicit consent)',
  labels: { pl: 'Zapis do newslettera', en: 'Newsletter sign-up' },
  descriptions: {
    en:
      'Adds an e-mail address to the newsletter. Needs `email` and `consent: true`, which you may send only after the person ' +
      'has explicitly agreed to receive the newsletter; `locale` (pl or en) chooses its language. With double opt-in (the default) ' +
      'the person then gets a confirmation e-mail and joins the list only by following its link. Subscribing twice changes nothing.',
    pl:
      'Zapisuje adres e-mail do newslettera. Wymaga `email` i `consent: true`, które wolno wysłać dopiero wtedy, gdy rozmówca ' +
      'wyraźnie zgodził się na otrzymywanie newslettera; `locale` (pl lub en) wybiera jego język. Przy podwójnym potwierdzeniu (domyślnie) ' +
      'rozmówca dostaje e-mail z linkiem i trafia na listę dopiero po jego kliknięciu. Ponowny zapis niczego nie zmienia.',
  },
  input: NewsletterSubscribeInput,
  output: NewsletterSubscribeOutput,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  needsApproval: true,
  budget: 'subscribe',
  scope: 'mcp:tools:inquiry',
  example: { email: 'anna@example.org', consent: true, locale: 'pl' },
  async run(input) {
    // Whether the address was already on the list is not revealed (no address enumeration).
    const { outcome } = await subscribe(input);
    const pending = outcome === 'pending';
    const message =
      input.locale === 'pl'
        ? pending
          ? 'Wysłaliśmy e-mail z linkiem potwierdzającym; adres trafi na listę po kliknięciu linku.'
          : 'Adres zapisany do newslettera.'
        : pending
          ? 'We sent an e-mail with a confirmation link; the address joins the list once the link is followed.'
          : 'The address is subscribed to the newsletter.';
    return { data: { ok: true as const, message }, text: message };
  },
});
