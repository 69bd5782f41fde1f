/** A small catalog built by hand (no astro:content) for unit tests of the catalog helpers and documents. */
import { type Locale } from '../../src/server/base/i18n';
import { markdownTwin, paths } from '../../src/server/base/urls';
import { grossOf, type Catalog, type CatalogRecord, type PricingData, type RecordType, type SiteFacts } from '../../src/server/catalog/records';

export const siteUrl = 'https://example.org';

export function makeRecord(type: RecordType, locale: Locale, slug: string, fields: Partial<CatalogRecord> = {}): CatalogRecord {
  const path = fields.path ?? (type === 'article' ? paths.article(locale, slug) : type === 'service' ? paths.service(locale, slug) : type === 'pricing' ? paths.pricing(locale) : paths.page(locale, slug));
  const markdownPath = markdownTwin(path);
  return {
    id: `${type}:${locale}:${slug}`, type, locale, slug, key: fields.key ?? slug,
    title: `${type} ${slug} (${locale})`, summary: `Summary of ${slug} in ${locale}, long enough to be useful.`,
    path, url: `${siteUrl}${path}`, markdownPath, markdownUrl: `${siteUrl}${markdownPath}`,
    body: `Body of ${slug}.`, tags: [], prices: [], ...fields,
  };
}

function site(locale: Locale): SiteFacts {
  return {
    locale, name: 'Test Studio', tagline: locale === 'pl' ? 'Strony i wsparcie IT.' : 'Websites and IT support.',
    description: locale === 'pl' ? 'Opis firmy testowej, wystarczająco długi dla schematu.' : 'Description of the test company, long enough for the schema.',
    email: 'hello@example.org', phone: '+48 22 000 00 00', address: 'ul. Testowa 1, Warszawa', nip: '525-000-00-00',
    hours: 'Mon–Fri 9–17', languages: ['pl', 'en'], body: `Intro ${locale}.`,
  };
}

function pricing(locale: Locale): PricingData {
  return {
    title: locale === 'pl' ? 'Cennik' : 'Pricing', description: `Pricing ${locale} description, long enough.`, translationKey: 'pricing', currency: 'PLN', vatRate: 0.23,
    sections: [{ id: 'support', title: locale === 'pl' ? 'Opieka IT' : 'IT support', items: [
      { id: 'support-basic', name: 'Basic', summary: 'Monthly support | for up to 5 people', priceNet: 500, billing: 'monthly', from: false, features: ['remote help'] },
      { id: 'hourly', name: 'Hour', summary: 'An hour of work on request', priceNet: 150, billing: 'hourly', from: true, features: [] },
    ] }],
    consultation: { name: locale === 'pl' ? 'Bezpłatna konsultacja' : 'Free consultation', summary: 'A short call about your needs.', priceNet: 0, durationMinutes: 30 },
  };
}

/** Two locales; 8 Polish articles (two pages of 6), 1 English article translating one of them. */
export function makeCatalog(): Catalog {
  const records: CatalogRecord[] = [];
  for (let day = 1; day <= 8; day++) {
    records.push(makeRecord('article', 'pl', `artykul-${day}`, { key: `article-${day}`, published: new Date(Date.UTC(2026, 0, day)), tags: day % 2 ? ['bezpieczenstwo'] : ['strony', 'bezpieczenstwo'], title: day === 3 ? 'Title with [brackets] ' : `Artykuł ${day}` }));
  }
  records.push(makeRecord('article', 'en', 'article-3', { key: 'article-3', published: new Date(Date.UTC(2026, 0, 3)), tags: ['security'] }));
  records.push(makeRecord('service', 'pl', 'strony', { key: 'web' }), makeRecord('service', 'en', 'websites', { key: 'web' }));
  records.push(makeRecord('pricing', 'pl', 'cennik', { key: 'pricing' }), makeRecord('pricing', 'en', 'pricing', { key: 'pricing' }));
  records.push(makeRecord('page', 'pl', 'polityka-prywatnosci', { key: 'privacy' }), makeRecord('page', 'en', 'privacy-policy', { key: 'privacy' }), makeRecord('page', 'pl', 'webhooks', { key: 'webhooks' }));
  const service = (locale: Locale, slug: string) => ({
    title: `Service ${slug}`, description: 'A service description long enough.', translationKey: 'web', order: 1,
    deliverables: ['A website', 'Training'], process: [{ step: 'Talk', description: 'We talk about goals.' }, { step: 'Build', description: 'We build the site.' }],
    duration: '4–8 weeks', priceItem: 'website-start', priceFromNet: 4900, faq: [{ question: 'How long?', answer: 'Four to eight weeks.' }, { question: 'Who edits?', answer: 'You do, after training.' }],
    tags: ['web'], slug, path: paths.service(locale, slug), url: `${siteUrl}${paths.service(locale, slug)}`,
  });
  return {
    records, questions: [], byId: new Map(records.map((item) => [item.id, item])),
    site: { pl: site('pl'), en: site('en') },
    pricing: { pl: pricing('pl'), en: pricing('en') },
    services: { pl: [service('pl', 'strony')], en: [service('en', 'websites')] },
  };
}

export { grossOf };
