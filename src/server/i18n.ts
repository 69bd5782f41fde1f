/** Locales and the path of every kind of page in each (one place, used by pages and documents). */
export const locales = ['pl', 'en'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'pl';

export function isLocale(value: unknown): value is Locale {
  return value === 'pl' || value === 'en';
}

export function otherLocale(locale: Locale): Locale {
  return locale === 'pl' ? 'en' : 'pl';
}

const segments = {
  articles: { pl: 'artykuly', en: 'articles' },
  tag: { pl: 'tag', en: 'tag' },
  page: { pl: 'strona', en: 'page' },
  services: { pl: 'uslugi', en: 'services' },
  pricing: { pl: 'cennik', en: 'pricing' },
  contact: { pl: 'kontakt', en: 'contact' },
  consultation: { pl: 'konsultacja', en: 'consultation' },
  newsletterConfirm: { pl: 'newsletter/potwierdz', en: 'newsletter/confirm' },
  newsletterUnsubscribe: { pl: 'newsletter/wypisz', en: 'newsletter/unsubscribe' },
  consultationCancel: { pl: 'konsultacja/odwolaj', en: 'consultation/cancel' },
  caseStudies: { pl: 'realizacje', en: 'case-studies' },
} as const;

const prefix = (locale: Locale) => (locale === 'pl' ? '' : '/en');

/** Site-relative paths, always with a trailing slash (pages are built as directories). */
export const paths = {
  home: (locale: Locale) => `${prefix(locale)}/`,
  articles: (locale: Locale, page = 1) =>
    `${prefix(locale)}/${segments.articles[locale]}/${page > 1 ? `${segments.page[locale]}/${page}/` : ''}`,
  article: (locale: Locale, slug: string) => `${prefix(locale)}/${segments.articles[locale]}/${slug}/`,
  tag: (locale: Locale, tag: string) => `${prefix(locale)}/${segments.articles[locale]}/${segments.tag[locale]}/${tag}/`,
  services: (locale: Locale) => `${prefix(locale)}/${segments.services[locale]}/`,
  service: (locale: Locale, slug: string) => `${prefix(locale)}/${segments.services[locale]}/${slug}/`,
  pricing: (locale: Locale) => `${prefix(locale)}/${segments.pricing[locale]}/`,
  contact: (locale: Locale) => `${prefix(locale)}/${segments.contact[locale]}/`,
  consultation: (locale: Locale) => `${prefix(locale)}/${segments.consultation[locale]}/`,
  caseStudies: (locale: Locale) => `${prefix(locale)}/${segments.caseStudies[locale]}/`,
  caseStudy: (locale: Locale, slug: string) => `${prefix(locale)}/${segments.caseStudies[locale]}/${slug}/`,
  /** On-demand pages opened from mails: confirm a subscription, unsubscribe, cancel a booking. */
  newsletterConfirm: (locale: Locale) => `${prefix(locale)}/${segments.newsletterConfirm[locale]}/`,
  newsletterUnsubscribe: (locale: Locale) => `${prefix(locale)}/${segments.newsletterUnsubscribe[locale]}/`,
  consultationCancel: (locale: Locale) => `${prefix(locale)}/${segments.consultationCancel[locale]}/`,
  /** Free-standing pages (privacy policy, webhook policy) use their slug at the locale root. */
  page: (locale: Locale, slug: string) => `${prefix(locale)}/${slug}/`,
  rss: (locale: Locale) => `${prefix(locale)}/rss.xml`,
  /** The on-demand provider status page. */
  status: (locale: Locale) => `${prefix(locale)}/status/`,
};

/** The Markdown twin of a page: the page's URL with `.md` (trailing slash dropped). */
export function markdownTwin(path: string): string {
  return `${path.replace(/\/$/, '')}.md`;
}
