import { describe, expect, it } from 'vitest';
import { chooseLocale, detectLanguage } from '../../src/server/ask/language';

describe('/ask: the question’s language', () => {
  it('recognises Polish, with and without Polish letters', () => {
    for (const question of ['ile kosztuje strona internetowa', 'jak się z wami skontaktować', 'menedzer hasel dla calego zespolu', 'kopie zapasowe w chmurze', 'potrzebujemy nowej witryny dla naszej fundacji', 'szkolenie z phishingu']) {
      expect(detectLanguage(question), question).toBe('pl');
    }
  });

  it('recognises English', () => {
    for (const question of ['how much does a website cost', 'book a call', 'our site takes ages to open on a phone', 'password manager for the whole team', 'what is the 3-2-1 rule']) {
      expect(detectLanguage(question), question).toBe('en');
    }
  });

  it('stays undecided on names, acronyms and numbers', () => {
    for (const question of ['WCAG', 'TechSoup', '3-2-1', 'Microsoft 365', 'RODO GDPR']) expect(detectLanguage(question), question).toBeUndefined();
  });

  it('chooses the request’s locale, then the question’s, then Accept-Language, then pl', () => {
    expect(chooseLocale('pl', 'how much does it cost', 'en')).toEqual({ locale: 'pl', source: 'request' });
    expect(chooseLocale(undefined, 'how much does it cost', 'pl')).toEqual({ locale: 'en', source: 'question' });
    expect(chooseLocale(undefined, 'WCAG', 'en-US,en;q=0.9')).toEqual({ locale: 'en', source: 'accept-language' });
    expect(chooseLocale(undefined, 'WCAG', undefined)).toEqual({ locale: 'pl', source: 'default' });
  });
});
