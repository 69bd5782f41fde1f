/**
 * Typos in the words the intent patterns look for ("ile to koszeuje", "gzdie jest wasze biuro",
 * "montthly fee"): before the patterns run, a word the texts do not contain is replaced by a word of the
 * intent vocabulary one edit away. The vocabulary is small and closed (the flows' and the pricing
 * page's own phrasings, and the stop words), so a correct but unknown word ("nicked", "ballpark") is
 * rarely taken for another: a spelling check against the whole corpus "corrected" such words into
 * other intents (measured on the tune half, src/server/ask/README.md). The search itself keeps the
 * words as asked. Pure module.
 */
import { nearWords, wordsByLength } from './near-words.ts';
import { fold } from './normalize.ts';

/** Shortest word checked: shorter ones have too many neighbours one edit away. */
const MIN_LENGTH = 4;

/**
 * `vocabulary`: the intent words (any case, folded here); `known`: whether the texts contain a word
 * (then it is taken as meant). Returns the folded question with intent-word typos corrected.
 */
export function intentSpelling(vocabulary: Iterable<string>, known: (word: string) => boolean): (question: string) => string {
  const words = new Set([...vocabulary].map(fold).filter((word) => word.length >= MIN_LENGTH));
  const byLength = wordsByLength(words);
  return (question) =>
    fold(question).replace(/[\p{L}\p{N}]+/gu, (word) => {
      if (word.length < MIN_LENGTH || words.has(word) || /\d/.test(word) || known(word)) return word;
      let closest: string | undefined;
      nearWords(word, 1, byLength, (candidate) => {
        closest ??= candidate;
      });
      return closest ?? word;
    });
}

/** Edits allowed in a question word of this many letters: one up to six letters, then two. */
const editsFor = (length: number) => (length >= 7 ? 2 : 1);

/** What a mistyped question word was meant to be: a stop word ("jsakie"), or the nearest words of the texts. */
export type Correction = { stopWord: true } | { stopWord: false; words: string[] };

/**
 * Spelling of the question's words against the words of the indexed texts as written (before
 * stemming, so a typo in an ending, "zabezpieczneie", still finds "zabezpieczenie") and the stop
 * words. The nearest words win; a stop word at that distance wins outright (people mistype "jakie"
 * far more often than a rare word of the texts). `words`: the texts' words, any case.
 */
export function questionSpelling(words: Iterable<string>, stop: ReadonlySet<string>): (word: string) => Correction | undefined {
  const corpus = new Set<string>();
  for (const word of words) {
    const folded = fold(word);
    if (folded.length >= MIN_LENGTH - 1 && !/\d/.test(folded)) corpus.add(folded);
  }
  for (const word of stop) corpus.add(word);
  const byLength = wordsByLength(corpus);
  return (word) => {
    const folded = fold(word);
    if (folded.length < MIN_LENGTH || /\d/.test(folded)) return undefined;
    let best = Infinity;
    let nearest: string[] = [];
    nearWords(folded, editsFor(folded.length), byLength, (candidate, distance) => {
      if (distance < best) [best, nearest] = [distance, [candidate]];
      else if (distance === best) nearest.push(candidate);
    });
    if (!nearest.length) return undefined;
    return nearest.some((candidate) => stop.has(candidate)) ? { stopWord: true } : { stopWord: false, words: nearest };
  };
}
