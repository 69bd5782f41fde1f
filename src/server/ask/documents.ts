/**
 * Catalog records → the documents /ask indexes. A pure function over the catalog (no Astro, no
 * settings), so the bench can feed it generated records. A record is indexed as its kind's registry
 * entry says (src/server/catalog/content-types/: its text, what its page shows beyond the body, or
 * documents of its own, such as the pricing page's sections); contact and consultation are flows with
 * their own words in both languages.
 */
import { fill } from '../../i18n/fill.ts';
import { ui } from '../../i18n/ui.ts';
import { flowKeywords } from './flow-keywords.ts';
import { listingDocuments } from './listing-documents.ts';
import { contentTypeOf, contentTypes, type AnyContentType } from '../catalog/content-types/index.ts';
import type { Catalog, CatalogRecord } from '../catalog/index.ts';
import { type Locale } from '../base/i18n.ts';
import { paths } from '../base/urls.ts';
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

export { sectionId } from './pricing-documents.ts';
/** The /ask result id of a flow (`contact:pl`, `consultation:en`). */
export const flowId = (flow: 'contact' | 'consultation', locale: Locale) => `${flow}:${locale}`;

/** A record's document: its text, with what its page shows beyond the body (`extra`, the kind's `ask.text`). */
function recordDocument(record: CatalogRecord, extra: string): AskDocument {
  return {
    id: record.id,
    type: record.type,
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

/**
 * Everything /ask can answer with, in both locales, with the example questions each answers: each
 * record as its kind says (`ask` of its registry entry), then the flows and the listings (listing-documents.ts).
 */
export function documentsFromCatalog(catalog: AskCatalog, siteUrl: string, types: readonly AnyContentType[] = contentTypes): AskDocument[] {
  const documents: AskDocument[] = [];
  for (const record of catalog.records) {
    const { ask } = contentTypeOf(record.type, types);
    if (!ask) continue;
    if (ask.documents) documents.push(...ask.documents(record, catalog));
    else documents.push(recordDocument(record, ask.text?.(record, catalog) ?? ''));
  }
  for (const locale of ['pl', 'en'] as const) {
    if (catalog.site[locale]) documents.push(...flowDocuments(catalog, siteUrl, locale), ...listingDocuments(siteUrl, locale));
  }
  return catalog.questions ? withExampleQuestions(documents, catalog.questions) : documents;
}
