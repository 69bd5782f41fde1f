import { describe, expect, it } from 'vitest';
import { detectIntents, patternWords } from '../../src/server/ask/intent';
import { intentSpelling, questionSpelling } from '../../src/server/ask/spelling';
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
