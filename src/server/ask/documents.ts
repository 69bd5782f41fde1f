/**
 * Catalog records → the documents /ask indexes. A pure function over the catalog (no Astro, no
 * settings), so the bench can feed it generated records. Articles, services and case studies index their text;
 * the pricing page is one document plus one per section (a question about website prices should land
 * on that section); contact and consultation are flows with their own words in both languages.
 */
import { fill } from '../../i18n/fill.ts';
import { ui } from '../../i18n/ui.ts';
import { formatNetGross } from '../money.ts';
import { flowKeywords } from './flow-keywords.ts';
import type { Catalog, CatalogRecord } from '../catalog/index.ts';
import { type Locale } from '../i18n.ts';
import { paths } from '../urls.ts';
import type { AskResultType } from '../schemas/ask.ts';
import { isOffTopic, type ExampleQuestion } from '../schemas/content.ts';

export interface AskDocument {
  id: string;
  type: AskResultType;
  locale: Locale;
  /** Same value for a resource and its translation. */
  key: string;
  title: string;
  summary: string;
  url: string;
  source: string;
  tags: string[];
  /** Phrasings people use for this resource, indexed with a high boost: the flows' and pricing's own, and the editors' front-matter `searchTerms`. */
  keywords: string;
  body: string;
  /** Questions visitors ask that this document answers (content/questions/), indexed with it. */
  questions?: readonly string[];
  /** A pricing section: the translation keys of the services it prices (its items' `service`). */
  servicesPriced?: string[];
}

/** What the documents are built from: the parts of the catalog /ask reads. */
export type AskCatalog = Pick<Catalog, 'records' | 'site' | 'pricing' | 'caseStudies'> & {
  services?: Partial<Catalog['services']>;
  questions?: Catalog['questions'];
};

/** The /ask result id of a pricing section: its page's id and the section's (`pricing:pl:cennik#websites`). */
export const sectionId = (pageId: string, section: string) => `${pageId}#${section}`;
/** The /ask result id of a flow (`contact:pl`, `consultation:en`). */
export const flowId = (flow: 'contact' | 'consultation', locale: Locale) => `${flow}:${locale}`;

function articleOrService(record: CatalogRecord, extra: string): AskDocument {
  return {
    id: record.id,
    type: record.type as 'article' | 'service' | 'page' | 'case_study',
    locale: record.locale,
    key: record.key,
    title: record.title,
    summary: record.summary,
    url: record.url,
    source: record.markdownUrl,
    tags: record.tags,
    keywords: (record.searchTerms ?? []).join(' · '),
    body: extra ? `${record.body}\n${extra}` : record.body,
  };
}

function priceLabel(locale: Locale, price: CatalogRecord['prices'][number]): string {
  const per = price.billing === 'monthly' ? ` ${ui[locale].askFlows.perMonth}` : price.billing === 'hourly' ? ` ${ui[locale].askFlows.perHour}` : '';
  return `${price.name}: ${formatNetGross('net', price.net, locale, price.from)}${per}`;
}

function pricingDocuments(record: CatalogRecord, catalog: AskCatalog): AskDocument[] {
  const locale = record.locale;
  const data = catalog.pricing[locale];
  const page: AskDocument = {
    id: record.id,
    type: 'pricing',
    locale,
    key: record.key,
    title: record.title,
    summary: record.summary,
    url: record.url,
    source: record.markdownUrl,
    tags: [],
    keywords: [flowKeywords.pricing[locale], flowKeywords.priceTerms[locale], ...(record.searchTerms ?? [])].join(' · '),
    body: record.body,
  };
  const sections = (data?.sections ?? []).map((section): AskDocument => {
    const items = record.prices.filter((price) => price.section === section.id);
    return {
      id: sectionId(record.id, section.id),
      type: 'pricing',
      locale,
      key: `${record.key}#${section.id}`,
      title: `${record.title}: ${section.title}`,
      summary: [section.intro, items.map((price) => priceLabel(locale, price)).join('; ')].filter(Boolean).join(' '),
      // The pricing page's heading anchor for the section (PricingPage.astro: id="section-<id>").
      url: `${record.url}#section-${section.id}`,
      source: record.markdownUrl,
      tags: [],
      keywords: [flowKeywords.pricing[locale], ...(section.searchTerms ?? [])].join(' · '),
      body: items.map((price) => `${price.name}. ${price.summary}. ${price.features.join('. ')}`).join('\n'),
      servicesPriced: [...new Set(section.items.flatMap((item) => (item.service ? [item.service] : [])))],
    };
  });
  return [page, ...sections];
}

function flowDocuments(catalog: AskCatalog, siteUrl: string, locale: Locale): AskDocument[] {
  const site = catalog.site[locale];
  const consultation = catalog.pricing[locale]?.consultation;
  const absolute = (path: string) => `${siteUrl}${path}`;
  const contactPath = paths.contact(locale);
  const consultationPath = paths.consultation(locale);
  const contactSummary = fill(ui[locale].askFlows.contactSummary, { email: site.email, phone: site.phone, hours: site.hours });
  const consultationSummary = consultation?.summary ?? ui[locale].askFlows.consultationSummary;
  return [
    {
      id: flowId('contact', locale),
      type: 'contact',
      locale,
      key: 'contact',
      title: ui[locale].askFlows.contact,
      summary: contactSummary,
      url: absolute(contactPath),
      // The flow pages have no Markdown twin (they are forms, not catalog records): the page is the source.
      source: absolute(contactPath),
      tags: [],
      keywords: flowKeywords.contact[locale],
      body: `${site.address} ${site.email} ${site.phone}`,
    },
    {
      id: flowId('consultation', locale),
      type: 'consultation',
      locale,
      key: 'consultation',
      title: consultation?.name ?? ui[locale].askFlows.consultation,
      summary: consultationSummary,
      url: absolute(consultationPath),
      source: absolute(consultationPath),
      tags: [],
      keywords: flowKeywords.consultation[locale],
      body: '',
    },
  ];
}

/**
 * The documents with the example questions each answers (content/questions/). A question whose
 * page no longer exists is left out (the content check reports it).
 */
export function withExampleQuestions(documents: readonly AskDocument[], examples: readonly Pick<ExampleQuestion, 'query' | 'expected'>[]): AskDocument[] {
  const byId = new Map<string, string[]>();
  for (const { query, expected } of examples) {
    const list = byId.get(expected);
    if (list) list.push(query);
    else byId.set(expected, [query]);
  }
  return documents.map((document) => (byId.has(document.id) ? { ...document, questions: byId.get(document.id) } : document));
}

/** The example questions no page answers (`off-topic.yaml`): neighbours that vote for nothing, never results. */
export function offTopicQuestions(examples: readonly Pick<ExampleQuestion, 'query' | 'expected'>[]): string[] {
  return examples.filter((example) => isOffTopic(example.expected)).map((example) => example.query);
}

/** Everything /ask can answer with, in both locales, with the example questions each answers. */
export function documentsFromCatalog(catalog: AskCatalog, siteUrl: string): AskDocument[] {
  const documents: AskDocument[] = [];
  for (const record of catalog.records) {
    // The site's other pages (about, privacy policy, webhooks) answer questions too: who the studio
    // is, what happens to a visitor's data, how to follow new articles by machine.
    if (record.type === 'article' || record.type === 'page') documents.push(articleOrService(record, ''));
    else if (record.type === 'service') {
      // The service page shows its deliverables, steps and FAQ: index them too.
      const data = catalog.services?.[record.locale]?.find((service) => service.slug === record.slug);
      const extra = data
        ? [
            ...data.deliverables,
            ...data.process.map((step) => `${step.step}. ${step.description}`),
            ...data.faq.map((entry) => `${entry.question} ${entry.answer}`),
          ].join('\n')
        : '';
      documents.push(articleOrService(record, extra));
    } else if (record.type === 'case_study') {
      // The case page shows the client, the problem, the work, the figures and the quote: index them too.
      const data = catalog.caseStudies?.[record.locale]?.find((item) => item.slug === record.slug);
      const extra = data
        ? [data.client.type, data.client.size, data.problem, ...data.work, ...data.results.map((result) => `${result.figure} ${result.label}`), data.quote.text].join('\n')
        : '';
      documents.push(articleOrService(record, extra));
    } else if (record.type === 'pricing') documents.push(...pricingDocuments(record, catalog));
  }
  for (const locale of ['pl', 'en'] as const) {
    if (catalog.site[locale]) documents.push(...flowDocuments(catalog, siteUrl, locale));
  }
  return catalog.questions ? withExampleQuestions(documents, catalog.questions) : documents;
}
