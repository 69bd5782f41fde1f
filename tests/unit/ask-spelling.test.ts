import { describe, expect, it } from 'vitest';
import { detectIntents, patternWords } from '../../src/server/ask/intent';
import { intentSpelling, questionSpelling, SPELLING_CACHE_SIZE } from '../../src/server/ask/spelling';
import { stopWords } from '../../src/server/ask/normalize';

const corpus = new Set(['nicked', 'laptop', 'kopie']);
const spell = intentSpelling(['kosztuje', 'Cennik', 'office', 'monthly', 'gdzie'], (word) => corpus.has(word));

describe('/ask intent spelling', () => {
  it('corrects a typo in an intent word, one edit away (a swap of two letters counts one)', () => {
    expect(spell('Ile to koszeuje?')).toBe('ile to kosztuje?');
    expect(spell('gzdie jest biuro')).toBe('gdzie jest biuro');
    expect(spell('where is your ofifce')).toBe('where is your office');
    expect(detectIntents(spell('ile to koszeuje'))).toEqual(['pricing']);
  });

  it('takes words the texts contain, short words and words far from every intent word as meant', () => {
    expect(spell('laptop nicked')).toBe('laptop nicked');
    expect(spell('ofis')).toBe('ofis');
    expect(spell('ballpark figure')).toBe('ballpark figure');
    // Two edits away is not a typo of "monthly".
    expect(spell('mnothyl')).toBe('mnothyl');
  });

  it("keeps the intent patterns' own words: 'intro' is not a typo of 'into'", () => {
    const withPatterns = intentSpelling([...patternWords(), 'into'], (word) => corpus.has(word));
    expect(withPatterns('is the intro meeting online')).toBe('is the intro meeting online');
    expect(detectIntents(withPatterns('is the intro meeting online'))).toEqual(['consultation']);
  });
});

describe('/ask question spelling', () => {
  const spellWord = questionSpelling(['Zabezpieczenie', 'zabezpieczenia', 'kopie', 'backup', 'backups', 'password', 'passport'], stopWords);

  it('finds the words of the texts as written, so a typo in an ending is one edit, not a new stem', () => {
    expect(spellWord('zabezpieczneie')).toEqual({ stopWord: false, words: ['zabezpieczenie'] });
    expect(spellWord('bakcups')).toEqual({ stopWord: false, words: ['backups'] });
  });

  it('keeps only the nearest words, up to one edit in short words and two in words of seven letters or more', () => {
    expect(spellWord('passwrod')).toEqual({ stopWord: false, words: ['password'] });
    expect(spellWord('paseoord')).toEqual({ stopWord: false, words: ['password'] });
    expect(spellWord('kpoei')).toBeUndefined();
  });

  it('takes a word next to a stop word for that stop word, and leaves short words and numbers alone', () => {
    expect(spellWord('jsakie')).toEqual({ stopWord: true });
    expect(spellWord('whcih')).toEqual({ stopWord: true });
    expect(spellWord('kop')).toBeUndefined();
    expect(spellWord('2026')).toBeUndefined();
  });
});

describe('/ask spelling work per question', () => {
  it('checks a word only when its whole walk fits the budget, and charges a kept correction as a walk', () => {
    const spellWord = questionSpelling(['password', 'passport', 'backups'], stopWords);
    const budget = { left: 1_000 };
    expect(spellWord('passwrod', budget)).toEqual({ stopWord: false, words: ['password'] });
    const walk = 1_000 - budget.left;
    expect(walk).toBeGreaterThan(0);
    // Kept now, but charged the same: an answer never depends on what was asked before.
    expect(spellWord('passwrod', budget)).toEqual({ stopWord: false, words: ['password'] });
    expect(1_000 - budget.left).toBe(2 * walk);
    // Not enough left: the word is taken as written, and nothing is spent.
    const short = { left: walk - 1 };
    expect(spellWord('passwrod', short)).toBeUndefined();
    expect(short.left).toBe(walk - 1);
  });

  it(`keeps at most ${SPELLING_CACHE_SIZE} corrections, however many different words are asked`, () => {
    const spellWord = questionSpelling(['password', 'passport', 'backups'], stopWords);
    // Words of letters only (a word with a digit is never checked): pass + the number in base 26.
    const letters = (value: number) => Array.from({ length: 4 }, (_, at) => String.fromCharCode(97 + (Math.floor(value / 26 ** at) % 26))).join('');
    for (let at = 0; at < SPELLING_CACHE_SIZE + 500; at++) spellWord(`pass${letters(at)}`);
    expect(spellWord.cached).toBe(SPELLING_CACHE_SIZE);
  });

  it('looks up intent typos in the first words only: a typo past them stays as written', () => {
    const firstTwo = intentSpelling(['kosztuje', 'gdzie'], (word) => corpus.has(word), 2);
    expect(firstTwo('qwerty asdfgh koszeuje')).toBe('qwerty asdfgh koszeuje');
    expect(firstTwo('koszeuje qwerty asdfgh')).toBe('kosztuje qwerty asdfgh');
    // Words the texts know are not counted.
    expect(firstTwo('laptop nicked koszeuje')).toBe('laptop nicked kosztuje');
  });
});
