/** Interface strings of the site in both languages (content lives in content/, not here). */
import type { Locale } from './i18n';

export const ui = {
  pl: {
    skip: 'Przejdź do treści',
    nav: { services: 'Usługi', articles: 'Artykuły', pricing: 'Cennik', consultation: 'Konsultacja', contact: 'Kontakt' },
    mainNav: 'Nawigacja główna',
    switchTo: 'English',
    switchLabel: 'Read this page in English',
    footer: { privacy: 'Polityka prywatności', webhooks: 'Webhooki', status: 'Status', forAgents: 'Dla agentów AI', rss: 'RSS' },
  },
  en: {
    skip: 'Skip to content',
    nav: { services: 'Services', articles: 'Articles', pricing: 'Pricing', consultation: 'Consultation', contact: 'Contact' },
    mainNav: 'Main navigation',
    switchTo: 'Polski',
    switchLabel: 'Przeczytaj tę stronę po polsku',
    footer: { privacy: 'Privacy policy', webhooks: 'Webhooks', status: 'Status', forAgents: 'For AI agents', rss: 'RSS' },
  },
} as const satisfies Record<Locale, unknown>;
