/**
 * Ranking for /ask: an analysed question (question.ts) against the corpus (corpus.ts) → the ranked,
 * confidence-scored results. BM25F over the documents, the example questions' votes, the
 * locale, the intent's boosts and flows, then the confidence (see engine.ts for the order and the
 * figures).
 */
import type { AskDocument } from './documents.ts';
import type { ComparisonBudget } from './near-words.ts';
import type { DerivedTerm, Hit, InvertedIndex, QueryTerm } from './inverted-index.ts';
import type { Corpus } from './corpus.ts';
import { fields, NO_PAGE } from './corpus.ts';
import type { Question } from './question.ts';
import { combinedIntents, votedIntents, type Intent } from './intent.ts';
import type { Locale } from '../base/i18n.ts';
import type { AskAnswer, AskSearch, Evidence, RankedDocument, Ranking } from './engine.ts';

const FOREIGN_WEIGHT = 0.5;
const MIN_CONFIDENCE = 0.1;
const FLOW_CONFIDENCE = 0.9;
/** At or above it a result is a confident answer; when no result reaches it, nothing on the site matches for certain. */
export const CONFIDENT = 0.5;
// A price question wants a price. It was ×4 while the intent patterns also fired on other people's
// prices (licence programmes, parcel fees, donation amounts); once they stopped, 4 → 16 → 32 raised
// the 830 tune questions 0.919 → 0.933 → 0.935. Since the example questions are indexed, the price
// questions among them already lead to pricing documents, and ×8 measures best (the examples
// cross-validated: ×8 0.942 / 0.965, ×16 and ×32 0.942 / 0.963): less weight for a price mentioned in
// a question about running costs that an article answers.
const PRICING_BOOST = 8;
const TAG_BOOST = 1.5;
/** How many of the nearest example questions vote (5–20 measure within 0.003 of each other). */
const NEIGHBOURS = 10;
/** The learned classifier's probability at which its most probable page decides the flow (0.4–0.7 measure the same). */
const LEARNED_SURE = 0.5;

const fieldQuality: Record<string, number> = { title: 1, keywords: 1, tags: 1, summary: 0.85, body: 0.65, questions: 0.65 };
const APPROXIMATE = 0.75;
/** A question word covered only through a thesaurus synonym. */
const SYNONYM_QUALITY = 0.8;
/** Typo tolerance: an edit per five letters, at most two. Prefix and typo matches weigh less. */
const FUZZY = 0.2;
const MAX_FUZZY = 2;
const MATCH_WEIGHTS = { fuzzy: 0.45, prefix: 0.375 };

type Match = ReturnType<InvertedIndex['matchOf']>;
type Flow = Exclude<Intent, 'pricing'>;

interface Candidate {
  document: AskDocument;
  score: number;
  /** The document's number in the index, for the coverage (computed only for the results returned). */
  hit?: number;
  /** Coverage given directly (flows brought in by intent). */
  coverage?: number;
}

/** A result's reported confidence: the logistic of the calibration's weighted evidence. */
function calibratedConfidence({ raw, known, votes, offTopic }: Evidence, { intercept, weights }: Ranking['calibration']): number {
  return 1 / (1 + Math.exp(-(intercept + weights.raw * raw + weights.known * known + weights.votes * votes + weights.offTopic * offTopic)));
}

const bestField = (found: number[] | undefined) => (found ? Math.max(...found.map((field) => fieldQuality[fields[field]!] ?? 0.65)) : 0);

/** IDF-weighted share of the question's words the hit covers (directly, approximately or by a synonym). */
function coverageOf(result: Match, { queryTerms, weights, weightSum, synonyms }: Question): number {
  if (!weightSum) return 0;
  const quality = queryTerms.map(() => 0);
  const matched = new Set(result.queryTerms);
  for (const [term, { covers, exact }] of synonyms) {
    if (!matched.has(term)) continue;
    const value = Math.max(bestField(result.match[term]), 0.65) * (exact ? 1 : SYNONYM_QUALITY);
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

/**
 * The example questions nearest to the question (BM25 over each question alone, with the same
 * terms) vote for the documents they were asked of, each in proportion to its score against the
 * nearest one: per document, its share of the NEIGHBOURS votes (0–1). A question like several that
 * were asked of one page goes to that page, even where another page's text shares more of its words
 * (the votes of a k-nearest-neighbours classifier; the questions field alone pools them). An
 * off-topic example (content/questions/<locale>/off-topic.yaml) among the nearest votes for nothing.
 */
function neighbourVotes({ exampleIndex, askedOf }: Corpus, ranking: Ranking, searchQuery: QueryTerm[], budget: ComparisonBudget): { votes: Map<number, number>; offTopic: number } {
  const near = exampleIndex.search(searchQuery, exampleIndex.derive(searchQuery, MATCH_WEIGHTS, budget), { fieldBoost: [1], bm25: ranking.bm25, weights: MATCH_WEIGHTS, limit: NEIGHBOURS });
  const votes = new Map<number, number>();
  const nearest = near[0]?.score ?? 0;
  let offTopic = 0;
  for (const { document, score } of near) {
    const askedDocument = askedOf[document]!;
    // An off-topic example's vote goes to no page: the pages' shares drop.
    if (askedDocument === NO_PAGE) offTopic += score / nearest / NEIGHBOURS;
    else votes.set(askedDocument, (votes.get(askedDocument) ?? 0) + score / nearest / NEIGHBOURS);
  }
  return { votes, offTopic };
}

/**
 * The votes of the two classifiers of the example questions, blended: the nearest neighbours' shares
 * and the learned classifier's probabilities (classifier.ts), `learned` of the weight to the second.
 * The neighbours match a question close to one asked before; the learned weights tell neighbouring
 * pages apart by the words that differ between their questions.
 */
function blendedVotes(near: { votes: Map<number, number>; offTopic: number }, learned: Float64Array | undefined, share: number): { votes: Map<number, number>; offTopic: number } {
  if (!learned || !share) return near;
  const noPage = learned.length - 1;
  const votes = new Map<number, number>();
  for (const [at, value] of near.votes) votes.set(at, (1 - share) * value);
  for (let at = 0; at < noPage; at++) if (learned[at]! > 0.005) votes.set(at, (votes.get(at) ?? 0) + share * learned[at]!);
  return { votes, offTopic: (1 - share) * near.offTopic + share * learned[noPage]! };
}

/**
 * While some page has stand-ins (transfer.ts), the examples' votes are shared with it by the
 * question's match with the pages' own texts (`text`: a search without the questions field): the
 * examples vote for a topic, and a page nobody wrote examples for may be the one of that topic whose
 * text the question matches. `split` of each page's votes is shared between it and the stand-in
 * pages in proportion to their text scores; a stand-in page's vote is at least `textVote` × its
 * text score against the best. Both give way as the learned classifier is sure of a page with
 * examples (`sure`: a page's votes stay in proportion to its probability, the stand-ins' floor
 * drops with the most probable page's): a question close to those asked of a page stays there.
 */
function sharedWithStandIns(votes: Map<number, number>, text: readonly Hit[], standIns: ReadonlySet<number>, learned: Float64Array | undefined, { split, textVote, sure }: Ranking['standIns']): Map<number, number> {
  const best = text[0]?.score ?? 0;
  if (!best) return votes;
  const textShare = new Map(text.map((hit) => [hit.document, hit.score / best]));
  let standInText = 0;
  for (const [at, share] of textShare) if (standIns.has(at)) standInText += share;
  const shared = new Map(votes);
  if (split && standInText) {
    for (const [at, vote] of votes) {
      if (standIns.has(at)) continue;
      const kept = sure && learned ? 1 - sure * learned[at]! : 1;
      const moved = (kept * split * vote * standInText) / ((textShare.get(at) ?? 0) + standInText);
      shared.set(at, shared.get(at)! - moved);
      for (const [standIn, share] of textShare) if (standIns.has(standIn)) shared.set(standIn, (shared.get(standIn) ?? 0) + (moved * share) / standInText);
    }
  }
  if (textVote) {
    let sureOther = 0;
    if (sure && learned) for (let at = 0; at < learned.length - 1; at++) if (!standIns.has(at)) sureOther = Math.max(sureOther, learned[at]!);
    for (const [at, share] of textShare) if (standIns.has(at)) shared.set(at, Math.max(shared.get(at) ?? 0, (1 - sure * sureOther) * textVote * share));
  }
  return shared;
}

/**
 * The flow a question asks for, corrected by the learned classifier where it is sure (its most
 * probable page in the asked language, times the share of the question the site knows, holds
 * LEARNED_SURE, as the votes for an intent do): a flow page makes that the flow ("can we talk to
 * someone about our security this week" is a talk, not a contact), another page ends a flow that
 * holds under a fifth of it ("what happens to my details if I book a consultation" asks the privacy
 * policy).
 */
function learnedFlow(flow: Flow | undefined, learned: Float64Array | undefined, { documents, byId }: Corpus, locale: Locale, known: number): Flow | undefined {
  if (!learned) return flow;
  let top = -1;
  for (let at = 0; at < documents.length; at++) if (documents[at]!.locale === locale && (top < 0 || learned[at]! > learned[top]!)) top = at;
  const document = documents[top];
  if (!document || learned[top]! * known < LEARNED_SURE) return flow;
  if (document.type === 'contact' || document.type === 'consultation') return document.type;
  const flowDocument = flow && byId.get(`${flow}:${locale}`);
  return flowDocument && learned[documents.indexOf(flowDocument)]! < LEARNED_SURE / 5 ? undefined : flow;
}

/** The question's terms and their synonyms as the index's query. */
function searchQueryOf({ queryTerms, corrections, checked, synonyms }: Question, index: InvertedIndex, synonymWeight: number): QueryTerm[] {
  const last = queryTerms.length - 1;
  return [
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
    ...[...synonyms].map(([term, { covers, share, exact }]) => ({ term, boost: (exact ? 1 : synonymWeight) * share, prefix: false, fuzzy: 0, covers })),
  ];
}

export function rank(corpus: Corpus, ranking: Ranking, question: Question, query: AskSearch, budget: ComparisonBudget): AskAnswer {
  const { documents, index } = corpus;
  const { standIns } = corpus;
  // While a page has stand-ins, the other pages' examples weigh less in their text (Ranking.standIns).
  const fieldBoost = fields.map((field) => ranking.boost[field] * (field === 'questions' && standIns.size ? ranking.standIns.questions : 1));
  const types = query.types ? new Set(query.types) : undefined;
  const wantedTags = new Set((query.tags ?? []).map((tag) => tag.toLowerCase()));
  let searchQuery: QueryTerm[] = [];
  let derived: DerivedTerm[] = [];
  // The nearest examples' votes by document: for the intent, the score and the confidence.
  const votesFor = new Map<AskDocument, number>();
  let votes: Map<number, number> | undefined;
  let offTopic = 0;
  let learned: Float64Array | undefined;
  if (question.queryTerms.length) {
    searchQuery = searchQueryOf(question, index, ranking.synonymWeight);
    derived = index.derive(searchQuery, MATCH_WEIGHTS, budget);
    if (corpus.askedOf.length && ranking.neighbours) {
      learned = ranking.learned ? corpus.classifier?.probabilities(question.spelled) : undefined;
      ({ votes, offTopic } = blendedVotes(neighbourVotes(corpus, ranking, searchQuery, budget), learned, ranking.learned));
      if (standIns.size && (ranking.standIns.split || ranking.standIns.textVote)) {
        const textBoost = fieldBoost.map((boost, field) => (fields[field] === 'questions' ? 0 : boost));
        const text = index.search(searchQuery, derived, {
          fieldBoost: textBoost,
          bm25: ranking.bm25,
          weights: MATCH_WEIGHTS,
          limit: query.limit * 4 + 20,
          documentWeight: (at) => (types && !types.has(documents[at]!.type) ? 0 : documents[at]!.locale === query.locale ? 1 : FOREIGN_WEIGHT),
        });
        votes = sharedWithStandIns(votes, text, standIns, learned, ranking.standIns);
      }
      // A share, 0–1, for the intent and the confidence (a stand-in page's may be over 1 in the score).
      for (const [at, share] of votes) votesFor.set(documents[at]!, Math.min(1, share));
    }
  }
  const intents = combinedIntents(question.intents, votedIntents(votesFor, question.known, ranking.intentVotes));
  const pricingIntent = intents.includes('pricing');
  // "Sprawdźcie nam stronę" asks for the audit service, "jak sprawdzić stronę" for the article; a
  // price question ("ile za stałą obsługę IT") wants the price, whoever would do the work.
  const serviceWeight = !pricingIntent && question.asksProvider ? ranking.serviceBoost : 1;

  let ranked: Candidate[] = [];
  if (question.queryTerms.length) {
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
    const leader = hits[0]?.score ?? 0;
    ranked = hits
      .map((hit) => ({ document: documents[hit.document]!, score: hit.score + ranking.neighbours * leader * (votes?.get(hit.document) ?? 0), hit: hit.document }))
      .sort((x, y) => y.score - x.score);
  }
  const coverage = (hit: number) => coverageOf(index.matchOf(hit, searchQuery, derived), question);

  // A recognised flow is only as sure as the share of the question the site knows: "book a call" is
  // the consultation, "make an appointment with a dentist" is not a question for this site.
  // Never below MIN_CONFIDENCE: a recognised flow is always listed, if only as a guess.
  const flowFloor = Math.max(MIN_CONFIDENCE, FLOW_CONFIDENCE * question.known);
  // Intent: the flow itself, even when none of its words matched (e.g. "book a call" in Polish mode).
  const flow = learnedFlow(intents.find((intent): intent is Flow => intent !== 'pricing'), learned, corpus, query.locale, question.known);
  const intentDocumentId = flow ? `${flow}:${query.locale}` : pricingIntent ? corpus.pricingPages.get(query.locale) : undefined;
  const intentDocument = intentDocumentId ? corpus.byId.get(intentDocumentId) : undefined;
  const intentCandidate =
    intentDocument && (!types || types.has(intentDocument.type))
      ? (ranked.find((item) => item.document === intentDocument) ?? { document: intentDocument, score: 0, coverage: flowFloor })
      : undefined;
  // A bare price question ("ile to kosztuje", "prices": only words of the pricing vocabulary) is
  // answered by the whole pricing page, not by whichever section repeats "cost" most.
  const barePriceQuestion = !flow && pricingIntent && question.queryTerms.every((term) => corpus.pricingVocabulary.has(term));
  // A price question about a service ("what would you charge to build a site") is answered by the
  // section that prices the service, even when it shares no word with the question.
  const top = ranked[0];
  const sectionAt = pricingIntent && !flow && !barePriceQuestion && top?.document.type === 'service' ? corpus.priceSections.get(`${top.document.key}|${query.locale}`) : undefined;
  if (sectionAt !== undefined && top && (!types || types.has('pricing'))) {
    const section = ranked.find((item) => item.hit === sectionAt) ?? { document: documents[sectionAt]!, score: top.score, hit: sectionAt };
    // As confident as the service it prices: the question's words are the service's.
    ranked = [{ ...section, score: Math.max(section.score, top.score), coverage: top.hit === undefined ? undefined : coverage(top.hit) }, ...ranked.filter((item) => item !== section)];
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
      const translation = corpus.translationOf(document, query.locale);
      if (translation) document = translation;
      else fallback = true;
    }
    const identity = `${document.type}|${document.key}`;
    if (seen.has(identity)) continue;
    seen.add(identity);

    const closeness = candidate.hit !== undefined && best > 0 ? 0.5 + 0.5 * Math.min(1, candidate.score / best) : 1;
    let confidence = (candidate.coverage ?? coverage(candidate.hit!)) * closeness;
    if ((flow || barePriceQuestion) && candidate === intentCandidate) confidence = Math.max(confidence, flowFloor);
    // Too weak to show; a weak hit does not hide a better-covered one ranked below it.
    if (confidence < MIN_CONFIDENCE) continue;
    // Never more confident than a result ranked above.
    const previous = results.at(-1)?.confidence ?? 1;
    // A flow its patterns recognise ("your opening hours") is asked of us, whatever others' questions share its words.
    const patternFlow = flow !== undefined && candidate === intentCandidate && question.intents.includes(flow);
    const evidence = { raw: Math.max(0, confidence), known: question.known, votes: votesFor.get(candidate.document) ?? 0, offTopic: patternFlow ? 0 : offTopic };
    confidence = Math.round(Math.min(previous, calibratedConfidence(evidence, ranking.calibration)) * 1000) / 1000;
    results.push({ document, confidence, fallback, evidence });
    if (results.length >= query.limit) break;
  }
  return { results, intent: flow ?? (pricingIntent ? 'pricing' : undefined), known: question.known };
}
