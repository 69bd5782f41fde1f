/**
 * How `/ask` finds a page, for its editor (`npm run content -- --ask <file>`): the index of the
 * content as it is, with the page, against the same index without it. It says
 * - which example questions of the neighbouring pages the page now wins (asked of both indexes, the
 *   neighbours being the pages that answer the page's own title and summary when it is not there);
 * - whether a question in the page's own words reaches it: its title, summary, search terms,
 *   headings and the questions its text asks, each asked as a visitor would, ranked. A page none of
 *   them finds first is flagged: visitors' questions, which share fewer of its words, will not either.
 * The same documents, example questions and index as the server (src/server/ask/), built from the
 * files as the relevance scripts build them (drafts included, so a draft can be tried).
 */
import { relative, resolve, sep } from 'node:path';
import { documentsFromCatalog, offTopicQuestions, withExampleQuestions, type AskDocument } from '../server/ask/documents';
import { buildAskIndex } from '../server/ask/engine';
import { allListingIds } from '../server/ask/listing-documents';
import { loadExampleQuestions, questionFileName, QUESTIONS_EXTENSION, QUESTIONS_FOLDER } from '../server/ask/example-questions';
import { fold } from '../server/ask/normalize';
import { phrasingsOf, STAND_IN_REPEATS } from '../server/ask/transfer';
import { locales, type Locale } from '../server/base/i18n';
import { contentTypes } from '../server/catalog/content-types';
import { catalogFromFiles } from '../server/catalog/from-files';
import { recordId } from '../server/catalog/records';
import { isOffTopic, type ExampleQuestion } from '../server/schemas/content';

/** The documents' links are never followed here: any origin does. */
const SITE_URL = 'http://localhost:4321';
/** How many pages that answer the page's own words count as its neighbours. */
const NEIGHBOURS = 5;
/** At most this many of the page's own phrasings are asked. */
const MAX_PROBES = 24;

export interface Probe {
  text: string;
  /** The page's rank for it (1 = first), 0 when not among the first ten. */
  rank: number;
  /** The first answer's id. */
  first?: string;
}

export interface Win {
  query: string;
  /** The page the question is an example of. */
  page: string;
  /** Was that page its first answer before? */
  wasFirst: boolean;
}

export interface PageReach {
  file: string;
  id: string;
  title: string;
  locale: Locale;
  /** Where its example questions are (or would be), under content/. */
  questionsFile: string;
  examples: number;
  probes: Probe[];
  /** Some question in its own words finds it first. */
  reached: boolean;
  neighbours: string[];
  /** How many of the neighbours' examples were asked. */
  asked: number;
  wins: Win[];
}

/** The /ask result id of a content file (`articles/pl/x.md` under the content folder), or undefined when /ask answers with no such page. */
export function pageIdOfFile(root: string, file: string): { id: string; locale: Locale } | undefined {
  const parts = relative(resolve(root), resolve(file)).split(sep);
  if (parts.length !== 3) return undefined;
  const [folder, locale, name] = parts as [string, string, string];
  const type = contentTypes.find((entry) => entry.folder === folder);
  if (!type || !type.ask || !(locales as readonly string[]).includes(locale) || !/\.mdx?$/.test(name)) return undefined;
  return { id: recordId(type.type, locale as Locale, name.replace(/\.mdx?$/, '')), locale: locale as Locale };
}

/** The content as /ask indexes it: its documents (drafts included) and example questions. */
export async function askContent(root: string): Promise<{ documents: AskDocument[]; examples: ExampleQuestion[]; offTopic: string[] }> {
  const { questions: _questions, ...catalog } = await catalogFromFiles(resolve(root), { siteUrl: SITE_URL, drafts: true });
  const all = loadExampleQuestions(resolve(root));
  return { documents: documentsFromCatalog(catalog, SITE_URL), examples: all.filter((item) => !isOffTopic(item.expected)), offTopic: offTopicQuestions(all) };
}

/** Case, diacritics and punctuation do not make two questions different (as the content check reads them). */
export const sameQuestion = (text: string) => fold(text).replace(/[^\p{L}\p{N}]+/gu, ' ').trim();

/** A page's own phrasings as a visitor types them: no closing full stop, at most MAX_PROBES. */
export function ownWords(document: AskDocument): string[] {
  return [...new Set(phrasingsOf(document).map((text) => text.replace(/[.:;!]+$/, '').trim()).filter((text) => text.length >= 2))].slice(0, MAX_PROBES);
}

/** Pages whose examples the index is asked about: the files given, else every page without example questions. */
export function pagesToReport(content: Awaited<ReturnType<typeof askContent>>, root: string, files: readonly string[]): { file: string; id: string }[] {
  if (files.length) return files.flatMap((file) => {
    const page = pageIdOfFile(root, file);
    return page ? [{ file, id: page.id }] : [];
  });
  const withExamples = new Set(content.examples.map((item) => item.expected));
  // A record's page (not a flow, a pricing section or a listing) that nobody wrote questions for.
  const listings = new Set(allListingIds());
  const recordTypes = new Set<string>(contentTypes.filter((type) => type.ask && type.detailPages).map((type) => type.type));
  return content.documents
    .filter((document) => recordTypes.has(document.type) && !listings.has(document.id) && !withExamples.has(document.id))
    .map((document) => ({ file: '', id: document.id }));
}

/** What /ask does for one page of the content (its id as /ask names it), or undefined when /ask has no such page. */
export function reachOf(content: Awaited<ReturnType<typeof askContent>>, id: string, file = ''): PageReach | undefined {
  const target = content.documents.find((document) => document.id === id);
  if (!target) return undefined;
  const { locale } = target;
  const offTopic = content.offTopic;
  const withPage = buildAskIndex({ documents: withExampleQuestions(content.documents, content.examples), offTopic });
  const withoutPage = buildAskIndex({ documents: withExampleQuestions(content.documents.filter((document) => document.id !== id), content.examples.filter((item) => item.expected !== id)), offTopic });
  const ranked = (index: typeof withPage, text: string, limit: number) => index.search({ text, locale, limit }).results.map((result) => result.document.id);

  const examples = content.examples.filter((item) => item.expected === id).length;
  const words = ownWords(target);
  const probe = (index: typeof withPage, text: string): Probe => {
    const ids = ranked(index, text, 10);
    return { text, rank: ids.indexOf(id) + 1, first: ids[0] };
  };
  // Each phrasing is asked of an index where it is not one of the page's questions, or it would find
  // its own copy: the phrasings in two halves, each asked of an index where the page keeps its
  // examples less that half, or, without examples, where the other half alone stands in for them
  // (as many times as transfer.ts counts a stand-in).
  const own = content.examples.filter((item) => item.expected === id).map((item) => item.query);
  const probes = [0, 1].flatMap((half) => {
    const asked = words.filter((_, at) => at % 2 === half);
    if (!asked.length) return [];
    const left = new Set(asked.map(sameQuestion));
    const kept = own.filter((query) => !left.has(sameQuestion(query)));
    const questions = kept.length ? kept : Array.from({ length: STAND_IN_REPEATS }, () => words.filter((_, at) => at % 2 !== half)).flat();
    const documents = content.documents.map((document) => (document.id === id ? { ...document, questions } : document));
    const others = content.examples.filter((item) => item.expected !== id);
    const index = buildAskIndex({ documents: withExampleQuestions(documents, others), offTopic });
    return asked.map((text) => probe(index, text));
  });
  const sameLanguage = new Set(content.documents.filter((document) => document.locale === locale).map((document) => document.id));
  const neighbours = [...new Set([target.title, target.summary].flatMap((text) => ranked(withoutPage, text, NEIGHBOURS)))].filter((other) => other !== id && sameLanguage.has(other)).slice(0, NEIGHBOURS);
  const asked = content.examples.filter((item) => item.locale === locale && neighbours.includes(item.expected));
  const wins: Win[] = [];
  for (const item of asked) {
    if (ranked(withPage, item.query, 1)[0] !== id) continue;
    wins.push({ query: item.query, page: item.expected, wasFirst: ranked(withoutPage, item.query, 1)[0] === item.expected });
  }
  return {
    file,
    id,
    title: target.title,
    locale,
    questionsFile: `${QUESTIONS_FOLDER}/${locale}/${questionFileName(id)}${QUESTIONS_EXTENSION}`,
    examples,
    probes,
    reached: probes.some((probe) => probe.rank === 1),
    neighbours,
    asked: asked.length,
    wins,
  };
}
