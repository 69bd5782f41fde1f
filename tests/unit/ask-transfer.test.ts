import { describe, expect, it } from 'vitest';
import type { AskDocument } from '../../src/server/ask/documents';
import { buildAskIndex } from '../../src/server/ask/engine';
import { phrasingsOf, withStandInQuestions } from '../../src/server/ask/transfer';

const base = 'https://example.org';
function doc(fields: Partial<AskDocument> & Pick<AskDocument, 'id' | 'type' | 'locale' | 'key' | 'title'>): AskDocument {
  return { summary: '', url: `${base}/${fields.id}/`, source: `${base}/${fields.id}.md`, tags: [], keywords: '', body: '', ...fields };
}

// A page with many example questions that share a word with a new page nobody wrote examples for.
const passwords = doc({
  id: 'article:pl:hasla', type: 'article', locale: 'pl', key: 'passwords', title: 'Menedżer haseł dla zespołu', body: 'Hasła, MFA, sejf.',
  questions: ['hasło do laptopa firmowego', 'laptop bez hasła w biurze', 'jak ustawić hasło na laptopie', 'menedżer haseł na laptopie', 'zgubione hasło do laptopa', 'czy każdy laptop musi mieć hasło'],
});
const printers = doc({ id: 'article:pl:druk', type: 'article', locale: 'pl', key: 'print', title: 'Drukarka w biurze', questions: ['drukarka nie drukuje', 'drukarka gubi faktury'] });
const encryption = doc({
  id: 'article:pl:szyfrowanie', type: 'article', locale: 'pl', key: 'encryption', title: 'Szyfrowanie dysku laptopa',
  summary: 'BitLocker i FileVault: co zrobić, zanim laptop zginie.', body: '## Kradzież sprzętu\nCzy zaszyfrowany dysk chroni dane po kradzieży?',
});

describe('/ask: a page without example questions', () => {
  it('is found first in its own words, though another page has examples sharing them', () => {
    const documents = [passwords, printers, encryption];
    const search = (transfer: 'none' | 'phrasings') => buildAskIndex(documents, { transfer }).search({ text: 'szyfrowanie laptopa', locale: 'pl', limit: 3 }).results;
    // Without stand-ins every example-question vote goes to the password page.
    expect(search('none')[0]?.document.id).toBe('article:pl:hasla');
    expect(search('phrasings')[0]?.document.id).toBe('article:pl:szyfrowanie');
    expect(buildAskIndex(documents).search({ text: 'szyfrowanie laptopa', locale: 'pl', limit: 3 }).results[0]?.document.id).toBe('article:pl:szyfrowanie');
  });

  it("shares the examples' votes with it by the question's match with its text, while a question close to another page's examples stays there", () => {
    const withTheft = { ...passwords, questions: [...passwords.questions!, 'co jeśli ktoś ukradnie laptopa z hasłami', 'laptop skradziony z biura'] };
    const stolen = { ...encryption, body: `${encryption.body} Złodziej, który ukradnie laptopa, nie odczyta plików bez klucza odzyskiwania.` };
    const documents = [withTheft, printers, stolen];
    const first = (text: string, tuning: Parameters<typeof buildAskIndex>[1] = {}) => buildAskIndex(documents, tuning).search({ text, locale: 'pl', limit: 3 }).results[0]?.document.id;
    const votesUnshared = { standIns: { questions: 1, split: 0, textVote: 0, sure: 0 } };
    // The password page's examples about a stolen laptop outvote the new page's own phrasings...
    expect(first('laptop skradziony co z plikami', votesUnshared)).toBe('article:pl:hasla');
    // ...unless its text, which the question matches, shares their votes.
    expect(first('laptop skradziony co z plikami')).toBe('article:pl:szyfrowanie');
    expect(first('zgubione hasło do laptopa')).toBe('article:pl:hasla');
  });

  it('stands in with its title, summary, searchTerms, headings and the questions its text asks; pages with examples are left as they are', () => {
    expect(phrasingsOf({ ...encryption, keywords: 'BitLocker · skradziony laptop' })).toEqual([
      'Szyfrowanie dysku laptopa',
      'BitLocker i FileVault: co zrobić, zanim laptop zginie.',
      'BitLocker',
      'skradziony laptop',
      'Kradzież sprzętu',
      'Czy zaszyfrowany dysk chroni dane po kradzieży?',
    ]);
    const documents = [passwords, printers];
    expect(withStandInQuestions(documents, 'phrasings')).toBe(documents);
    const given = withStandInQuestions([passwords, encryption], 'phrasings');
    expect(given[0]).toBe(passwords);
    expect(new Set(given[1]?.questions)).toEqual(new Set(phrasingsOf(encryption)));
  });

  it('gets none where most pages have no examples to learn from (a site without examples, the bench)', () => {
    const documents = [{ ...passwords, questions: undefined }, printers, encryption];
    expect(withStandInQuestions(documents, 'phrasings')).toBe(documents);
  });
});
