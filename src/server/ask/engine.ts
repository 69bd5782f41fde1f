/**
 * The /ask index and ranking, built once per process over the documents (pure: no Astro, no
 * settings, so the bench can build it over 10,000 generated articles).
 *
 * Library: MiniSearch (small, dependency-free, maintained, BM25+ with per-field boosts, prefix and
 * fuzzy matching, custom tokenizer and processTerm). Fields weigh title > keywords > tags > summary > body.
 *
 * Ranking, in order:
 * 1. MiniSearch scores every document of both locales (OR of the question's terms; fuzzy for unknown terms
 *    of 4+ letters, prefix for the last term so the search box works while typing).
 * 2. Documents in the other locale count half; a document outranked by its own translation goes, and
 *    a foreign document whose translation exists is replaced by it (same content, asked language).
 *    What remains in the other language is a fallback: it is there only because it answers better.
 * 3. Intent (intent.ts): a contact or consultation question puts that flow first; a pricing question
 *    triples pricing documents and brings the pricing page in if nothing priced matched.
 * 4. `context`: type filter, tag preference (×1.5), limit.
 *
 * Confidence (0–1, comparable across questions): coverage × closeness, where coverage is the
 * IDF-weighted share of the question's terms the document contains (a term found in the title,
 * keywords or tags counts 1, in the summary 0.85, only in the body 0.65; a typo or prefix match ×0.75;
 * a term found nowhere in the corpus weighs most, so an unknown word lowers every result) and
 * closeness is 0.5 + 0.5 × score / best score. The best result of a question whose every informative
 * word sits in its title scores 1; results below MIN_CONFIDENCE are dropped. A recognised contact or
 * consultation flow (or the pricing page for a bare price question) gets at least FLOW_CONFIDENCE, and
 * no result is more confident than one ranked above it.
 */
import MiniSearch, { type SearchResult } from 'minisearch';
import type { Locale } from '../i18n.ts';
import type { AskResultType } from '../schemas/ask.ts';
import type { AskDocument } from './documents.ts';
import { detectIntents, type Intent } from './intent.ts';
import { normalizeTerm, termsOf, tokenize } from './normalize.ts';

export const FOREIGN_WEIGHT = 0.5;
export const MIN_CONFIDENCE = 0.1;
export const FLOW_CONFIDENCE = 0.9;
const PRICING_BOOST = 3;
const TAG_BOOST = 1.5;

const fieldBoost = { title: 6, keywords: 5, tags: 4, summary: 2, body: 1 } as const;
const fieldQuality: Record<string, number> = { title: 1, keywords: 1, tags: 1, summary: 0.85, body: 0.65 };
const APPROXIMATE = 0.75;

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
}

export interface AskIndex {
  documents: readonly AskDocument[];
  search(query: AskSearch): AskAnswer;
}

interface Candidate {
  document: AskDocument;
  score: number;
  /** The MiniSearch hit, for the coverage (computed only for the results actually returned). */
  hit?: SearchResult;
  /** Coverage given directly (flows brought in by intent). */
  coverage?: number;
}

/** Builds the index once; search() is then pure and synchronous. */
export function buildAskIndex(documents: readonly AskDocument[]): AskIndex {
  // Document frequencies for the confidence's IDF weights, counted while MiniSearch indexes (no second
  // tokenisation): extractField tells which document is being read, processTerm sees its terms.
  const documentFrequency = new Map<string, number>();
  let current: AskDocument | undefined;
  const seen = new Set<string>();
  const flush = () => {
    for (const term of seen) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
    seen.clear();
  };

  const miniSearch = new MiniSearch<AskDocument>({
    fields: ['title', 'keywords', 'tags', 'summary', 'body'],
    storeFields: [],
    tokenize,
    processTerm: (term) => {
      const processed = normalizeTerm(term);
      if (Array.isArray(processed)) for (const each of processed) seen.add(each);
      else if (processed) seen.add(processed);
      return processed;
    },
    extractField: (document, field) => {
      if (document !== current) {
        flush();
        current = document;
      }
      const value = document[field as keyof AskDocument];
      return Array.isArray(value) ? value.join(' ') : (value as string);
    },
    searchOptions: {
      processTerm: normalizeTerm,
      boost: fieldBoost,
      combineWith: 'OR',
      // Typo tolerance only for words the corpus does not know: a known word is taken as meant, which
      // is both faster (no edit-distance walk) and more precise.
      fuzzy: (term) => (term.length >= 4 && !documentFrequency.has(term) ? 0.2 : false),
      maxFuzzy: 2,
      prefix: (term, index, terms) => index === terms.length - 1 && term.length >= 3,
      weights: { fuzzy: 0.45, prefix: 0.375 },
    },
  });
  miniSearch.addAll(documents as AskDocument[]);
  flush();

  const total = documents.length;
  const idf = (term: string) => Math.log(1 + total / ((documentFrequency.get(term) ?? 0) + 0.5));

  const byId = new Map(documents.map((document) => [document.id, document]));
  const pricingVocabulary = new Set(
    documents.filter((document) => document.type === 'pricing').flatMap((document) => termsOf(document.keywords)),
  );
  const pricingPages = new Map<Locale, string>();
  for (const document of documents) {
    if (document.type === 'pricing' && !document.id.includes('#') && !pricingPages.has(document.locale)) pricingPages.set(document.locale, document.id);
  }
  const translations = new Map<string, AskDocument>();
  for (const document of documents) translations.set(`${document.type}|${document.key}|${document.locale}`, document);
  const translationOf = (document: AskDocument, locale: Locale) => translations.get(`${document.type}|${document.key}|${locale}`);

  function coverageOf(result: SearchResult, queryTerms: string[], weights: number[], weightSum: number): number {
    if (!weightSum) return 0;
    let covered = 0;
    queryTerms.forEach((term, index) => {
      if (!result.queryTerms.includes(term)) return;
      const exactFields = result.match[term];
      let quality: number;
      if (exactFields) quality = Math.max(...exactFields.map((field) => fieldQuality[field] ?? 0.65));
      else {
        // Matched by typo tolerance or prefix: credit the best field of the derived terms.
        const derived = Object.entries(result.match).filter(([matched]) => !queryTerms.includes(matched));
        const best = Math.max(0.65, ...derived.flatMap(([, fields]) => fields.map((field) => fieldQuality[field] ?? 0.65)));
        quality = best * APPROXIMATE;
      }
      covered += weights[index]! * quality;
    });
    return covered / weightSum;
  }

  function search(query: AskSearch): AskAnswer {
    const intents = detectIntents(query.text);
    const queryTerms = [...new Set(termsOf(query.text))];
    const weights = queryTerms.map(idf);
    const weightSum = weights.reduce((sum, weight) => sum + weight, 0);
    const types = query.types ? new Set(query.types) : undefined;
    const wantedTags = new Set((query.tags ?? []).map((tag) => tag.toLowerCase()));
    const pricingIntent = intents.includes('pricing');

    let ranked: Candidate[] = [];
    if (queryTerms.length) {
      for (const result of miniSearch.search(query.text)) {
        const document = byId.get(result.id as string)!;
        if (types && !types.has(document.type)) continue;
        let score = result.score;
        if (document.locale !== query.locale) score *= FOREIGN_WEIGHT;
        if (pricingIntent && document.type === 'pricing') score *= PRICING_BOOST;
        if (wantedTags.size && document.tags.some((tag) => wantedTags.has(tag))) score *= TAG_BOOST;
        ranked.push({ document, score, hit: result });
      }
    }
    ranked.sort((a, b) => b.score - a.score);

    // Intent: the flow itself, even when none of its words matched (e.g. "book a call" in Polish mode).
    const flow = intents.find((intent): intent is 'contact' | 'consultation' => intent !== 'pricing');
    const intentDocumentId = flow ? `${flow}:${query.locale}` : pricingIntent ? pricingPages.get(query.locale) : undefined;
    const intentDocument = intentDocumentId ? byId.get(intentDocumentId) : undefined;
    const intentCandidate =
      intentDocument && (!types || types.has(intentDocument.type))
        ? (ranked.find((item) => item.document === intentDocument) ?? { document: intentDocument, score: 0, coverage: FLOW_CONFIDENCE })
        : undefined;
    // A bare price question ("ile to kosztuje", "prices": only words of the pricing vocabulary) is
    // answered by the whole pricing page, not by whichever section repeats "cost" most.
    const barePriceQuestion = !flow && pricingIntent && queryTerms.every((term) => pricingVocabulary.has(term));
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

      const closeness = candidate.hit && best > 0 ? 0.5 + 0.5 * Math.min(1, candidate.score / best) : 1;
      const coverage = candidate.coverage ?? coverageOf(candidate.hit!, queryTerms, weights, weightSum);
      let confidence = coverage * closeness;
      if ((flow || barePriceQuestion) && candidate === intentCandidate) confidence = Math.max(confidence, FLOW_CONFIDENCE);
      // Too weak to show; a weak hit does not hide a better-covered one ranked below it.
      if (confidence < MIN_CONFIDENCE) continue;
      // Never more confident than a result ranked above.
      const previous = results.at(-1)?.confidence ?? 1;
      confidence = Math.round(Math.min(previous, Math.max(0, confidence)) * 1000) / 1000;
      results.push({ document, confidence, fallback });
      if (results.length >= query.limit) break;
    }
    return { results, intent: flow ?? (pricingIntent ? 'pricing' : undefined) };
  }

  return { documents, search };
}
