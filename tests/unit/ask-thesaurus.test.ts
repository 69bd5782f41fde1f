import { describe, expect, it } from 'vitest';
import { thesaurusExpander } from '../../src/server/ask/expand';
import { termNormalizer, stemmers, termsOf } from '../../src/server/ask/normalize';
import { thesaurus } from '../../src/server/ask/rules/thesaurus';

const normalize = termNormalizer();
const expand = thesaurusExpander(normalize);
const expansionOf = (question: string) => [...expand(termsOf(question, normalize)).keys()];
const termsOfPhrase = (phrase: string) => termsOf(phrase, normalize);

describe('/ask thesaurus (data)', () => {
  it('has only phrases that normalise to at least one term, each group at least two of them', () => {
    for (const { id, phrases } of thesaurus) {
      expect(phrases.length, id).toBeGreaterThanOrEqual(2);
      for (const phrase of phrases) expect(termsOfPhrase(phrase), phrase).not.toEqual([]);
    }
  });

  it('links the field’s words across languages (dostępność ↔ accessibility, NGO ↔ fundacja ↔ stowarzyszenie, WWW ↔ strona internetowa)', () => {
    expect(expansionOf('dostępność')).toEqual(expect.arrayContaining(termsOfPhrase('accessibility')));
    expect(expansionOf('accessibility')).toEqual(expect.arrayContaining(termsOfPhrase('dostępność')));
    expect(expansionOf('NGO')).toEqual(expect.arrayContaining([...termsOfPhrase('fundacja'), ...termsOfPhrase('stowarzyszenie'), ...termsOfPhrase('organizacja pozarządowa')]));
    expect(expansionOf('WWW')).toEqual(expect.arrayContaining(termsOfPhrase('strona internetowa')));
  });

  it('links everyday words to the expert ones (podejrzany mail ↔ phishing ↔ scam, słaby wzrok ↔ accessibility)', () => {
    expect(expansionOf('podejrzany mail')).toEqual(expect.arrayContaining([...termsOfPhrase('phishing'), ...termsOfPhrase('scam')]));
    expect(expansionOf('phishing')).toEqual(expect.arrayContaining(termsOfPhrase('podejrzany mail')));
    expect(expansionOf('słaby wzrok')).toEqual(expect.arrayContaining(termsOfPhrase('accessibility')));
  });

  it('works on inflected and diacritic-free forms', () => {
    // "stowarzyszenia" (genitive), "organizacji pozarzadowych" (plural, no Polish letters)
    expect(expansionOf('strona stowarzyszenia')).toEqual(expect.arrayContaining(termsOfPhrase('NGO')));
    expect(expansionOf('dla organizacji pozarzadowych')).toEqual(expect.arrayContaining(termsOfPhrase('fundacja')));
    expect(expansionOf('czytnika ekranu')).toEqual(expect.arrayContaining(termsOfPhrase('screen reader')));
    expect(expansionOf('wplaty przez strone')).toEqual(expect.arrayContaining(termsOfPhrase('donation')));
    // "falszywej wiadomosci" (genitive, no Polish letters)
    expect(expansionOf('falszywej wiadomosci')).toEqual(expect.arrayContaining(termsOfPhrase('phishing')));
  });

  it('matches a phrase only when its words are consecutive, and never expands to words already asked', () => {
    expect(expansionOf('strona internetowa')).toEqual(expect.arrayContaining(termsOfPhrase('website')));
    expect(expansionOf('internetowa strona')).not.toEqual(expect.arrayContaining(termsOfPhrase('website')));
    const terms = termsOf('backup kopia zapasowa', normalize);
    for (const term of terms) expect(expansionOf('backup kopia zapasowa')).not.toContain(term);
  });

  it('lets a phrase skip one question word, not two: "clicked a weird link" is "click a link"', () => {
    expect(expansionOf('someone clicked a weird link')).toEqual(expect.arrayContaining(termsOfPhrase('phishing')));
    expect(expansionOf('clicked a weird new link')).not.toEqual(expect.arrayContaining(termsOfPhrase('phishing')));
    // The words it stands for include the skipped one's neighbours only.
    const terms = termsOf('clicked weird link', normalize);
    expect(expand(terms).get(termsOfPhrase('phishing')[0]!)?.covers).toEqual([0, 2]);
  });

  it('leaves common verbs that are also brand names alone ("make sure" is no automation question)', () => {
    expect(expansionOf('make sure')).not.toEqual(expect.arrayContaining(termsOfPhrase('automation')));
  });

  it('says which question words each synonym stands for', () => {
    const expansion = expand(termsOf('szkolenie NGO', normalize));
    expect(expansion.get(termsOfPhrase('fundacja')[0]!)?.covers).toEqual([1]);
    expect(expansion.get(termsOfPhrase('training')[0]!)?.covers).toEqual([0]);
  });
});

describe('/ask stemmers compared (scripts/ask/relevance.mjs --stemmer)', () => {
  it('gives inflected and diacritic-free Polish forms one stem with each stemmer', () => {
    for (const name of Object.keys(stemmers) as (keyof typeof stemmers)[]) {
      const terms = (text: string) => termsOf(text, termNormalizer(name));
      expect(terms('strony internetowej'), name).toEqual(terms('strona internetowa'));
      expect(terms('automatyzacji'), name).toEqual(terms('automatyzacja'));
      expect(terms('dostępności'), name).toEqual(terms('dostepnosci'));
      expect(terms('menedżera haseł'), name).toEqual(terms('menedzera hasel'));
    }
  });

  it('differ where the measurement said: @nlpjs/lang-pl merges "szkolenie" and "szkolenia", the light stripper keeps English words whole', () => {
    const nlpjs = (text: string) => termsOf(text, termNormalizer('nlpjs'));
    const light = (text: string) => termsOf(text, termNormalizer('light'));
    expect(nlpjs('szkolenia')).toEqual(nlpjs('szkolenie'));
    expect(light('szkolenia')).toEqual(light('szkolenie'));
    expect(light('phishingu')).toEqual(light('phishing'));
  });
});
