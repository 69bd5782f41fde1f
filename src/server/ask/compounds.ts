/**
 * Compound words as visitors write them: joined, hyphenated or split ("email", "e-mail", "e mail";
 * "backup", "back-up"; "cyberbezpieczeństwo", "cyber-bezpieczeństwo"). No list per word: the texts'
 * own vocabulary decides.
 * - The index also holds a hyphenated word joined (`indexTokens`: "e-commerce" is "e", "commerce"
 *   and "ecommerce"), so a question writing it joined finds the text that hyphenates it.
 * - A question's two neighbouring words, hyphenated or split by a space, are also read joined when
 *   the joined word is a word of the texts ("e mail" → "email", "back-up" → "backup"); split by a
 *   space, only when one of them is no word of the texts by itself ("set up" is a phrase).
 * - A question word the texts do not know is also read as two words of the texts it may be made of
 *   ("cyberbezpieczenstwo" → "cyber" + "bezpieczenstwo").
 * These readings are added to the question as its own words (full weight; they cover the words they
 * came from, as a thesaurus synonym does), never in place of them. Pure module.
 */
import type { Expansion } from './expand.ts';
import { fold, tokenize, type TermNormalizer } from './normalize.ts';

/** A hyphen (any dash) or one space between two words: they may be one word written apart. */
const JOINABLE = /^(?:[-‐‑–]| )$/u;
/** The shortest part of a split word: shorter ones make too many splits. */
const MIN_PART = 3;
/** The shortest unknown word tried as two words. */
const MIN_SPLIT = 2 * MIN_PART;
/** Unknown words tried as two, first come first (a question of 500 characters of made-up words costs no more). */
const MAX_SPLIT_WORDS = 6;
const word = /[^\n\r\p{Z}\p{P}\p{S}]+/gu;

/** A text's tokens (tokenize), and each hyphenated pair of words joined ("e-mail" → "email"). */
export function indexTokens(text: string): string[] {
  const tokens = tokenize(text);
  if (!/[-‐‑–]/u.test(text)) return tokens;
  const joined = /([^\n\r\p{Z}\p{P}\p{S}]+)[-‐‑–](?=([^\n\r\p{Z}\p{P}\p{S}]+))/gu;
  // Letters only: "3-2-1" is not a word written apart.
  for (const match of text.matchAll(joined)) if (!/\d/.test(match[1]! + match[2]!)) tokens.push(match[1]! + match[2]!);
  return tokens;
}

const termOf = (normalized: string | string[] | null): string | undefined => (normalized === null ? undefined : typeof normalized === 'string' ? normalized : normalized[0]);

/**
 * The question's compound readings (above), as an Expansion over its `queryTerms` (its distinct
 * terms, in order, as question.ts makes them); `known`: whether the texts hold a term. `exact`: they
 * are the question's own words, spelt otherwise.
 */
export function compoundReadings(text: string, queryTerms: readonly string[], normalize: TermNormalizer, known: (term: string) => boolean): Expansion {
  const readings: Expansion = new Map();
  const positionOf = (token: string) => {
    const term = termOf(normalize(token));
    const at = term === undefined ? -1 : queryTerms.indexOf(term);
    return at < 0 ? [] : [at];
  };
  const add = (term: string, covers: number[], share: number) => {
    if (queryTerms.includes(term) || !covers.length) return;
    const reading = readings.get(term);
    if (reading) reading.covers = [...new Set([...reading.covers, ...covers])];
    else readings.set(term, { covers, share, exact: true });
  };
  // A word by itself: three letters or more, and a word of the texts.
  const isWord = (token: string) => {
    const term = termOf(normalize(token));
    return token.length >= MIN_PART && term !== undefined && known(term);
  };
  const words = [...text.matchAll(word)];
  let splitsLeft = MAX_SPLIT_WORDS;
  words.forEach((match, at) => {
    const token = match[0];
    const next = words[at + 1];
    // Two words written apart: read joined when the texts know the joined word. Apart by a space,
    // only when one of them is no word by itself ("e mail", "wi fi"): "set up" and "log in" are
    // phrases as written.
    const gap = next ? text.slice(match.index + token.length, next.index) : '';
    if (next && JOINABLE.test(gap) && (gap !== ' ' || !isWord(token) || !isWord(next[0]))) {
      const joined = termOf(normalize(token + next[0]));
      if (joined && known(joined)) add(joined, [...positionOf(token), ...positionOf(next[0])], 1);
    }
    // An unknown word written joined: read as two words of the texts.
    const folded = fold(token);
    const term = termOf(normalize(token));
    if (term === undefined || known(term) || folded.length < MIN_SPLIT || /\d/.test(folded) || splitsLeft-- <= 0) return;
    // The cut into two words of the texts with the longer shorter part ("cyber|bezpieczenstwo").
    let best: [string, string] | undefined;
    let bestShorter = 0;
    for (let cut = MIN_PART; cut <= folded.length - MIN_PART; cut++) {
      const left = termOf(normalize(folded.slice(0, cut)));
      const right = termOf(normalize(folded.slice(cut)));
      const shorter = Math.min(cut, folded.length - cut);
      if (left && right && shorter > bestShorter && known(left) && known(right)) [best, bestShorter] = [[left, right], shorter];
    }
    if (best) for (const part of best) add(part, positionOf(token), 1);
  });
  return readings;
}

/** The thesaurus' synonyms with the compound readings over them (a reading is the question's own word: it wins). */
export function withReadings(synonyms: Expansion, readings: Expansion): Expansion {
  if (!readings.size) return synonyms;
  const merged: Expansion = new Map(synonyms);
  for (const [term, reading] of readings) merged.set(term, reading);
  return merged;
}
