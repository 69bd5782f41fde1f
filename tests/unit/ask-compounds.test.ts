import { describe, expect, it } from 'vitest';
import type { AskDocument } from '../../src/server/ask/documents';
import { buildAskIndex } from '../../src/server/ask/engine';
import { questionSpelling } from '../../src/server/ask/spelling';
import { stopWords } from '../../src/server/ask/normalize';

const base = 'https://example.org';
function doc(fields: Partial<AskDocument> & Pick<AskDocument, 'id' | 'type' | 'locale' | 'key' | 'title'>): AskDocument {
  return { summary: '', url: `${base}/${fields.id}/`, source: `${base}/${fields.id}.md`, tags: [], keywords: '', body: '', ...fields };
}

// Each page writes its compound one way; visitors write it every way.
const documents: AskDocument[] = [
  doc({ id: 'article:pl:poczta', type: 'article', locale: 'pl', key: 'mail', title: 'Poczta firmowa', body: 'Skrzynka email dla zespołu, aliasy, przekierowania i mail w telefonie.' }),
  doc({ id: 'article:en:shop', type: 'article', locale: 'en', key: 'shop', title: 'Selling online', body: 'An e-commerce shop for a small charity: payments and invoices.' }),
  doc({ id: 'article:en:backups', type: 'article', locale: 'en', key: 'backups', title: 'Backup for a small office', body: 'Three copies, two media, one offsite.' }),
  doc({ id: 'article:pl:bezpieczenstwo', type: 'article', locale: 'pl', key: 'security', title: 'Cyberbezpieczeństwo w fundacji', body: 'Szkolenia, hasła, aktualizacje.' }),
  doc({ id: 'article:pl:sieci', type: 'article', locale: 'pl', key: 'network', title: 'Sieć w biurze', body: 'Router, przełącznik i punkty dostępowe.' }),
  doc({ id: 'article:en:printing', type: 'article', locale: 'en', key: 'printing', title: 'Office printers', body: 'Toner, drivers and the print queue.' }),
];
const index = buildAskIndex(documents);
const first = (text: string, locale: 'pl' | 'en' = 'en') => index.search({ text, locale, limit: 3 }).results[0]?.document.id;

describe('/ask compounds written joined, hyphenated or apart', () => {
  it('reads two words written apart or hyphenated as the joined word of the texts', () => {
    expect(first('adres e-mail', 'pl')).toBe('article:pl:poczta');
    expect(first('adres e mail', 'pl')).toBe('article:pl:poczta');
    expect(first('how do I back-up the office laptops')).toBe('article:en:backups');
    expect(first('cyber bezpieczeństwo', 'pl')).toBe('article:pl:bezpieczenstwo');
    expect(first('cyber-bezpieczeństwo', 'pl')).toBe('article:pl:bezpieczenstwo');
  });

  it('finds a text that hyphenates the word a question writes joined', () => {
    expect(first('ecommerce')).toBe('article:en:shop');
    expect(first('e commerce')).toBe('article:en:shop');
  });

  it('reads an unknown word as the two words of the texts it is made of', () => {
    expect(first('cybersieć w biurze', 'pl')).toBe('article:pl:sieci');
    expect(first('officeprinters')).toBe('article:en:printing');
  });

  it('reads them so only when the texts know the joined word', () => {
    expect(first('cyber bezpieczeństwo', 'pl')).toBe('article:pl:bezpieczenstwo');
    // "officeprinters" is no word of the texts: "office printers" is searched as two words.
    expect(first('office printers')).toBe('article:en:printing');
    expect(first('toner drivers')).toBe('article:en:printing');
  });
});

describe('/ask words spelt by ear', () => {
  const spellWord = questionSpelling(['mail', 'maile', 'backup', 'komputer', 'cloud', 'Mila', 'kopia'], stopWords);

  it('takes a word too far in letters for a typo for the word of the texts that sounds the same', () => {
    expect(spellWord('mejl')).toEqual({ stopWord: false, words: ['mail'] });
    expect(spellWord('bekap')).toEqual({ stopWord: false, words: ['backup'] });
    expect(spellWord('kompjuter')).toEqual({ stopWord: false, words: ['komputer'] });
    expect(spellWord('klaud')).toEqual({ stopWord: false, words: ['cloud'] });
  });

  it('leaves a word that sounds like nothing in the texts alone', () => {
    expect(spellWord('bekap')).toEqual({ stopWord: false, words: ['backup'] });
    expect(spellWord('zebra')).toBeUndefined();
  });

  it('finds a page through a word spelt by ear', () => {
    expect(first('mejl', 'pl')).toBe('article:pl:poczta');
  });
});
