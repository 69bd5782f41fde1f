/**
 * Typos in the words the intent patterns look for ("ile to koszeuje", "gzdie jest wasze biuro",
 * "montthly fee"): before the patterns run, a word the texts do not contain is replaced by a word of the
 * intent vocabulary one edit away. The vocabulary is small and closed (the flows' and the pricing
 * page's own phrasings, and the stop words), so a correct but unknown word ("nicked", "ballpark") is
 * rarely taken for another: a spelling check against the whole corpus "corrected" such words into
 * other intents (measured on the tune half, src/server/ask/README.md). The search itself keeps the
 * words as asked. Pure module.
 */
import { LRUCache } from 'lru-cache';
import { nearWords, spend, walkCost, wordsByLength, type ComparisonBudget } from './near-words.ts';
import { fold } from './normalize.ts';

/** Shortest word checked: shorter ones have too many neighbours one edit away. */
const MIN_LENGTH = 4;

/**
 * `vocabulary`: the intent words (any case, folded here); `known`: whether the texts contain a word
 * (then it is taken as meant). Returns the folded question with intent-word typos corrected. Only the
 * first `checkedWords` words that may be typos are looked up (their walks charged to the budget):
 * the rest of a long question stays as written.
 */
export function intentSpelling(
  vocabulary: Iterable<string>,
  known: (word: string) => boolean,
  checkedWords = Infinity,
): (question: string, budget?: ComparisonBudget) => string {
  const words = new Set([...vocabulary].map(fold).filter((word) => word.length >= MIN_LENGTH));
  const byLength = wordsByLength(words);
  return (question, budget) => {
    let checked = 0;
    return fold(question).replace(/[\p{L}\p{N}]+/gu, (word) => {
      if (word.length < MIN_LENGTH || words.has(word) || /\d/.test(word) || checked >= checkedWords || known(word)) return word;
      checked++;
      let closest: string | undefined;
      nearWords(
        word,
        1,
        byLength,
        (candidate) => {
          closest ??= candidate;
        },
        budget,
      );
      return closest ?? word;
    });
  };
}

/**
 * How a folded word sounds, roughly, in either language: letters that spell one sound made one ("ck",
 * "c", "q" are "k"; "w" and "v"; "ph" and "f"; "x" and "ks"), a run of vowels (with "j" and "y") one
 * vowel, a doubled letter one, a final vowel dropped ("site"). Words spelt by ear meet the written
 * one: "mejl" and "mail", "bekap" and "backup", "kompjuter" and "computer".
 */
export function soundOf(word: string): string {
  return word
    .replace(/ph/g, 'f')
    .replace(/x/g, 'ks')
    .replace(/ck|q|c(?![hiz])/g, 'k')
    .replace(/w/g, 'v')
    .replace(/(.)\1+/g, '$1')
    .replace(/[aeiouyj]+/g, '.')
    .replace(/(?<=.)\.$/, '');
}

/** The shortest sound compared (a vowel counts one): shorter ones sound like too many words. */
const MIN_SOUND = 3;
/** Words of one sound kept (they are then compared letter by letter). */
const SOUND_WORDS_KEPT = 32;
/** A word spelt by ear is at most this many edits from the written one ("mejl" → "mail": two). */
const SOUND_EDITS = 2;
/** More sound-alike words than this at the nearest distance: the sound says nothing. */
const MAX_SOUND_WORDS = 3;

/** Plain edit distance (only for the few words of one sound). */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, at) => at);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = row;
  }
  return previous[b.length]!;
}

/** Of the words that sound like `word`, the nearest in letters within SOUND_EDITS, when few are. */
function soundAlike(word: string, words: readonly string[] | undefined): string[] {
  let best = SOUND_EDITS + 1;
  let nearest: string[] = [];
  for (const candidate of words ?? []) {
    const edits = distance(word, candidate);
    if (edits < best) [best, nearest] = [edits, [candidate]];
    else if (edits === best) nearest.push(candidate);
  }
  return nearest.length <= MAX_SOUND_WORDS ? nearest : [];
}

/** Edits allowed in a question word of this many letters: one up to six letters, then two. */
const editsFor = (length: number) => (length >= 7 ? 2 : 1);

/** What a mistyped question word was meant to be: a stop word ("jsakie"), or the nearest words of the texts. */
export type Correction = { stopWord: true } | { stopWord: false; words: string[] };

/** Corrections kept per speller: the same typos come again, and a word's nearest words never change. */
export const SPELLING_CACHE_SIZE = 5_000;

/** A question speller: a word's correction, its walk charged to the budget; `cached`: corrections kept now. */
export interface QuestionSpeller {
  (word: string, budget?: ComparisonBudget): Correction | undefined;
  readonly cached: number;
}

/**
 * Spelling of the question's words against the words of the indexed texts as written (before
 * stemming, so a typo in an ending, "zabezpieczneie", still finds "zabezpieczenie") and the stop
 * words. The nearest words win; a stop word at that distance wins outright (people mistype "jakie"
 * far more often than a rare word of the texts). `words`: the texts' words, any case.
 *
 * Corrections are kept (at most SPELLING_CACHE_SIZE, least recently used out). A kept correction is
 * charged to the budget as the walk would be, so an answer never depends on what was asked before.
 */
export function questionSpelling(words: Iterable<string>, stop: ReadonlySet<string>): QuestionSpeller {
  const corpus = new Set<string>();
  for (const word of words) {
    const folded = fold(word);
    if (folded.length >= MIN_LENGTH - 1 && !/\d/.test(folded)) corpus.add(folded);
  }
  for (const word of stop) corpus.add(word);
  const byLength = wordsByLength(corpus);
  // The texts' words by their sound: the fallback for a word spelt by ear, too far in letters.
  const bySound = new Map<string, string[]>();
  for (const word of corpus) {
    if (stop.has(word)) continue;
    const sound = soundOf(word);
    if (sound.length < MIN_SOUND) continue;
    const words = bySound.get(sound);
    if (!words) bySound.set(sound, [word]);
    else if (words.length < SOUND_WORDS_KEPT) words.push(word);
  }
  // `false`: the word has no correction (the cache keeps no undefined).
  const kept = new LRUCache<string, Correction | false>({ max: SPELLING_CACHE_SIZE });
  const correct = (word: string, budget?: ComparisonBudget): Correction | undefined => {
    const folded = fold(word);
    if (folded.length < MIN_LENGTH || /\d/.test(folded)) return undefined;
    const edits = editsFor(folded.length);
    const cost = walkCost(folded, edits, byLength);
    // No word of the texts is that long or starts that way: nothing to walk, nothing to keep.
    if (cost === 0 || !spend(budget, cost)) return undefined;
    const known = kept.get(folded);
    if (known !== undefined) return known || undefined;
    let best = Infinity;
    let nearest: string[] = [];
    nearWords(folded, edits, byLength, (candidate, distance) => {
      if (distance < best) [best, nearest] = [distance, [candidate]];
      else if (distance === best) nearest.push(candidate);
    });
    // Nothing near in letters: the words that sound the same, when few do ("mejl" → "mail").
    if (!nearest.length) nearest = soundAlike(folded, bySound.get(soundOf(folded)));
    const correction: Correction | undefined = !nearest.length
      ? undefined
      : nearest.some((candidate) => stop.has(candidate))
        ? { stopWord: true }
        : { stopWord: false, words: nearest };
    kept.set(folded, correction ?? false);
    return correction;
  };
  return Object.defineProperty(correct, 'cached', { get: () => kept.size }) as QuestionSpeller;
}
