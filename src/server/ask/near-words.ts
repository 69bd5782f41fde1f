/**
 * Words near a word: an edit distance that counts a swap of neighbouring letters as one edit, and a
 * lookup of the words within a few edits of a word in a vocabulary bucketed by length and by first and
 * second letter. Used by the index (typo tolerance) and by the intent's spelling (spelling.ts). Pure.
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

/**
 * Calls `found` with each other word of the vocabulary within `max` edits of `word`. Candidates share
 * the first or the second letter with it: a typo rarely changes both, and this skips most of the
 * vocabulary (a scan of every word of a 50k-article corpus costs milliseconds per unknown word).
 */
export function nearWords(word: string, max: number, byLength: WordsByLength, found: (candidate: string, distance: number) => void): void {
  const size = word.length + max + 2;
  const rows: [Uint8Array, Uint8Array, Uint8Array] = [new Uint8Array(size), new Uint8Array(size), new Uint8Array(size)];
  const seen = new Set<string>();
  for (let length = Math.max(1, word.length - max); length <= word.length + max; length++) {
    const buckets = byLength[length];
    if (!buckets) continue;
    for (const position of [0, 1]) {
      for (const candidate of buckets[position]!.get(word[position] ?? '') ?? []) {
        if (candidate === word || seen.has(candidate)) continue;
        seen.add(candidate);
        const distance = boundedDistance(candidate, word, max, rows);
        if (distance <= max) found(candidate, distance);
      }
    }
  }
}
