import { describe, expect, it } from 'vitest';
import type { CatalogRecord } from '../../src/server/catalog';
import { documentsFromCatalog, type AskCatalog } from '../../src/server/ask/documents';

const site = 'https://example.org';
function record(fields: Partial<CatalogRecord> & Pick<CatalogRecord, 'type' | 'locale' | 'slug' | 'path'>): CatalogRecord {
  const markdownPath = `${fields.path.replace(/\/$/, '')}.md`;
  return {
    id: `${fields.type}:${fields.locale}:${fields.slug}`, key: fields.slug, title: 'Title', summary: 'Summary', url: `${site}${fields.path}`,
    markdownPath, markdownUrl: `${site}${markdownPath}`, body: '', tags: [], prices: [], ...fields,
  };
}

const facts = { name: 'Firma', tagline: 'Strony i IT dla NGO', description: 'x'.repeat(30), email: 'biuro@example.org', phone: '+48 22 000 00 00', address: 'ul. Prosta 1', nip: '525-000-00-00', hours: 'pon.–pt. 9–17', languages: ['polski'], body: '' };
const catalog = {
  records: [
    record({ type: 'article', locale: 'pl', slug: 'kopie', path: '/artykuly/kopie/', tags: ['bezpieczenstwo'], body: 'Tekst.' }),
    record({ type: 'service', locale: 'en', slug: 'web-design', path: '/en/services/web-design/' }),
    record({
      type: 'pricing', locale: 'pl', slug: 'cennik', key: 'pricing', title: 'Cennik', path: '/cennik/',
      prices: [{ id: 'start', section: 'websites', name: 'Start', summary: 'Wizytówka', net: 4900, gross: 6027, vatRate: 0.23, currency: 'PLN', billing: 'one_time', from: true, features: ['5 podstron'] }],
    }),
    record({ type: 'page', locale: 'pl', slug: 'polityka-prywatnosci', path: '/polityka-prywatnosci/' }),
  ],
  site: { pl: { ...facts, locale: 'pl' }, en: { ...facts, locale: 'en' } },
  pricing: {
    pl: { sections: [{ id: 'websites', title: 'Strony internetowe', items: [] }], consultation: { name: 'Bezpłatna konsultacja', summary: '30 minut rozmowy.', priceNet: 0, durationMinutes: 30 } },
  },
  services: { en: [{ slug: 'web-design', deliverables: ['A design', 'A site'], process: [{ step: 'Workshop', description: 'We learn your goals.' }], faq: [{ question: 'Can I edit it?', answer: 'Yes, in a simple panel.' }] }] },
} as unknown as AskCatalog;

const documents = documentsFromCatalog(catalog, site);
const byId = new Map(documents.map((document) => [document.id, document]));

describe('/ask documents from the catalog', () => {
  it('keeps articles, services and the other pages with their page and Markdown twin URLs', () => {
    expect(byId.get('article:pl:kopie')).toMatchObject({ type: 'article', url: `${site}/artykuly/kopie/`, source: `${site}/artykuly/kopie.md`, tags: ['bezpieczenstwo'] });
    expect(byId.get('page:pl:polityka-prywatnosci')).toMatchObject({ type: 'page', url: `${site}/polityka-prywatnosci/`, source: `${site}/polityka-prywatnosci.md` });
  });

  it("indexes a service's deliverables, steps and FAQ", () => {
    expect(byId.get('service:en:web-design')?.body).toContain('Can I edit it? Yes, in a simple panel.');
    expect(byId.get('service:en:web-design')?.body).toContain('Workshop. We learn your goals.');
  });

  it('makes the pricing page and each of its sections a resource, with the section as URL fragment and prices in words', () => {
    expect(byId.get('pricing:pl:cennik')).toMatchObject({ type: 'pricing', url: `${site}/cennik/` });
    const section = byId.get('pricing:pl:cennik#websites')!;
    expect(section).toMatchObject({ title: 'Cennik: Strony internetowe', url: `${site}/cennik/#section-websites`, source: `${site}/cennik.md` });
    expect(section.summary).toContain('Start: od 4900 zł netto');
    expect(section.keywords).toContain('kosztuje');
    // How prices are stated (VAT, net, gross) is the page's subject, not a section's.
    expect(section.keywords).not.toContain('VAT');
    expect(byId.get('pricing:pl:cennik')?.keywords).toContain('VAT');
  });

  it('adds the contact and consultation flows in both languages with their own words and the company facts', () => {
    expect(byId.get('contact:pl')).toMatchObject({ type: 'contact', url: `${site}/kontakt/`, source: `${site}/kontakt/` });
    expect(byId.get('contact:pl')?.summary).toContain('biuro@example.org');
    expect(byId.get('contact:en')?.keywords).toContain('get in touch');
    expect(byId.get('consultation:pl')).toMatchObject({ title: 'Bezpłatna konsultacja', url: `${site}/konsultacja/`, summary: '30 minut rozmowy.' });
    expect(byId.get('consultation:en')).toMatchObject({ title: 'Free consultation', url: `${site}/en/consultation/` });
    expect(byId.get('consultation:en')?.keywords).toContain('book a call');
  });

  it('gives each document the example questions asked of it: pages, pricing sections and flows alike', () => {
    const questions = [
      { query: 'jak nie stracić plików', locale: 'pl' as const, expected: 'article:pl:kopie', kind: 'paraphrase' as const },
      { query: 'ile za wizytówkę', locale: 'pl' as const, expected: 'pricing:pl:cennik#websites', kind: 'intent-pricing' as const },
      { query: 'can I phone you', locale: 'en' as const, expected: 'contact:en', kind: 'intent-contact' as const },
      { query: 'a page that is gone', locale: 'en' as const, expected: 'article:en:gone', kind: 'topic' as const },
    ];
    const taught = new Map(documentsFromCatalog({ ...catalog, questions }, site).map((document) => [document.id, document]));
    expect(taught.get('article:pl:kopie')?.questions).toEqual(['jak nie stracić plików']);
    expect(taught.get('pricing:pl:cennik#websites')?.questions).toEqual(['ile za wizytówkę']);
    expect(taught.get('contact:en')?.questions).toEqual(['can I phone you']);
    expect([...taught.values()].filter((document) => document.questions).length).toBe(3);
    expect(byId.get('article:pl:kopie')?.questions).toBeUndefined();
  });
});
