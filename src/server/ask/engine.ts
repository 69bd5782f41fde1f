/**
 * The /ask index and ranking, built once per process over the documents (pure: no Astro, no
 * settings, so the bench can build it over 10,000 generated articles).
 *
 * Index: inverted-index.ts (BM25F with field boosts, prefix and typo-tolerant matching; it replaced
 * MiniSearch, whose build and search did not scale to 10,000 articles). Fields weigh title and
 * keywords (editors' searchTerms, flow and pricing phrasings) over summary, tags, body and the example
 * questions visitors ask the document with (content/questions.json, documents.ts withExampleQuestions).
 *
 * Ranking, in order:
 * 1. The question's words, plus their thesaurus synonyms at a lower weight (thesaurus.ts; a phrase's
 *    words share its weight), score every document of both locales (OR of the terms; typo tolerance
 *    for unknown words of 4+ letters, prefix for the last word so the search box works while typing).
 * 2. Documents in the other locale count half; a document outranked by its own translation goes, and
 *    a foreign document whose translation exists is replaced by it (same content, asked language).
 *    What remains in the other language is a fallback: it is there only because it answers better.
 * 3. Intent (intent.ts, read after spelling.ts corrects typos in its own words): a contact or
 *    consultation question puts that flow first; a pricing question weighs pricing documents ×8,
 *    puts the section pricing its best-matching service first, and brings the pricing page in if
 *    nothing priced matched; a question asking for someone to do the work (not how to do it, not
 *    what it costs) weighs service pages ×3.
 * 4. `context`: type filter, tag preference (×1.5), limit.
 *
 * Confidence (0–1, read as the probability that the result is the right answer): the raw score
 * coverage × closeness, where coverage is the IDF-weighted share of the question's terms the document
 * contains (a term found in the title, keywords or tags counts 1, in the summary 0.85, only in the body
 * 0.65; a typo or prefix match ×0.75; a term found nowhere in the corpus weighs most, so an unknown
 * word lowers every result) and closeness is 0.5 + 0.5 × score / best score. Results whose raw score
 * is below MIN_CONFIDENCE are dropped. A recognised contact or consultation flow (or the pricing page
 * for a bare price question) gets a raw score of at least FLOW_CONFIDENCE × the share of the question
 * the texts know. The raw score and that share are then calibrated (`Ranking.calibration`, a logistic
 * fit), and no result is more confident than one ranked above it. CONFIDENT (0.5) separates an answer
 * from "nothing here matches for certain".
 */
import type { Locale } from '../i18n.ts';
import type { AskResultType } from '../schemas/ask.ts';
import type { AskDocument } from './documents.ts';
import { detectIntents, patternWords, wantsProvider, type Intent } from './intent.ts';
import { DEFAULT_STEMMER, stopWords, termNormalizer, termsOf, tokenize, withoutVerbPrefix, type StemmerName } from './normalize.ts';
import { intentSpelling, questionSpelling } from './spelling.ts';
import type { ComparisonBudget } from './near-words.ts';
import { thesaurusExpander, type Expansion } from './expand.ts';
import { InvertedIndex, type DerivedTerm, type QueryTerm } from './inverted-index.ts';

export const FOREIGN_WEIGHT = 0.5;
export const MIN_CONFIDENCE = 0.1;
export const FLOW_CONFIDENCE = 0.9;
/** How much a question word the texts know only through a spelling correction counts as known. */
const CORRECTED_KNOWN = 0.5;
/** At or above it a result is a confident answer; when no result reaches it, nothing on the site matches for certain. */
export const CONFIDENT = 0.5;

/** A result's reported confidence: the logistic of the calibration's weighted raw score and known share. */
function calibratedConfidence(raw: number, known: number, { intercept, weights }: Ranking['calibration']): number {
  return 1 / (1 + Math.exp(-(intercept + weights.raw * raw + weights.known * known)));
}
// A price question wants a price. It was ×4 while the intent patterns also fired on other people's
// prices (licence programmes, parcel fees, donation amounts); once they stopped (2026-11-25), 4 → 16 →
// 32 raised the 830 tune questions 0.919 → 0.933 → 0.935. Since the example questions are indexed,
// the price questions among them already lead to pricing documents, and ×8 measures best (the
// examples cross-validated: ×8 0.942 / 0.965, ×16 and ×32 0.942 / 0.963): less weight for a price
// mentioned in a question about running costs that an article answers.
const PRICING_BOOST = 8;
const TAG_BOOST = 1.5;
/** How many of the nearest example questions vote (5–20 measure within 0.003 of each other). */
const NEIGHBOURS = 10;

/**
 * The ranking's tunable parameters. Tuned with scripts/ask/relevance.mjs --tune on the example
 * questions (content/questions.json, cross-validated); the figures reported are those of the unseen
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
  /** Weight of the votes of the example questions nearest to the question, relative to the best score. */
  neighbours: number;
  stemmer: StemmerName;
  /**
   * Confidence as a probability that the result is the right first answer: a logistic regression on
   * the raw score (coverage × closeness) and on the share of the question the site's texts know,
   * fitted by scripts/ask/calibrate.mjs.
   */
  calibration: { intercept: number; weights: { raw: number; known: number } };
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
  neighbours: 1,
  stemmer: DEFAULT_STEMMER,
  calibration: { intercept: -6.2, weights: { raw: 9.4, known: 3.5 } },
};

const fieldQuality: Record<string, number> = { title: 1, keywords: 1, tags: 1, summary: 0.85, body: 0.65, questions: 0.65 };
const APPROXIMATE = 0.75;
/** Typo tolerance: an edit per five letters, at most two. Prefix and typo matches weigh less. */
const FUZZY = 0.2;
const MAX_FUZZY = 2;
const MATCH_WEIGHTS = { fuzzy: 0.45, prefix: 0.375 };

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

type Match = ReturnType<InvertedIndex['matchOf']>;
/** A question word covered only through a thesaurus synonym. */
const SYNONYM_QUALITY = 0.8;

export interface AskSearch {
  text: string;
  locale: Locale;
  types?: readonly AskResultType[];
  tags?: readonly string[];
  limit: number;
}

export interface RankedDocument {
  document: AskDocument;
  confidence: number;
  /** True when the document is in the other language and has no translation in the asked one. */
  fallback: boolean;
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

interface Candidate {
  document: AskDocument;
  score: number;
  /** The document's number in the index, for the coverage (computed only for the results returned). */
  hit?: number;
  /** Coverage given directly (flows brought in by intent). */
  coverage?: number;
}

type Tuning = { [K in keyof Ranking]?: Ranking[K] extends object ? Partial<Ranking[K]> : Ranking[K] };

/** Builds the index once; search() is then pure and synchronous. */
export function buildAskIndex(documents: readonly AskDocument[], tuning: Tuning = {}, limits: AskLimits = defaultLimits): AskIndex {
  const ranking: Ranking = {
    boost: { ...defaultRanking.boost, ...tuning.boost },
    bm25: { ...defaultRanking.bm25, ...tuning.bm25 },
    synonymWeight: tuning.synonymWeight ?? defaultRanking.synonymWeight,
    serviceBoost: tuning.serviceBoost ?? defaultRanking.serviceBoost,
    neighbours: tuning.neighbours ?? defaultRanking.neighbours,
    stemmer: tuning.stemmer ?? defaultRanking.stemmer,
    calibration: {
      intercept: tuning.calibration?.intercept ?? defaultRanking.calibration.intercept,
      weights: { ...defaultRanking.calibration.weights, ...tuning.calibration?.weights },
    },
  };
  const normalizeTerm = termNormalizer(ranking.stemmer);
  const expand = thesaurusExpander(normalizeTerm);
  const fields = ['title', 'keywords', 'tags', 'summary', 'body', 'questions'] as const;
  // The example questions are scored with the page, but their misspellings are not the texts' words.
  const index = new InvertedIndex(fields.length, tokenize, normalizeTerm, { textFields: fields.indexOf('questions') });
  for (const document of documents) {
    index.add([document.title, document.keywords, document.tags.join(' '), document.summary, document.body, document.questions?.join('\n') ?? '']);
  }
  index.finish();
  // The example questions one by one, each with the document it was asked of.
  // Its one field holds no text of the pages: it collects no words for the speller.
  const exampleIndex = new InvertedIndex(1, tokenize, normalizeTerm, { textFields: 0 });
  const askedOf: number[] = [];
  documents.forEach((document, at) => {
    for (const question of document.questions ?? []) {
      exampleIndex.add([question]);
      askedOf.push(at);
    }
  });
  exampleIndex.finish();
  const fieldBoost = fields.map((field) => ranking.boost[field]);

  const total = documents.length;
  const idf = (term: string) => Math.log(1 + total / (index.documentFrequency(term) + 0.5));

  const byId = new Map(documents.map((document) => [document.id, document]));
  // The pricing page itself, not one of its sections (`pricing:pl:cennik#websites`).
  const isPricingPage = (document: AskDocument) => document.type === 'pricing' && !document.id.includes('#');
  // The words of price questions themselves: the pricing page's keywords only. The sections' own
  // searchTerms name what is priced ("audyt", "strona"), and would make a topic question "bare".
  const pricingVocabulary = new Set(
    documents
      .filter(isPricingPage)
      .flatMap((document) => termsOf(document.keywords, normalizeTerm)),
  );
  const pricingPages = new Map<Locale, string>();
  for (const document of documents) {
    if (isPricingPage(document) && !pricingPages.has(document.locale)) pricingPages.set(document.locale, document.id);
  }
  // The pricing section that prices a service, by the service's translation key and the locale.
  const priceSections = new Map<string, number>();
  documents.forEach((document, at) => {
    for (const service of document.servicesPriced ?? []) {
      const key = `${service}|${document.locale}`;
      if (!priceSections.has(key)) priceSections.set(key, at);
    }
  });
  // The intents' words: the flows' and the pricing page's phrasings, and the stop words ("gdzie", "your").
  const intentWords = documents
    .filter((document) => document.type === 'contact' || document.type === 'consultation' || isPricingPage(document))
    .flatMap((document) => tokenize(document.keywords));
  const spellIntentWords = intentSpelling([...intentWords, ...patternWords(), ...stopWords], (word) => {
    const term = normalizeTerm(word);
    return typeof term !== 'string' || index.hasTextTerm(term);
  }, limits.checkedWords);
  const spellQuestionWord = questionSpelling(index.takeWords(), stopWords);
  const translations = new Map<string, AskDocument>();
  for (const document of documents) translations.set(`${document.type}|${document.key}|${document.locale}`, document);
  const translationOf = (document: AskDocument, locale: Locale) => translations.get(`${document.type}|${document.key}|${locale}`);

  const bestField = (found: number[] | undefined) => (found ? Math.max(...found.map((field) => fieldQuality[fields[field]!] ?? 0.65)) : 0);

  /** IDF-weighted share of the question's words the hit covers (directly, approximately or by a synonym). */
  function coverageOf(result: Match, queryTerms: string[], weights: number[], weightSum: number, synonyms: Expansion): number {
    if (!weightSum) return 0;
    const quality = queryTerms.map(() => 0);
    const matched = new Set(result.queryTerms);
    for (const [term, { covers }] of synonyms) {
      if (!matched.has(term)) continue;
      const value = Math.max(bestField(result.match[term]), 0.65) * SYNONYM_QUALITY;
      for (const index of covers) quality[index] = Math.max(quality[index]!, value);
    }
    queryTerms.forEach((term, index) => {
      if (!matched.has(term)) return;
      const exactFields = result.match[term];
      if (exactFields) quality[index] = Math.max(quality[index]!, bestField(exactFields));
      else {
        // Matched by typo tolerance or prefix: credit the best field of the derived terms.
        const derived = Object.entries(result.match).filter(([key]) => !queryTerms.includes(key) && !synonyms.has(key));
        const best = Math.max(0.65, ...derived.map(([, fields]) => bestField(fields)));
        quality[index] = Math.max(quality[index]!, best * APPROXIMATE);
      }
    });
    return quality.reduce((sum, value, index) => sum + value * weights[index]!, 0) / weightSum;
  }

  /** IDF-weighted share of the question's terms the texts know (as written, corrected or by a synonym); 1 for a question of stop words only. */
  function knownShare(queryTerms: string[], weights: number[], weightSum: number, corrections: Map<string, string[]>, synonyms: Expansion): number {
    if (!weightSum) return 1;
    const covered = new Set<number>();
    for (const [term, { covers }] of synonyms) if (index.hasTextTerm(term)) for (const at of covers) covered.add(at);
    // A spelling correction is a guess: "rosół" may be meant as a word of the texts or be one they lack.
    const knownness = (term: string, at: number) => (covered.has(at) || index.hasTextTerm(term) ? 1 : corrections.has(term) ? CORRECTED_KNOWN : 0);
    const known = queryTerms.reduce((sum, term, at) => sum + knownness(term, at) * weights[at]!, 0);
    return known / weightSum;
  }

  /**
   * The example questions nearest to the question (BM25 over each question alone, with the same
   * terms) vote for the documents they were asked of, each in proportion to its score against the
   * nearest one: per document, its share of the NEIGHBOURS votes (0–1). A question like several that
   * were asked of one page goes to that page, even where another page's text shares more of its words
   * (the votes of a k-nearest-neighbours classifier; the questions field alone pools them).
   */
  function neighbourVotes(searchQuery: QueryTerm[], budget: ComparisonBudget): Map<number, number> {
    const near = exampleIndex.search(searchQuery, exampleIndex.derive(searchQuery, MATCH_WEIGHTS, budget), { fieldBoost: [1], bm25: ranking.bm25, weights: MATCH_WEIGHTS, limit: NEIGHBOURS });
    const votes = new Map<number, number>();
    const nearest = near[0]?.score ?? 0;
    for (const { document, score } of near) {
      const askedDocument = askedOf[document]!;
      votes.set(askedDocument, (votes.get(askedDocument) ?? 0) + score / nearest / NEIGHBOURS);
    }
    return votes;
  }

  /**
   * The question's terms, and for a word the texts do not know, the terms of the words it was
   * probably meant to be (spelling.ts); a mistyped stop word is dropped. Only the first
   * `limits.checkedWords` distinct unknown words are checked (`checked`: their terms, which alone get
   * typo-tolerant matching); the rest are searched as written.
   */
  function questionTerms(text: string, budget: ComparisonBudget): { queryTerms: string[]; corrections: Map<string, string[]>; checked: Set<string> } {
    const queryTerms = new Set<string>();
    const corrections = new Map<string, string[]>();
    const checked = new Set<string>();
    const unknownTokens = new Set<string>();
    const seen = new Set<string>();
    for (const token of tokenize(text)) {
      // A repeated word adds nothing, and must not be checked (and charged) again.
      if (seen.has(token)) continue;
      seen.add(token);
      const normalized = normalizeTerm(token);
      const terms = normalized === null ? [] : typeof normalized === 'string' ? [normalized] : normalized;
      const unknown = terms.length > 0 && terms.every((term) => !index.hasTextTerm(term));
      if (unknown && unknownTokens.size < limits.checkedWords) {
        unknownTokens.add(token);
        for (const term of terms) checked.add(term);
      }
      const correction = unknownTokens.has(token) ? spellQuestionWord(token, budget) : undefined;
      if (correction?.stopWord) continue;
      // Words it may have been meant as: for an unknown word, the nearest spellings of the texts' words;
      // for any word, the word without a Polish verbal prefix ("zautomatyzujecie" → "automatyzujecie").
      const words = [...(correction?.words ?? []), ...withoutVerbPrefix(token)];
      const meant = [...new Set(words.flatMap((word) => termsOf(word, normalizeTerm)))].filter((term) => !terms.includes(term) && index.documentFrequency(term));
      if (meant.length) for (const term of terms) corrections.set(term, meant);
      for (const term of terms) queryTerms.add(term);
    }
    return { queryTerms: [...queryTerms], corrections, checked };
  }

  function search(query: AskSearch): AskAnswer {
    // The intent patterns read the question with typos in their own words corrected.
    const budget: ComparisonBudget = { left: limits.comparisons };
    const spelled = spellIntentWords(query.text, budget);
    const intents = detectIntents(spelled);
    const { queryTerms, corrections, checked } = questionTerms(query.text, budget);
    // Thesaurus: other words for the question's words, searched at a lower weight.
    const synonyms = expand(queryTerms);
    const weights = queryTerms.map(idf);
    const weightSum = weights.reduce((sum, weight) => sum + weight, 0);
    const types = query.types ? new Set(query.types) : undefined;
    const wantedTags = new Set((query.tags ?? []).map((tag) => tag.toLowerCase()));
    const pricingIntent = intents.includes('pricing');
    // "Sprawdźcie nam stronę" asks for the audit service, "jak sprawdzić stronę" for the article; a
    // price question ("ile za stałą obsługę IT") wants the price, whoever would do the work.
    const serviceWeight = ranking.serviceBoost !== 1 && !pricingIntent && wantsProvider(spelled) ? ranking.serviceBoost : 1;

    let ranked: Candidate[] = [];
    let searchQuery: QueryTerm[] = [];
    let derived: DerivedTerm[] = [];
    if (queryTerms.length) {
      const last = queryTerms.length - 1;
      searchQuery = [
        ...queryTerms.map((term, at) => ({
          term,
          boost: 1,
          // Prefix matching on the question's last word only (the search box asks while typing).
          prefix: at === last && term.length >= 3,
          // Typo tolerance only for question words the corpus does not know: a known word is taken as
          // meant, which is both faster (no edit-distance walk) and more precise.
          fuzzy: term.length >= 4 && checked.has(term) && !index.hasTextTerm(term) ? Math.min(MAX_FUZZY, Math.round(term.length * FUZZY)) : 0,
          corrections: corrections.get(term),
        })),
        ...[...synonyms].map(([term, { covers, share }]) => ({ term, boost: ranking.synonymWeight * share, prefix: false, fuzzy: 0, covers })),
      ];
      derived = index.derive(searchQuery, MATCH_WEIGHTS, budget);
      const hits = index.search(searchQuery, derived, {
        fieldBoost,
        bm25: ranking.bm25,
        weights: MATCH_WEIGHTS,
        // Enough candidates for the limit after translations fold into one and weak hits drop.
        limit: query.limit * 4 + 20,
        documentWeight: (at) => {
          const document = documents[at]!;
          if (types && !types.has(document.type)) return 0;
          let weight = 1;
          if (document.locale !== query.locale) weight *= FOREIGN_WEIGHT;
          if (pricingIntent && document.type === 'pricing') weight *= PRICING_BOOST;
          if (document.type === 'service') weight *= serviceWeight;
          if (wantedTags.size && document.tags.some((tag) => wantedTags.has(tag))) weight *= TAG_BOOST;
          return weight;
        },
      });
      const votes = askedOf.length && ranking.neighbours ? neighbourVotes(searchQuery, budget) : undefined;
      const leader = hits[0]?.score ?? 0;
      ranked = hits
        .map((hit) => ({ document: documents[hit.document]!, score: hit.score + ranking.neighbours * leader * (votes?.get(hit.document) ?? 0), hit: hit.document }))
        .sort((x, y) => y.score - x.score);
    }

    // A recognised flow is only as sure as the share of the question the site knows: "book a call" is
    // the consultation, "make an appointment with a dentist" is not a question for this site.
    const known = knownShare(queryTerms, weights, weightSum, corrections, synonyms);
    // Never below MIN_CONFIDENCE: a recognised flow is always listed, if only as a guess.
    const flowFloor = Math.max(MIN_CONFIDENCE, FLOW_CONFIDENCE * known);
    // Intent: the flow itself, even when none of its words matched (e.g. "book a call" in Polish mode).
    const flow = intents.find((intent): intent is 'contact' | 'consultation' => intent !== 'pricing');
    const intentDocumentId = flow ? `${flow}:${query.locale}` : pricingIntent ? pricingPages.get(query.locale) : undefined;
    const intentDocument = intentDocumentId ? byId.get(intentDocumentId) : undefined;
    const intentCandidate =
      intentDocument && (!types || types.has(intentDocument.type))
        ? (ranked.find((item) => item.document === intentDocument) ?? { document: intentDocument, score: 0, coverage: flowFloor })
        : undefined;
    // A bare price question ("ile to kosztuje", "prices": only words of the pricing vocabulary) is
    // answered by the whole pricing page, not by whichever section repeats "cost" most.
    const barePriceQuestion = !flow && pricingIntent && queryTerms.every((term) => pricingVocabulary.has(term));
    // A price question about a service ("what would you charge to build a site") is answered by the
    // section that prices the service, even when it shares no word with the question.
    const top = ranked[0];
    const sectionAt = pricingIntent && !flow && !barePriceQuestion && top?.document.type === 'service' ? priceSections.get(`${top.document.key}|${query.locale}`) : undefined;
    if (sectionAt !== undefined && top && (!types || types.has('pricing'))) {
      const section = ranked.find((item) => item.hit === sectionAt) ?? { document: documents[sectionAt]!, score: top.score, hit: sectionAt };
      // As confident as the service it prices: the question's words are the service's.
      const coverage = top.hit === undefined ? undefined : coverageOf(index.matchOf(top.hit, searchQuery, derived), queryTerms, weights, weightSum, synonyms);
      ranked = [{ ...section, score: Math.max(section.score, top.score), coverage }, ...ranked.filter((item) => item !== section)];
    }
    if (intentCandidate && (flow || barePriceQuestion)) {
      ranked = [intentCandidate, ...ranked.filter((item) => item !== intentCandidate)];
    } else if (intentCandidate && !ranked.includes(intentCandidate)) {
      ranked.push(intentCandidate);
    }
    const best = ranked.find((item) => item.score > 0)?.score ?? 0;

    const results: RankedDocument[] = [];
    const seen = new Set<string>();
    for (const candidate of ranked) {
      // Answer in the asked language: swap a foreign hit for its translation when one exists.
      let document = candidate.document;
      let fallback = false;
      if (document.locale !== query.locale) {
        const translation = translationOf(document, query.locale);
        if (translation) document = translation;
        else fallback = true;
      }
      const identity = `${document.type}|${document.key}`;
      if (seen.has(identity)) continue;
      seen.add(identity);

      const closeness = candidate.hit !== undefined && best > 0 ? 0.5 + 0.5 * Math.min(1, candidate.score / best) : 1;
      const coverage = candidate.coverage ?? coverageOf(index.matchOf(candidate.hit!, searchQuery, derived), queryTerms, weights, weightSum, synonyms);
      let confidence = coverage * closeness;
      if ((flow || barePriceQuestion) && candidate === intentCandidate) confidence = Math.max(confidence, flowFloor);
      // Too weak to show; a weak hit does not hide a better-covered one ranked below it.
      if (confidence < MIN_CONFIDENCE) continue;
      // Never more confident than a result ranked above.
      const previous = results.at(-1)?.confidence ?? 1;
      confidence = Math.round(Math.min(previous, calibratedConfidence(Math.max(0, confidence), known, ranking.calibration)) * 1000) / 1000;
      results.push({ document, confidence, fallback });
      if (results.length >= query.limit) break;
    }
    return { results, intent: flow ?? (pricingIntent ? 'pricing' : undefined), known };
  }

  return {
    documents,
    search,
    get cachedCorrections() {
      return spellQuestionWord.cached;
    },
  };
}
