import { describe, expect, it } from 'vitest';
import { thesaurusExpander } from '../../src/server/ask/expand';
import { detectIntents, matchingIntentRules } from '../../src/server/ask/intent';
import { termNormalizer, termsOf } from '../../src/server/ask/normalize';
import { askRules, ruleIds, withoutRules } from '../../src/server/ask/rules/index';

const normalize = termNormalizer();

describe('/ask rules as named data', () => {
  it('names every intent pattern and thesaurus group once, by a stable readable id', () => {
    const ids = ruleIds();
    expect(ids.length).toBeGreaterThan(50);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z-]+\.[a-z0-9-]+$/);
  });

  it('switches off exactly the named intent rule', () => {
    expect(matchingIntentRules('book a call')).toEqual(['consultation.en-book-call']);
    expect(detectIntents('book a call')).toEqual(['consultation']);
    const without = withoutRules(['consultation.en-book-call']);
    expect(detectIntents('book a call', without.intents)).toEqual([]);
    // The others stay: "bezpłatna konsultacja" reads as before.
    expect(detectIntents('bezpłatna konsultacja', without.intents)).toEqual(['consultation']);
    expect(ruleIds(without)).toHaveLength(ruleIds().length - 1);
  });

  it('switches off exactly the named thesaurus group', () => {
    const terms = termsOf('hasło w fundacji', normalize);
    const expand = thesaurusExpander(normalize);
    expect(expand.groupsIn(terms)).toEqual(expect.arrayContaining(['haslo', 'ngo']));
    expect([...expand(terms).keys()]).toEqual(expect.arrayContaining(termsOf('password', normalize)));
    const without = thesaurusExpander(normalize, withoutRules(['thesaurus.haslo']).thesaurus);
    expect(without.groupsIn(terms)).toEqual(['ngo']);
    expect([...without(terms).keys()]).not.toEqual(expect.arrayContaining(termsOf('password', normalize)));
    expect(askRules.thesaurus.length - withoutRules(['thesaurus.haslo']).thesaurus.length).toBe(1);
  });
});
