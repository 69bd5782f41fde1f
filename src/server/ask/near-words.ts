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
 */
function boundedDistance(a: string, b: string, max: number, rows: [Uint8Array, Uint8Array, Uint8Array]): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let [before, previous, row] = rows;
  for (let j = 0; j <= b.length; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    row[0] = i;
    let smallest = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let value = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a.charCodeAt(i - 1) === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === b.charCodeAt(j - 1)) {
        value = Math.min(value, before[j - 2]! + 1);
      }
      row[j] = value;
      if (value < smallest) smallest = value;
    }
    // A row's smallest value never drops below the previous row's (a swap reaches back two rows, but
    // the row between holds a value as small), so the walk can stop.
    if (smallest > max) return max + 1;
    [before, previous, row] = [previous, row, before];
  }
  return previous[b.length]!;
}

/** A vocabulary by length, then by first letter and by second letter (typo candidates). */
export type WordsByLength = Map<string, string[]>[][];

export function wordsByLength(words: Iterable<string>): WordsByLength {
  const byLength: WordsByLength = [];
  for (const word of words) {
    const buckets = (byLength[word.length] ??= [new Map(), new Map()]);
    for (const position of [0, 1]) {
      const letter = word[position] ?? '';
      const bucket = buckets[position]!.get(letter);
      if (bucket) bucket.push(word);
      else buckets[position]!.set(letter, [word]);
    }
  }
  return byLength;
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
    cost += (buckets[0]!.get(word[0] ?? '')?.length ?? 0) + (buckets[1]!.get(word[1] ?? '')?.length ?? 0);
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
  for (let length = Math.max(1, word.length - max); length <= word.length + max; length++) {
    const buckets = byLength[length];
    if (!buckets) continue;
    for (const position of [0, 1]) {
      for (const candidate of buckets[position]!.get(word[position] ?? '') ?? []) {
        // A candidate of the second-letter bucket that also shares the first letter was in the first.
        if (candidate === word || (position === 1 && candidate[0] === word[0])) continue;
        const distance = boundedDistance(candidate, word, max, rows);
        if (distance <= max) found(candidate, distance);
      }
    }
  }
  return true;
}
