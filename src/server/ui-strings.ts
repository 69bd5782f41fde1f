/** Interface strings of the site in both languages (content lives in content/, not here). */
import type { Locale } from './i18n';

export const ui = {
  pl: {
    skip: 'Przejdź do treści',
    nav: { services: 'Usługi', articles: 'Artykuły', pricing: 'Cennik', consultation: 'Konsultacja', contact: 'Kontakt' },
    mainNav: 'Nawigacja główna',
    footerNav: 'Linki w stopce',
    switchTo: 'English',
    switchLabel: 'Read this page in English',
    footer: { privacy: 'Polityka prywatności', about: 'O nas', webhooks: 'Webhooki', status: 'Status', forAgents: 'Dla agentów AI', rss: 'RSS' },
    home: {
      services: 'Usługi', allServices: 'Wszystkie usługi', latest: 'Najnowsze artykuły', allArticles: 'Wszystkie artykuły',
      ctaTitle: 'Bezpłatna konsultacja', ctaText: (minutes: number) => `Porozmawiajmy ${minutes} minut o tym, czego potrzebuje Twoja organizacja. Bez zobowiązań.`,
      ctaButton: 'Umów konsultację', contactButton: 'Napisz do nas',
    },
    service: { deliverables: 'Co otrzymujesz', process: 'Jak pracujemy', duration: 'Typowy czas realizacji', priceFrom: 'Cena od', net: 'netto', gross: 'brutto', faq: 'Najczęstsze pytania', seePricing: 'Zobacz cennik', ask: 'Zapytaj o tę usługę' },
    articles: {
      title: 'Artykuły', description: 'Praktyczne porady o stronach internetowych, bezpieczeństwie IT i automatyzacji dla fundacji, stowarzyszeń i małych firm.',
      tags: 'Tematy', page: (page: number, count: number) => `Strona ${page} z ${count}`, pagination: 'Stronicowanie',
      previous: 'Nowsze', next: 'Starsze', tagTitle: (tag: string) => `Artykuły: ${tag}`,
      tagDescription: (tag: string, count: number) => `${count} ${count === 1 ? 'artykuł' : count < 5 ? 'artykuły' : 'artykułów'} na temat „${tag}”.`,
      published: 'Opublikowano', updated: 'Zaktualizowano', reading: (minutes: number) => `${minutes} min czytania`,
      translation: 'Ten artykuł po angielsku', noTranslation: 'Artykuł nie ma jeszcze wersji angielskiej.', markdown: 'Wersja Markdown',
    },
    pricing: { vatNote: (vat: string) => `Ceny w złotych. Podajemy ceny netto i brutto (z VAT ${vat}).`, item: 'Pakiet', billing: 'Rozliczenie', net: 'Netto', gross: 'Brutto', from: 'od', consultation: 'Konsultacja', free: 'bezpłatnie', minutes: 'min', book: 'Umów konsultację', markdown: 'Cennik w Markdown' },
    contact: {
      title: 'Kontakt', description: 'Napisz do nas: odpowiadamy w ciągu jednego dnia roboczego.', facts: 'Dane kontaktowe',
      email: 'E-mail', phone: 'Telefon', address: 'Adres', hours: 'Godziny pracy', nip: 'NIP',
    },
    form: {
      title: 'Formularz kontaktowy', name: 'Imię i nazwisko', email: 'Adres e-mail', topic: 'Temat', message: 'Wiadomość', submit: 'Wyślij wiadomość',
      noscript: (email: string) => `Formularz wymaga JavaScriptu. Możesz też napisać bezpośrednio na ${email}.`,
      privacy: 'Dane z formularza wykorzystujemy tylko do odpowiedzi na wiadomość.',
    },
    newsletter: {
      title: 'Newsletter', text: 'Raz w miesiącu: praktyczne porady o IT i automatyzacji dla organizacji. Bez spamu.', email: 'Adres e-mail',
      consent: 'Zgadzam się na otrzymywanie newslettera. Mogę się wypisać w każdej chwili.', submit: 'Zapisz się',
      noscript: (email: string) => `Zapis wymaga JavaScriptu. Możesz też poprosić o zapis, pisząc na ${email}.`,
    },
    consultation: {
      title: 'Bezpłatna konsultacja', what: 'Czym jest konsultacja', duration: 'Czas trwania', price: 'Cena', free: 'bezpłatnie', minutes: 'minut',
      how: 'Jak się umówić', steps: ['Wybierz dogodny termin.', 'Potwierdź imię i adres e-mail.', 'Otrzymasz zaproszenie do kalendarza z linkiem do rozmowy.'],
      book: 'Wybierz termin w kalendarzu', slots: 'Wolne terminy',
    },
    notFound: { title: 'Nie znaleziono strony', text: 'Ta strona nie istnieje albo została przeniesiona.', home: 'Strona główna' },
    status: {
      title: 'Status usługi', description: 'Którzy dostawcy są skonfigurowani w tym wdrożeniu i czy odpowiadają.', provider: 'Usługa', configured: 'Konfiguracja', state: 'Stan', detail: 'Szczegóły', checked: 'Sprawdzono', json: 'Wersja JSON',
    },
  },
  en: {
    skip: 'Skip to content',
    nav: { services: 'Services', articles: 'Articles', pricing: 'Pricing', consultation: 'Consultation', contact: 'Contact' },
    mainNav: 'Main navigation',
    footerNav: 'Footer links',
    switchTo: 'Polski',
    switchLabel: 'Przeczytaj tę stronę po polsku',
    footer: { privacy: 'Privacy policy', about: 'About us', webhooks: 'Webhooks', status: 'Status', forAgents: 'For AI agents', rss: 'RSS' },
    home: {
      services: 'Services', allServices: 'All services', latest: 'Latest articles', allArticles: 'All articles',
      ctaTitle: 'Free consultation', ctaText: (minutes: number) => `Let's spend ${minutes} minutes on what your organisation needs. No strings attached.`,
      ctaButton: 'Book a consultation', contactButton: 'Write to us',
    },
    service: { deliverables: 'What you get', process: 'How we work', duration: 'Typical duration', priceFrom: 'Price from', net: 'net', gross: 'gross', faq: 'Frequently asked questions', seePricing: 'See pricing', ask: 'Ask about this service' },
    articles: {
      title: 'Articles', description: 'Practical advice on websites, IT security and automation for foundations, associations and small companies.',
      tags: 'Topics', page: (page: number, count: number) => `Page ${page} of ${count}`, pagination: 'Pagination',
      previous: 'Newer', next: 'Older', tagTitle: (tag: string) => `Articles: ${tag}`,
      tagDescription: (tag: string, count: number) => `${count} article${count === 1 ? '' : 's'} about “${tag}”.`,
      published: 'Published', updated: 'Updated', reading: (minutes: number) => `${minutes} min read`,
      translation: 'This article in Polish', noTranslation: 'This article has no Polish version yet.', markdown: 'Markdown version',
    },
    pricing: { vatNote: (vat: string) => `Prices in Polish złoty (PLN), net and gross (with ${vat} VAT).`, item: 'Package', billing: 'Billing', net: 'Net', gross: 'Gross', from: 'from', consultation: 'Consultation', free: 'free of charge', minutes: 'min', book: 'Book a consultation', markdown: 'Pricing in Markdown' },
    contact: {
      title: 'Contact', description: 'Write to us: we answer within one working day.', facts: 'Contact details',
      email: 'E-mail', phone: 'Phone', address: 'Address', hours: 'Office hours', nip: 'Tax id (NIP)',
    },
    form: {
      title: 'Contact form', name: 'Full name', email: 'E-mail address', topic: 'Topic', message: 'Message', submit: 'Send message',
      noscript: (email: string) => `The form needs JavaScript. You can also write directly to ${email}.`,
      privacy: 'We use the data from this form only to answer your message.',
    },
    newsletter: {
      title: 'Newsletter', text: 'Once a month: practical advice on IT and automation for organisations. No spam.', email: 'E-mail address',
      consent: 'I agree to receive the newsletter. I can unsubscribe at any time.', submit: 'Subscribe',
      noscript: (email: string) => `Subscribing needs JavaScript. You can also ask to be subscribed by writing to ${email}.`,
    },
    consultation: {
      title: 'Free consultation', what: 'What the consultation is', duration: 'Duration', price: 'Price', free: 'free of charge', minutes: 'minutes',
      how: 'How to book', steps: ['Pick a time that suits you.', 'Confirm your name and e-mail address.', 'You receive a calendar invitation with the call link.'],
      book: 'Pick a time in the calendar', slots: 'Free slots',
    },
    notFound: { title: 'Page not found', text: 'This page does not exist or has moved.', home: 'Home page' },
    status: {
      title: 'Service status', description: 'Which providers this deployment has configured and whether each answers.', provider: 'Service', configured: 'Configuration', state: 'State', detail: 'Details', checked: 'Checked', json: 'JSON version',
    },
  },
} as const satisfies Record<Locale, unknown>;

export type UiStrings = (typeof ui)[Locale];
