/**
 * A page nobody wrote example questions for (a new article) is found through what the other pages'
 * examples teach. Without this, every signal learned from the examples (their words in the pages'
 * `questions` field, the nearest examples' votes, the learned classifier) speaks only for the pages
 * that have them, and a new page loses to its neighbours even on its own title's words.
 *
 * Stand-in questions: a page without examples gets its own phrasings as its example questions (its
 * title, summary, the editors' `searchTerms`, its headings and the questions its text asks), so it
 * joins the examples' index and the classifier as a class of its own. Learned word associations
 * (page words ↔ visitors' words, from the other pages' examples), added to the stand-ins or to the
 * question, measured worse (docs/decisions/ask-transfer.md). Pure; built once with the index.
 */
import type { AskDocument } from './documents.ts';
import { tokenize } from './normalize.ts';

/** How a page without example questions is given some: none, or its own phrasings. */
export type Transfer = 'none' | 'phrasings';

/** At most this many stand-in questions per page (a long page's headings and questions). */
const MAX_STAND_INS = 80;
/**
 * Each stand-in counts as this many questions: a page's few phrasings against the other pages' hundreds
 * of examples would be a class the classifier barely predicts and a page the nearest examples barely
 * vote for (hold-out by page, 10 groups: once 0.418, ×4 0.525, ×10 0.580, ×20 0.586, ×40 0.590).
 */
export const STAND_IN_REPEATS = 20;

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

/** The documents, each without example questions given stand-ins (the ones with examples as they are). */
export function withStandInQuestions(documents: readonly AskDocument[], transfer: Transfer): readonly AskDocument[] {
  const without = documents.filter((document) => !document.questions?.length).length;
  // Stand-ins are for the few pages of a site whose other pages have examples to learn from: with no
  // examples at all (the bench's 10,000 generated articles) there is nothing to stand in among, and
  // tens of thousands of stand-ins would only cost build time.
  if (transfer === 'none' || without === 0 || without > documents.length - without) return documents;
  return documents.map((document) => {
    if (document.questions?.length) return document;
    const phrasings = phrasingsOf(document);
    return { ...document, questions: Array.from({ length: STAND_IN_REPEATS }, () => phrasings).flat() };
  });
}
