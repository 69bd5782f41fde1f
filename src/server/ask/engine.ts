/**
 * The /ask engine, built once per process over the documents (pure: no Astro, no settings, so the
 * bench can build it over 10,000 generated articles). Three parts:
 * - index building (corpus.ts): the documents' BM25F index (inverted-index.ts), the example questions'
 *   own index, and the lookups the ranking needs;
 * - query analysis (question.ts): the question's intents (intent.ts), terms, spelling corrections,
 *   thesaurus synonyms (expand.ts) and the share of it the texts know;
 * - ranking (ranking.ts): the analysed question against the corpus.
 *
 * Ranking, in order:
 * 1. The question's words, plus their thesaurus synonyms at a lower weight (a phrase's words share its
 *    weight), score every document of both locales (OR of the terms; typo tolerance for unknown words
 *    of 4+ letters, prefix for the last word so the search box works while typing); the example
 *    questions add their votes for the pages they were asked of: half from the ten nearest, half
 *    from a classifier learned from all of them (classifier.ts).
 * 2. Documents in the other locale count half; a document outranked by its own translation goes, and
 *    a foreign document whose translation exists is replaced by it (same content, asked language).
 *    What remains in the other language is a fallback: it is there only because it answers better.
 * 3. Intent (the patterns, read after spelling.ts corrects typos in their own words, and the example
 *    questions' votes for the intent of the pages they were asked of; the learned classifier, where
 *    it is sure, corrects the flow): a contact or
 *    consultation question puts that flow first; a pricing question weighs pricing documents ×8,
 *    puts the section pricing its best-matching service first, and brings the pricing page in if
 *    nothing priced matched; a question asking for someone to do the work (not how to do it, not
 *    what it costs) weighs service pages ×`serviceBoost` (3).
 * 4. `context`: type filter, tag preference (×1.5), limit.
 *
 * Confidence (0–1, read as the probability that the result is the right answer): the raw score
 * coverage × closeness, where coverage is the IDF-weighted share of the question's terms the document
 * contains (a term found in the title, keywords or tags counts 1, in the summary 0.85, only in the body
 * or the example questions 0.65; a typo or prefix match ×0.75, a synonym ×0.8; a term found nowhere in
 * the corpus weighs most, so an unknown word lowers every result) and closeness is 0.5 + 0.5 × score /
 * best score. Results whose raw score is below 0.1 are dropped. A recognised contact or consultation
 * flow (or the pricing page for a bare price question) gets a raw score of at least 0.9 × the share of
 * the question the texts know. The raw score, that share, the result's share of the example questions'
 * votes and the share they give to no page are then calibrated (`Ranking.calibration`, a logistic fit), and no result is more
 * confident than one ranked above it. CONFIDENT (0.5) separates an answer from "nothing here matches
 * for certain".
 */
import type { Locale } from '../base/i18n.ts';
import type { AskResultType } from '../schemas/ask.ts';
import type { AskDocument } from './documents.ts';
import type { Intent } from './intent.ts';
import { DEFAULT_STEMMER, type StemmerName } from './normalize.ts';
import type { ComparisonBudget } from './near-words.ts';
import { buildCorpus, corpusFrom, type AskSources, type Corpus, type CorpusModel } from './corpus.ts';
import { askRules, type AskRules } from './rules/index.ts';
import type { Transfer } from './transfer.ts';
import { questionAnalyser } from './question.ts';
import { rank } from './ranking.ts';

export { CONFIDENT } from './ranking.ts';

/**
 * The ranking's tunable parameters. Tuned with scripts/ask/relevance.mjs --tune on the example
 * questions (content/questions/, cross-validated); the figures reported are those of the unseen
 * questions of tests/fixtures/ask-relevance.json.
 */
export interface Ranking {
  /** Field boosts (keywords = flow and pricing phrasings and the editors' searchTerms; questions = example questions). */
  boost: { title: number; keywords: number; tags: number; summary: number; body: number; questions: number };
  /** BM25+ parameters: term-frequency saturation k, length normalisation b, lower bound d. */
  bm25: { k: number; b: number; d: number };
  /** Weight of a thesaurus expansion relative to a word of the question. */
  synonymWeight: number;
  /** Weight of service pages when the question asks for someone to do the work (intent.ts wantsProvider). */
  serviceBoost: number;
  /** Weight of the example questions' votes (the nearest ones' and the learned classifier's), relative to the best score. */
  neighbours: number;
  /** The share of those votes at which the intent they vote for (a flow's or a price's examples) is the question's; above 1, never. */
  intentVotes: number;
  /** The learned classifier's share of the example questions' votes (classifier.ts; 0: the nearest neighbours' alone). */
  learned: number;
  stemmer: StemmerName;
  /** What a page without example questions is given in their place (transfer.ts). */
  transfer: Transfer;
  /**
   * While some page has stand-ins (a page without example questions, transfer.ts): the questions
   * field's boost is multiplied by `questions`, and the examples' votes are shared with the stand-in
   * pages by the question's match with the pages' own texts (ranking.ts `sharedWithStandIns`).
   * Nothing changes while every page has examples.
   */
  standIns: { questions: number; split: number; textVote: number; sure: number };
  /**
   * Confidence as a probability that the result is the right first answer: a logistic regression on
   * the result's `Evidence`, fitted by scripts/ask/calibrate.mjs.
   */
  calibration: { intercept: number; weights: Evidence };
}

// Chosen by scripts/ask/relevance.mjs --tune, a coordinate search scored by the example questions
// cross-validated (2026-11-25, once they were indexed: title 10 → 8, keywords 7 → 5, b 0.3 → 0.85,
// d 0.25 → 0; 0.938 / 0.961 → 0.942 / 0.963). BM25F itself (field frequencies summed before one
// saturation, document-level IDF) won over the per-field sum on 2026-11-24.
export const defaultRanking: Ranking = {
  // questions: 0.5–2 measure the same on the examples, cross-validated.
  boost: { title: 8, keywords: 5, tags: 1, summary: 2, body: 0.5, questions: 1 },
  bm25: { k: 8, b: 0.85, d: 0 },
  synonymWeight: 0.3,
  serviceBoost: 3,
  neighbours: 2,
  intentVotes: 0.5,
  learned: 0.5,
  stemmer: DEFAULT_STEMMER,
  transfer: 'phrasings',
  // Hold-out by page, leave one page out: top-1 0.577 → 0.862 (docs/decisions/ask-transfer.md).
  standIns: { questions: 0.25, split: 1, textVote: 3, sure: 1 },
  calibration: { intercept: -2.9, weights: { raw: 4.3, known: 1.1, votes: 5.7, offTopic: -6 } },
};

/**
 * The typo work one question may cause, whatever its length: an outsider's 500 characters of
 * misspelled words must cost a small multiple of a normal question, on an event loop other requests
 * share (the budget "Under attack" of the design). Measured on the relevance sets: see the /ask README.
 */
export interface AskLimits {
  /** Distinct unknown words checked for typos (spelling and typo-tolerant matching), first come first. */
  checkedWords: number;
  /** Edit-distance comparisons of the whole question (spelling, intent spelling, typo matching). */
  comparisons: number;
}

export const defaultLimits: AskLimits = { checkedWords: 6, comparisons: 10_000 };

export interface AskSearch {
  text: string;
  locale: Locale;
  types?: readonly AskResultType[];
  tags?: readonly string[];
  limit: number;
}

/** What a result's confidence is computed from (each 0–1). */
export interface Evidence {
  /** Coverage × closeness: the IDF-weighted share of the question's words the document has, times its score against the best. */
  raw: number;
  /** The IDF-weighted share of the question's words the site's texts know. */
  known: number;
  /**
   * The document's share of the example questions' votes (nearest and learned): an off-topic question shares a word
   * or two with scattered examples, a question about the page is near several asked of it.
   */
  votes: number;
  /** The share of the example questions' votes that went to no page (the off-topic examples, nearest and learned). */
  offTopic: number;
}

export interface RankedDocument {
  document: AskDocument;
  confidence: number;
  /** True when the document is in the other language and has no translation in the asked one. */
  fallback: boolean;
  /** What its confidence was computed from (scripts/ask/calibrate.mjs fits on it). */
  evidence: Evidence;
}

export interface AskAnswer {
  results: RankedDocument[];
  intent?: Intent;
  /** IDF-weighted share of the question's words the site's texts know (0–1). */
  known: number;
}

export interface AskIndex {
  documents: readonly AskDocument[];
  search(query: AskSearch): AskAnswer;
  /** Question-word corrections kept in memory now (bounded by SPELLING_CACHE_SIZE). */
  readonly cachedCorrections: number;
}

type Tuning = { [K in keyof Ranking]?: Ranking[K] extends object ? Partial<Ranking[K]> : Ranking[K] };

/** The default ranking with a tuning's parameters over it. */
function rankingWith(tuning: Tuning): Ranking {
  return {
    boost: { ...defaultRanking.boost, ...tuning.boost },
    bm25: { ...defaultRanking.bm25, ...tuning.bm25 },
    synonymWeight: tuning.synonymWeight ?? defaultRanking.synonymWeight,
    serviceBoost: tuning.serviceBoost ?? defaultRanking.serviceBoost,
    neighbours: tuning.neighbours ?? defaultRanking.neighbours,
    intentVotes: tuning.intentVotes ?? defaultRanking.intentVotes,
    learned: tuning.learned ?? defaultRanking.learned,
    stemmer: tuning.stemmer ?? defaultRanking.stemmer,
    transfer: tuning.transfer ?? defaultRanking.transfer,
    standIns: { ...defaultRanking.standIns, ...tuning.standIns },
    calibration: {
      intercept: tuning.calibration?.intercept ?? defaultRanking.calibration.intercept,
      weights: { ...defaultRanking.calibration.weights, ...tuning.calibration?.weights },
    },
  };
}

/** Builds the index once (from the documents alone, or with the off-topic example questions); search() is then pure and synchronous. */
export function buildAskIndex(sources: readonly AskDocument[] | AskSources, tuning: Tuning = {}, limits: AskLimits = defaultLimits, rules: AskRules = askRules): AskIndex {
  const ranking = rankingWith(tuning);
  return askIndexOver(buildCorpus(sources, ranking.stemmer, ranking.transfer), tuning, limits, rules);
}

/** The index of the sources from their model made by the build (index-artefact.ts), with the default ranking. */
export function askIndexFromModel(sources: AskSources, model: CorpusModel): AskIndex {
  return askIndexOver(corpusFrom(sources, defaultRanking.stemmer, defaultRanking.transfer, model));
}

/** The search over a corpus already built (with the tuning's stemmer): the ablation asks one corpus with many rule sets. */
export function askIndexOver(corpus: Corpus, tuning: Tuning = {}, limits: AskLimits = defaultLimits, rules: AskRules = askRules): AskIndex {
  const ranking = rankingWith(tuning);
  const analyse = questionAnalyser(corpus, limits, rules);
  return {
    documents: corpus.documents,
    search(query) {
      // One budget for the question's whole typo work: its analysis, then its matching.
      const budget: ComparisonBudget = { left: limits.comparisons };
      return rank(corpus, ranking, analyse(query.text, budget), query, budget);
    },
    get cachedCorrections() {
      return corpus.spellQuestionWord.cached;
    },
  };
}
