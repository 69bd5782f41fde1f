import { describe, expect, it } from 'vitest';
import { detectIntents } from '../../src/server/ask/intent';
import { intentSpelling } from '../../src/server/ask/spelling';

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
});
