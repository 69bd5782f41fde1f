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
