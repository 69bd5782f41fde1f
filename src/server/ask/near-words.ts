/**
 * Words near a word: an edit distance that counts a swap of neighbouring letters as one edit, and a
 * lookup of the words within a few edits of a word in a vocabulary bucketed by length and by first and
 * second letter. Used by the index (typo tolerance) and by the intent's spelling (spelling.ts). Pure.
 *
 * A walk can be charged to a ComparisonBudget: a question of many unknown words (500 characters of
 * misspellings) would otherwise cost tens of milliseconds of edit distances on the event loop.
 */

/**
 * Edit distance counting a swap of two neighbouring letters as one edit (optimal string alignment:
 * "bakcup" is one typo from "backup", as people make them), or max + 1 as soon as it must exceed max.
 * `a` is the `length` letters of `codes` from `at`, `b` a word's letters: both character codes in typed
 * arrays, not strings. The Astro runtime in the server process declares a class extending String,
 * and from then on V8 runs every charCodeAt in optimised code several times slower (5–10× in a
 * loop like this one): the dearest questions are made of these comparisons.
 */
function boundedDistance(codes: Uint16Array, at: number, length: number, b: Uint16Array, max: number, rows: [Uint8Array, Uint8Array, Uint8Array]): number {
  if (Math.abs(length - b.length) > max) return max + 1;
  let [before, previous, row] = rows;
  for (let j = 0; j <= b.length; j++) previous[j] = j;
  for (let i = 1; i <= length; i++) {
    row[0] = i;
    let smallest = i;
    const letter = codes[at + i - 1]!;
    const letterBefore = i > 1 ? codes[at + i - 2]! : -1;
    for (let j = 1; j <= b.length; j++) {
      const cost = letter === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && letter === b[j - 2] && letterBefore === b[j - 1]) {
        value = Math.min(value, before[j - 2]! + 1);
      }
      row[j] = value;
      if (value < smallest) smallest = value;
    }
    // A row's smallest value never drops below the previous row's (a swap reaches back two rows, but
    // the row between holds a value as small), so the walk can stop.
    if (smallest > max) return max + 1;
    const next = before;
    before = previous;
    previous = row;
    row = next;
  }
  return previous[b.length]!;
}

/** The words of one length that share a letter at one position, with their letters' codes end to end. */
interface Bucket {
  words: string[];
  /** words[n]'s letters at codes[n × length …]: built once, so a walk reads no string. */
  codes: Uint16Array;
}

/** A vocabulary by length, then by first letter and by second letter (typo candidates). */
export type WordsByLength = Map<string, Bucket>[][];

function codesOf(word: string): Uint16Array {
  const codes = new Uint16Array(word.length);
  for (let at = 0; at < word.length; at++) codes[at] = word.charCodeAt(at);
  return codes;
}

export function wordsByLength(words: Iterable<string>): WordsByLength {
  const lists: Map<string, string[]>[][] = [];
  for (const word of words) {
    const buckets = (lists[word.length] ??= [new Map(), new Map()]);
    for (const position of [0, 1]) {
      const letter = word[position] ?? '';
      const bucket = buckets[position]!.get(letter);
      if (bucket) bucket.push(word);
      else buckets[position]!.set(letter, [word]);
    }
  }
  return lists.map((buckets, length) =>
    buckets.map((byLetter) => {
      const withCodes = new Map<string, Bucket>();
      for (const [letter, list] of byLetter) {
        const codes = new Uint16Array(list.length * length);
        list.forEach((word, at) => {
          for (let position = 0; position < length; position++) codes[at * length + position] = word.charCodeAt(position);
        });
        withCodes.set(letter, { words: list, codes });
      }
      return withCodes;
    }),
  );
}

/** Edit-distance comparisons a question may still make; every walk of its words is charged to it. */
export interface ComparisonBudget {
  left: number;
}

/** The comparisons a walk of `word` within `max` edits makes at most: the sizes of its buckets. */
export function walkCost(word: string, max: number, byLength: WordsByLength): number {
  let cost = 0;
  for (let length = Math.max(1, word.length - max); length <= word.length + max; length++) {
    const buckets = byLength[length];
    if (!buckets) continue;
    cost += (buckets[0]!.get(word[0] ?? '')?.words.length ?? 0) + (buckets[1]!.get(word[1] ?? '')?.words.length ?? 0);
  }
  return cost;
}

/**
 * Takes `cost` from the budget when it is all there (no budget: always). A walk is made whole or not
 * at all, so a word is either fully checked or taken as written, never half-checked.
 */
export function spend(budget: ComparisonBudget | undefined, cost: number): boolean {
  if (!budget) return true;
  if (cost > budget.left) return false;
  budget.left -= cost;
  return true;
}

/**
 * Calls `found` with each other word of the vocabulary within `max` edits of `word`. Candidates share
 * the first or the second letter with it: a typo rarely changes both, and this skips most of the
 * vocabulary (a scan of every word of a 50k-article corpus costs milliseconds per unknown word).
 * With a budget, the walk is made only when its cost fits (false when it did not).
 */
export function nearWords(
  word: string,
  max: number,
  byLength: WordsByLength,
  found: (candidate: string, distance: number) => void,
  budget?: ComparisonBudget,
): boolean {
  if (budget && !spend(budget, walkCost(word, max, byLength))) return false;
  const size = word.length + max + 2;
  const rows: [Uint8Array, Uint8Array, Uint8Array] = [new Uint8Array(size), new Uint8Array(size), new Uint8Array(size)];
  const letters = codesOf(word);
  for (let length = Math.max(1, word.length - max); length <= word.length + max; length++) {
    const buckets = byLength[length];
    if (!buckets) continue;
    for (const position of [0, 1]) {
      const bucket = buckets[position]!.get(word[position] ?? '');
      if (!bucket) continue;
      const { words, codes } = bucket;
      for (let at = 0, offset = 0; at < words.length; at++, offset += length) {
        // A candidate of the second-letter bucket that also shares the first letter was in the first.
        if (position === 1 && codes[offset] === letters[0]) continue;
        const distance = boundedDistance(codes, offset, length, letters, max, rows);
        if (distance <= max && words[at] !== word) found(words[at]!, distance);
      }
    }
  }
  return true;
}
