/**
 * The keyword index under /ask: BM25F (with BM25+'s lower bound) over an inverted index of
 * typed-array postings, with prefix and typo-tolerant matching of question words.
 *
 * Scoring: for each question term, its frequency in every field is weighted by the field's boost and
 * normalised by the field's length, the fields are summed and saturated once, and the result is
 * weighed by the term's document-level IDF; a document's score is the sum over the terms times the
 * number of question words it covers (a thesaurus expansion covers the word it came from). It
 * replaced MiniSearch's scoring (BM25+ per field, summed, with a per-field IDF, times the number of
 * query terms, expansions included): a common word in a rare place (a title) outweighed a rare word of
 * the question, and a page holding several synonyms of one word counted them as several words matched.
 * Measured with two-fold cross-validation on the tune half (scripts/ask/relevance.mjs).
 *
 * Speed: MiniSearch keeps its postings in a radix tree of Maps, and inserting 3 million tokens one by
 * one into it was most of a 9 s build at 10,000 articles, while its search allocates a result object
 * per matching document (thousands for a common word). Here a build is one Map lookup per token, and
 * a search adds into reused scratch arrays and keeps only the best documents, so both grow linearly
 * with the corpus and stay within the issue's budget (npm run bench).
 * Pure module (no Astro, no settings).
 */

import { nearWords, wordsByLength, type ComparisonBudget, type WordsByLength } from './near-words.ts';

export interface Bm25 {
  k: number;
  b: number;
  d: number;
}

export interface QueryTerm {
  term: string;
  /** Multiplies every score the term gives (thesaurus expansions weigh less than question words). */
  boost: number;
  prefix: boolean;
  /** Typo tolerance: largest edit distance (0 = exact only). */
  fuzzy: number;
  /** Index terms that stand for this term, matched at the fuzzy weight (a question word's spelling corrected). */
  corrections?: readonly string[];
  /**
   * The question words this term stands for (a thesaurus expansion covers the words it came from);
   * default: the term's own position. The score is multiplied by the number of question words a
   * document covers, so a document is not rewarded for holding many synonyms of one word.
   */
  covers?: readonly number[];
}

export interface SearchOptions {
  /** Boost per field, in the order of the index's fields. */
  fieldBoost: readonly number[];
  bm25: Bm25;
  weights: { prefix: number; fuzzy: number };
  /** Multiplies a document's final score; 0 leaves it out (type filter, locale, intent boosts). */
  documentWeight?: (document: number) => number;
  /** How many of the best documents to return, best first. */
  limit: number;
}

export interface Hit {
  document: number;
  score: number;
}

/** One index term a question term reached (itself, a longer word by prefix, or a near spelling). */
export interface DerivedTerm {
  source: number;
  term: string;
  weight: number;
}

interface Postings {
  /** Documents containing the term in any field. */
  documentFrequency: number;
  /** The last document counted in documentFrequency (while building). */
  lastDocument: number;
  /** Per field: document numbers (ascending) and the term's frequency in each. */
  documents: (Int32Array | number[] | undefined)[];
  frequencies: (Uint16Array | number[] | undefined)[];
}

/**
 * A finished index as data (index-artefact.ts stores it with the build): every term's postings end to
 * end in two typed arrays, so that loading it makes views, not arrays.
 */
export interface IndexSnapshot {
  fieldCount: number;
  textFields: number;
  documentCount: number;
  /** The terms, sorted (the vocabulary). */
  terms: string[];
  documentFrequency: Int32Array;
  /** Per term and field (term × fieldCount + field), where its postings start; one more entry for the end. */
  starts: Int32Array;
  documents: Int32Array;
  frequencies: Uint16Array;
  /** Per field, each document's length (distinct terms). */
  fieldLengths: Int32Array[];
}

const PREFIX_LIMIT = 200;
const TOKEN_CACHE_LIMIT = 500_000;

function popcount(bits: number): number {
  let count = 0;
  for (let rest = bits; rest; rest &= rest - 1) count++;
  return count;
}

export class InvertedIndex {
  readonly fieldCount: number;
  private readonly postings = new Map<string, Postings>();
  /** Raw token of the texts' own fields → its postings while building (dropped by finish()). */
  private tokenPostings = new Map<string, Postings | Postings[] | null>();
  /** The same for tokens seen only in the fields after `textFields` so far. */
  private otherTokenPostings = new Map<string, Postings | Postings[] | null>();
  private readonly textFields: number;
  private readonly fieldLengths: number[][];
  private averageFieldLength: number[] = [];
  private documentCount = 0;
  private vocabulary: string[] = [];
  /** The distinct words of the indexed texts as written (before normalisation), kept by finish() for takeWords(). */
  private words: string[] = [];
  /** Vocabulary by length, then by first letter and by second letter (typo candidates). */
  private byLength: WordsByLength = [];
  private scores = new Float64Array(0);
  private matched = new Int32Array(0);
  private termFrequency = new Float64Array(0);
  private termTouched = new Int32Array(0);
  /** Per document, the last search / term pass that touched it (so zero scores need no special case). */
  private searchStamps = new Int32Array(0);
  private termStamps = new Int32Array(0);
  private searchStamp = 0;
  private termStamp = 0;
  private touched = new Int32Array(0);

  /**
   * `textFields`: the first fields are the texts' own; the ones after them (example questions) are
   * indexed and scored, but their words are not the texts' words: takeWords() leaves them out and
   * hasTextTerm() does not count them, so a misspelling in an example question stays a misspelling.
   */
  constructor(
    fieldCount: number,
    private readonly tokenize: (text: string) => string[],
    private readonly processTerm: (term: string) => string | string[] | null,
    { textFields = fieldCount }: { textFields?: number } = {},
  ) {
    this.fieldCount = fieldCount;
    this.textFields = textFields;
    this.fieldLengths = Array.from({ length: fieldCount }, () => []);
  }

  /** Adds the next document (numbered from 0 in the order added), one text per field. */
  add(fields: readonly string[]): number {
    const document = this.documentCount++;
    for (let field = 0; field < this.fieldCount; field++) {
      let distinct = 0;
      const text = field < this.textFields;
      const cache = text ? this.tokenPostings : this.otherTokenPostings;
      for (const token of this.tokenize(fields[field] ?? '')) {
        // Words repeat (Zipf): a token is normalised and looked up once, then it is one Map lookup.
        let postings = this.tokenPostings.get(token) ?? (text ? undefined : this.otherTokenPostings.get(token));
        if (postings === undefined) {
          const processed = this.processTerm(token);
          postings = processed === null ? null : typeof processed === 'string' ? this.postingsOf(processed) : processed.map((term) => this.postingsOf(term));
          if (cache.size < TOKEN_CACHE_LIMIT) cache.set(token, postings);
        }
        if (postings === null) continue;
        if (Array.isArray(postings)) {
          for (const each of postings) distinct += this.count(each, document, field);
        } else distinct += this.count(postings, document, field);
      }
      // BM25's field length: distinct terms in the field.
      this.fieldLengths[field]!.push(distinct);
    }
    return document;
  }

  private postingsOf(term: string): Postings {
    let postings = this.postings.get(term);
    if (!postings) {
      postings = { documentFrequency: 0, lastDocument: -1, documents: [], frequencies: [] };
      this.postings.set(term, postings);
    }
    return postings;
  }

  /** Counts one occurrence; 1 when it is the term's first in this field of this document. */
  private count(postings: Postings, document: number, field: number): number {
    if (postings.lastDocument !== document) {
      postings.lastDocument = document;
      postings.documentFrequency++;
    }
    const documents = (postings.documents[field] ??= []) as number[];
    const frequencies = postings.frequencies[field] as number[] | undefined;
    if (frequencies && documents[documents.length - 1] === document) {
      if (frequencies[frequencies.length - 1]! < 65_535) frequencies[frequencies.length - 1]!++;
      return 0;
    }
    documents.push(document);
    ((postings.frequencies[field] ??= []) as number[]).push(1);
    return 1;
  }

  /** Freezes the index: postings into typed arrays, the vocabulary sorted for prefix and typo lookups. */
  finish(): void {
    for (const [token, postings] of this.tokenPostings) if (postings !== null) this.words.push(token);
    this.tokenPostings = new Map();
    this.otherTokenPostings = new Map();
    for (const postings of this.postings.values()) {
      for (let field = 0; field < this.fieldCount; field++) {
        const documents = postings.documents[field];
        if (Array.isArray(documents)) {
          postings.documents[field] = Int32Array.from(documents);
          postings.frequencies[field] = Uint16Array.from(postings.frequencies[field]!);
        }
      }
    }
    this.averageFieldLength = this.fieldLengths.map((lengths) => lengths.reduce((sum, value) => sum + value, 0) / Math.max(1, lengths.length));
    this.vocabulary = [...this.postings.keys()].sort();
    this.byLength = wordsByLength(this.vocabulary);
    this.scores = new Float64Array(this.documentCount);
    this.matched = new Int32Array(this.documentCount);
    this.termFrequency = new Float64Array(this.documentCount);
    this.termTouched = new Int32Array(this.documentCount);
    this.searchStamps = new Int32Array(this.documentCount);
    this.termStamps = new Int32Array(this.documentCount);
    this.touched = new Int32Array(this.documentCount);
  }

  /** The finished index as data (after finish(); the words takeWords() hands out are not in it). */
  snapshot(): IndexSnapshot {
    const terms = this.vocabulary;
    const documentFrequency = new Int32Array(terms.length);
    const starts = new Int32Array(terms.length * this.fieldCount + 1);
    let total = 0;
    terms.forEach((term, at) => {
      const postings = this.postings.get(term)!;
      documentFrequency[at] = postings.documentFrequency;
      for (let field = 0; field < this.fieldCount; field++) {
        starts[at * this.fieldCount + field] = total;
        total += postings.documents[field]?.length ?? 0;
      }
    });
    starts[terms.length * this.fieldCount] = total;
    const documents = new Int32Array(total);
    const frequencies = new Uint16Array(total);
    terms.forEach((term, at) => {
      const postings = this.postings.get(term)!;
      for (let field = 0; field < this.fieldCount; field++) {
        const start = starts[at * this.fieldCount + field]!;
        const fieldDocuments = postings.documents[field];
        if (!fieldDocuments) continue;
        documents.set(fieldDocuments, start);
        frequencies.set(postings.frequencies[field]!, start);
      }
    });
    return {
      fieldCount: this.fieldCount,
      textFields: this.textFields,
      documentCount: this.documentCount,
      terms,
      documentFrequency,
      starts,
      documents,
      frequencies,
      fieldLengths: this.fieldLengths.map((lengths) => Int32Array.from(lengths)),
    };
  }

  /** An index finished elsewhere (snapshot()), searched as if built here. */
  static fromSnapshot(snapshot: IndexSnapshot, tokenize: (text: string) => string[], processTerm: (term: string) => string | string[] | null): InvertedIndex {
    const { fieldCount, terms, starts } = snapshot;
    const index = new InvertedIndex(fieldCount, tokenize, processTerm, { textFields: snapshot.textFields });
    terms.forEach((term, at) => {
      const postings: Postings = { documentFrequency: snapshot.documentFrequency[at]!, lastDocument: -1, documents: [], frequencies: [] };
      for (let field = 0; field < fieldCount; field++) {
        const start = starts[at * fieldCount + field]!;
        const end = starts[at * fieldCount + field + 1]!;
        if (end === start) continue;
        postings.documents[field] = snapshot.documents.subarray(start, end);
        postings.frequencies[field] = snapshot.frequencies.subarray(start, end);
      }
      index.postings.set(term, postings);
    });
    index.documentCount = snapshot.documentCount;
    snapshot.fieldLengths.forEach((lengths, field) => (index.fieldLengths[field] = Array.from(lengths)));
    index.finish();
    return index;
  }

  /** The distinct words of the texts as written, once (the index keeps no copy): for a spelling checker. */
  takeWords(): string[] {
    const words = this.words;
    this.words = [];
    return words;
  }

  get size(): number {
    return this.documentCount;
  }

  /** Documents containing the term in any field (0 when unknown). */
  documentFrequency(term: string): number {
    return this.postings.get(term)?.documentFrequency ?? 0;
  }

  /** Whether the texts' own fields (not the example questions) hold the term. */
  hasTextTerm(term: string): boolean {
    const postings = this.postings.get(term);
    if (!postings) return false;
    for (let field = 0; field < this.textFields; field++) if (postings.documents[field]) return true;
    return false;
  }

  /**
   * The index terms a question term reaches, with MiniSearch's weights for prefix and typo matches.
   * Typo walks are charged to `budget`: a term whose walk no longer fits is matched exactly.
   */
  derive(query: readonly QueryTerm[], weights: SearchOptions['weights'], budget?: ComparisonBudget): DerivedTerm[] {
    const derived: DerivedTerm[] = [];
    query.forEach(({ term, prefix, fuzzy, corrections }, source) => {
      derived.push({ source, term, weight: 1 });
      for (const correction of corrections ?? []) if (correction !== term) derived.push({ source, term: correction, weight: weights.fuzzy });
      const prefixed = new Set<string>();
      if (prefix) {
        let low = 0;
        let high = this.vocabulary.length;
        while (low < high) {
          const middle = (low + high) >> 1;
          if (this.vocabulary[middle]! < term) low = middle + 1;
          else high = middle;
        }
        for (let at = low; at < this.vocabulary.length && prefixed.size < PREFIX_LIMIT; at++) {
          const candidate = this.vocabulary[at]!;
          if (!candidate.startsWith(term)) break;
          if (candidate === term) continue;
          prefixed.add(candidate);
          const distance = candidate.length - term.length;
          derived.push({ source, term: candidate, weight: (weights.prefix * candidate.length) / (candidate.length + 0.3 * distance) });
        }
      }
      if (fuzzy > 0) {
        nearWords(
          term,
          fuzzy,
          this.byLength,
          (candidate, distance) => {
            if (prefixed.has(candidate)) return;
            derived.push({ source, term: candidate, weight: (weights.fuzzy * candidate.length) / (candidate.length + distance) });
          },
          budget,
        );
      }
    });
    return derived;
  }

  /**
   * BM25F summed over the derived terms, times the number of question words covered, times the
   * document weight; the `limit` best, best first.
   */
  search(query: readonly QueryTerm[], derived: readonly DerivedTerm[], options: SearchOptions): Hit[] {
    const { scores, matched, touched, termFrequency: tf, termTouched, searchStamps, termStamps } = this;
    const searchStamp = ++this.searchStamp;
    let touchedCount = 0;
    const { k, b, d } = options.bm25;
    // Bits of the question words each query term covers (words past the 31st share the last bit).
    const bits = query.map((item, at) => (item.covers ?? [at]).reduce((mask, word) => mask | (1 << Math.min(word, 30)), 0));
    for (const { source, term, weight } of derived) {
      const postings = this.postings.get(term);
      if (!postings) continue;
      const termWeight = weight * query[source]!.boost;
      const bit = bits[source]!;
      // BM25F: the term's frequency in each field, weighted by the field's boost and normalised by the
      // field's length, summed over the fields, then saturated once (a word repeated in title, summary
      // and body is one strong match, not three), times the term's document-level IDF.
      const termStamp = ++this.termStamp;
      let count = 0;
      for (let field = 0; field < this.fieldCount; field++) {
        const documents = postings.documents[field] as Int32Array | undefined;
        if (!documents) continue;
        const frequencies = postings.frequencies[field] as Uint16Array;
        const lengths = this.fieldLengths[field]!;
        const average = this.averageFieldLength[field]!;
        const boost = options.fieldBoost[field]!;
        for (let at = 0; at < documents.length; at++) {
          const document = documents[at]!;
          if (termStamps[document] !== termStamp) {
            termStamps[document] = termStamp;
            termTouched[count++] = document;
          }
          tf[document]! += (boost * frequencies[at]!) / (1 - b + (b * lengths[document]!) / average);
        }
      }
      const frequency = postings.documentFrequency;
      const factor = termWeight * Math.log(1 + (this.documentCount - frequency + 0.5) / (frequency + 0.5));
      for (let at = 0; at < count; at++) {
        const document = termTouched[at]!;
        const value = tf[document]!;
        tf[document] = 0;
        if (searchStamps[document] !== searchStamp) {
          searchStamps[document] = searchStamp;
          touched[touchedCount++] = document;
        }
        matched[document]! |= bit;
        scores[document]! += factor * (d + (value * (k + 1)) / (value + k));
      }
    }
    // The best `limit` documents with a small min-heap, then the scratch arrays back to zero.
    const heap: Hit[] = [];
    const less = (x: Hit, y: Hit) => x.score < y.score || (x.score === y.score && x.document > y.document);
    for (let at = 0; at < touchedCount; at++) {
      const document = touched[at]!;
      const weight = options.documentWeight ? options.documentWeight(document) : 1;
      const score = scores[document]! * popcount(matched[document]!) * weight;
      scores[document] = 0;
      matched[document] = 0;
      if (score <= 0) continue;
      // A hit object only for a document that enters the heap.
      if (heap.length >= options.limit && (score < heap[0]!.score || (score === heap[0]!.score && document > heap[0]!.document))) continue;
      const hit = { document, score };
      if (heap.length < options.limit) {
        heap.push(hit);
        let at = heap.length - 1;
        while (at > 0) {
          const parent = (at - 1) >> 1;
          if (!less(heap[at]!, heap[parent]!)) break;
          [heap[at], heap[parent]] = [heap[parent]!, heap[at]!];
          at = parent;
        }
      } else {
        heap[0] = hit;
        let at = 0;
        for (;;) {
          const left = 2 * at + 1;
          const right = left + 1;
          let smallest = at;
          if (left < heap.length && less(heap[left]!, heap[smallest]!)) smallest = left;
          if (right < heap.length && less(heap[right]!, heap[smallest]!)) smallest = right;
          if (smallest === at) break;
          [heap[at], heap[smallest]] = [heap[smallest]!, heap[at]!];
          at = smallest;
        }
      }
    }
    return heap.sort((x, y) => (less(x, y) ? 1 : less(y, x) ? -1 : 0));
  }

  /** For one document: which question terms matched, and each derived term's fields (for confidence). */
  matchOf(document: number, query: readonly QueryTerm[], derived: readonly DerivedTerm[]): { queryTerms: string[]; match: Record<string, number[]> } {
    const match: Record<string, number[]> = {};
    const sources = new Set<number>();
    for (const { source, term } of derived) {
      const postings = this.postings.get(term);
      if (!postings) continue;
      for (let field = 0; field < this.fieldCount; field++) {
        const documents = postings.documents[field] as Int32Array | undefined;
        if (!documents) continue;
        let low = 0;
        let high = documents.length;
        while (low < high) {
          const middle = (low + high) >> 1;
          if (documents[middle]! < document) low = middle + 1;
          else high = middle;
        }
        if (documents[low] === document) {
          (match[term] ??= []).push(field);
          sources.add(source);
        }
      }
    }
    return { queryTerms: [...sources].sort((x, y) => x - y).map((source) => query[source]!.term), match };
  }
}
