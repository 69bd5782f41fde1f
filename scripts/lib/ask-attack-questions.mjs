/**
 * The dearest /ask questions an outsider can write, for the attack tests (tests/slow/ask-attack.test.ts)
 * and the benchmark (scripts/bench/ask-attack.mjs), and the normal questions both weigh them against:
 * 500 characters (the limit) of what makes a
 * question expensive. Every word is unknown to the texts, so each would ask for a spelling check
 * and a typo-tolerant walk of the vocabulary. Deterministic: the n-th question of a kind is always
 * the same, and questions of one kind differ (so the answer cache never serves them).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadTs } from './load-ts.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const MAX_LENGTH = 500;
const latin = 'abcdefghijklmnopqrstuvwxyz';
const polishLetters = 'ąćęłńóśźż';

/** @type {Map<string, string[]>} */
const wordsByLocale = new Map();

/** The articles' words of 7+ letters (lower case): real words, two edits of typo tolerance each. */
function contentWords(/** @type {'pl' | 'en'} */ locale) {
  let words = wordsByLocale.get(locale);
  if (!words) {
    const folder = join(root, 'content/articles', locale);
    const found = new Set();
    for (const file of readdirSync(folder).filter((name) => /\.mdx?$/.test(name)).sort()) {
      for (const word of readFileSync(join(folder, file), 'utf8').match(/\p{L}{7,}/gu) ?? []) found.add(word.toLowerCase());
    }
    words = [...found].sort();
    wordsByLocale.set(locale, words);
  }
  return words;
}

/** A small seeded generator (mulberry32): the same n gives the same question. */
function random(/** @type {number} */ seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

/** Words from `next()` joined by spaces, as many as fit in 500 characters. */
function fill(/** @type {() => string} */ next) {
  let text = next();
  for (;;) {
    const word = next();
    if (text.length + 1 + word.length > MAX_LENGTH) return text;
    text += ` ${word}`;
  }
}

/** `word` with one inner letter replaced by another of `alphabet`. */
function misspell(/** @type {string} */ word, /** @type {string} */ alphabet, /** @type {() => number} */ draw) {
  const at = 1 + Math.floor(draw() * (word.length - 2));
  let letter = alphabet[Math.floor(draw() * alphabet.length)];
  if (letter === word[at]) letter = alphabet[(alphabet.indexOf(letter) + 1) % alphabet.length];
  return word.slice(0, at) + letter + word.slice(at + 1);
}

/** @typedef {'misspelled' | 'random letters' | 'repeated word' | 'polish diacritics' | 'address-like'} AttackKind */

/** @type {Record<AttackKind, (n: number) => { text: string; locale: 'pl' | 'en' }>} */
export const attackQuestions = {
  // Real words of both languages, each one letter off: the speller's and the typo walk's worst case.
  misspelled: (n) => {
    const draw = random(1_000 + n);
    const words = [...contentWords('pl'), ...contentWords('en')];
    return { text: fill(() => misspell(words[Math.floor(draw() * words.length)], latin, draw)), locale: n % 2 ? 'en' : 'pl' };
  },
  // Words of 5–10 random letters: nothing near them, but every one is looked for.
  'random letters': (n) => {
    const draw = random(2_000 + n);
    const word = () => Array.from({ length: 5 + Math.floor(draw() * 6) }, () => latin[Math.floor(draw() * latin.length)]).join('');
    return { text: fill(word), locale: 'en' };
  },
  // One misspelled word repeated to the limit.
  'repeated word': (n) => {
    const draw = random(3_000 + n);
    const words = contentWords('pl');
    const word = misspell(words[Math.floor(draw() * words.length)], latin, draw);
    return { text: fill(() => word), locale: 'pl' };
  },
  // Polish words with a letter turned into another with a diacritic (folded, it is a typo of the word).
  'polish diacritics': (n) => {
    const draw = random(4_000 + n);
    const words = contentWords('pl');
    return { text: fill(() => misspell(words[Math.floor(draw() * words.length)], polishLetters, draw)), locale: 'pl' };
  },
  // One run that almost reads as an e-mail address (letters, "@", dots): the worst case of the
  // personal-data patterns, which read every question.
  'address-like': (n) => {
    const draw = random(5_000 + n);
    const letters = Array.from({ length: 250 }, () => latin[Math.floor(draw() * latin.length)]).join('');
    return { text: `${letters}@${'.'.repeat(249)}`, locale: 'en' };
  },
};

/** @type {AttackKind[]} */
export const attackKinds = /** @type {AttackKind[]} */ (Object.keys(attackQuestions));

/**
 * The yardstick: questions people ask, the example questions and the unseen ones of the relevance set
 * (3,600, more than the answer cache keeps), in one order, so the test and the bench weigh the dearest
 * questions against the same normal ones.
 */
export async function normalQuestions() {
  const { loadExampleQuestions } = await loadTs('src/server/ask/example-questions.ts', 'example-questions');
  const unseen = JSON.parse(readFileSync(join(root, 'tests/fixtures/ask-relevance.json'), 'utf8')).cases;
  return [...loadExampleQuestions(join(root, 'content')), ...unseen].map(
    (/** @type {{ query: string; locale: 'pl' | 'en' }} */ item) => ({ text: item.query, locale: item.locale }),
  );
}
