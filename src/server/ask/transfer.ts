/**
 * A page nobody wrote example questions for (a new article) is found through what the other pages'
 * examples teach. Without this, every signal learned from the examples (their words in the pages'
 * `questions` field, the nearest examples' votes, the learned classifier) speaks only for the pages
 * that have them, and a new page loses to its neighbours even on its own title's words.
 *
 * Stand-in questions: a page without examples gets its own phrasings as its example questions (its
 * title, summary, the editors' `searchTerms`, its headings and the questions its text asks), so it
 * joins the examples' index and the classifier as a class of its own; with `associations`, each is
 * followed by the visitors' words the other pages' examples use for its words (`TermAssociations`: a
 * translation from page words to question words learned from the examples, pointwise mutual
 * information over question–page pairs). Pure; built once with the index.
 */
import type { AskDocument } from './documents.ts';
import { termsOf, tokenize, type TermNormalizer } from './normalize.ts';

/** How a page without example questions is given some: none, its own phrasings, or those with the learned visitors' words. */
export type Transfer = 'none' | 'phrasings' | 'associations' | 'expansion';

/** At most this many stand-in questions per page (a long page's headings and questions). */
const MAX_STAND_INS = 80;
/**
 * Each stand-in counts as this many questions: a page's few phrasings against the other pages' hundreds
 * of examples would be a class the classifier barely predicts and a page the nearest examples barely
 * vote for (hold-out by page, 10 groups: once 0.418, ×4 0.525, ×10 0.580, ×20 0.586, ×40 0.590).
 */
const STAND_IN_REPEATS = 20;

/** The page's own phrasings, as stand-in questions: title, summary, searchTerms, headings, the questions its text asks. */
export function phrasingsOf(document: AskDocument): string[] {
  const phrasings = [document.title, document.summary, ...document.keywords.split(' · ')];
  for (const line of document.body.split('\n')) {
    const heading = /^#{1,6}\s+(.+)$/.exec(line.trim());
    if (heading) phrasings.push(heading[1]!);
    // A FAQ's question, or a question the text asks its reader.
    for (const sentence of line.split(/(?<=[.!?])\s+/)) if (sentence.trim().endsWith('?') && sentence.length < 200) phrasings.push(sentence.replace(/^[\s*#>|-]+/, ''));
  }
  return [...new Set(phrasings.map((text) => text.trim()).filter((text) => tokenize(text).length > 0))].slice(0, MAX_STAND_INS);
}

/** Words associated with a word (the learned translation), best first. */
export type TermAssociations = ReadonlyMap<string, readonly { term: string; weight: number }[]>;

/** A word's associations kept (the strongest), and the least evidence one needs (questions). */
const ASSOCIATIONS_KEPT = 4;
const MIN_PAIRS = 3;

/**
 * The associations between the pages' words and the visitors' words, learned from the example
 * questions: each question pairs its terms with the distinctive terms of its page's own phrasings
 * (terms in a minority of the pages), and a pair scores its positive pointwise mutual information,
 * counted over questions, damped below ten questions. `toQuestion`: page word → visitors' words;
 * `toPage`: visitors' word → page words. A word paired with itself teaches nothing and is left out.
 */
export function learnAssociations(documents: readonly AskDocument[], normalizeTerm: TermNormalizer): { toQuestion: TermAssociations; toPage: TermAssociations } {
  const pageTerms = documents.map((document) => new Set(termsOf(phrasingsOf(document).join('\n'), normalizeTerm)));
  const pagesWith = new Map<string, number>();
  for (const terms of pageTerms) for (const term of terms) pagesWith.set(term, (pagesWith.get(term) ?? 0) + 1);
  const distinctive = pageTerms.map((terms) => [...terms].filter((term) => pagesWith.get(term)! <= Math.max(2, documents.length / 4)));
  const questionCount = new Map<string, number>();
  const pageCount = new Map<string, number>();
  const pairCount = new Map<string, number>();
  let total = 0;
  documents.forEach((document, at) => {
    const asked = new Map<string, number>();
    for (const question of document.questions ?? []) {
      total++;
      for (const term of new Set(termsOf(question, normalizeTerm))) asked.set(term, (asked.get(term) ?? 0) + 1);
    }
    const questions = document.questions?.length ?? 0;
    if (!questions) return;
    for (const [term, count] of asked) questionCount.set(term, (questionCount.get(term) ?? 0) + count);
    for (const word of distinctive[at]!) {
      pageCount.set(word, (pageCount.get(word) ?? 0) + questions);
      for (const [term, count] of asked) if (term !== word) pairCount.set(`${word} ${term}`, (pairCount.get(`${word} ${term}`) ?? 0) + count);
    }
  });
  const toQuestion = new Map<string, { term: string; weight: number }[]>();
  const toPage = new Map<string, { term: string; weight: number }[]>();
  for (const [pair, pairs] of pairCount) {
    if (pairs < MIN_PAIRS) continue;
    const [word, term] = pair.split(' ') as [string, string];
    const pmi = Math.log((pairs * total) / (pageCount.get(word)! * questionCount.get(term)!));
    if (pmi <= 0) continue;
    const weight = pmi * Math.min(1, pairs / 10);
    (toQuestion.get(word) ?? toQuestion.set(word, []).get(word)!).push({ term, weight });
    (toPage.get(term) ?? toPage.set(term, []).get(term)!).push({ term: word, weight });
  }
  const strongest = (map: Map<string, { term: string; weight: number }[]>) => {
    for (const [key, list] of map) map.set(key, list.sort((x, y) => y.weight - x.weight || x.term.localeCompare(y.term)).slice(0, ASSOCIATIONS_KEPT));
    return map;
  };
  return { toQuestion: strongest(toQuestion), toPage: strongest(toPage) };
}

/** A stand-in question with the visitors' words for its own: the learned associations of its terms. */
export function withVisitorsWords(phrasing: string, associations: TermAssociations, normalizeTerm: TermNormalizer): string {
  const terms = termsOf(phrasing, normalizeTerm);
  const own = new Set(terms);
  const added = new Set<string>();
  for (const term of terms) for (const { term: word } of associations.get(term) ?? []) if (!own.has(word)) added.add(word);
  return added.size ? `${phrasing} ${[...added].join(' ')}` : phrasing;
}

/** The documents, each without example questions given stand-ins (the ones with examples as they are). */
export function withStandInQuestions(documents: readonly AskDocument[], transfer: Transfer, normalizeTerm: TermNormalizer): readonly AskDocument[] {
  const without = documents.filter((document) => !document.questions?.length).length;
  // Stand-ins are for the few pages of a site whose other pages have examples to learn from: with no
  // examples at all (the bench's 10,000 generated articles) there is nothing to stand in among, and
  // tens of thousands of stand-ins would only cost build time.
  if (transfer === 'none' || without === 0 || without > documents.length - without) return documents;
  const associations = transfer === 'associations' ? learnAssociations(documents, normalizeTerm).toQuestion : undefined;
  return documents.map((document) => {
    if (document.questions?.length) return document;
    const phrasings = phrasingsOf(document);
    const questions = associations ? phrasings.map((phrasing) => withVisitorsWords(phrasing, associations, normalizeTerm)) : phrasings;
    return { ...document, questions: Array.from({ length: STAND_IN_REPEATS }, () => questions).flat() };
  });
}
