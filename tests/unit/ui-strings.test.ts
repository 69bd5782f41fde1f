/**
 * The interface strings: one catalogue per language (src/i18n/pl.ts is the source of the keys, en.ts
 * must match it), no empty string, the same {placeholders} in both languages, and no component,
 * layout, page, island or server module keeping a string table of its own.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { en } from '../../src/i18n/en';
import { fill } from '../../src/i18n/fill';
import { pl } from '../../src/i18n/pl';
import { consultationLead, consultationSteps, ui } from '../../src/i18n/ui';
import { countOf } from '../../src/server/base/plural';
import { askResultTypes } from '../../src/server/schemas/ask';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Every string of a catalogue by its dotted path ("search.kinds.article", "home.start.0.title"). */
function leaves(value: unknown, path = ''): Map<string, string> {
  const found = new Map<string, string>();
  if (typeof value === 'string') return found.set(path, value);
  for (const [key, inner] of Object.entries(value as object)) {
    for (const [innerPath, text] of leaves(inner, path ? `${path}.${key}` : key)) found.set(innerPath, text);
  }
  return found;
}

/** A counted noun (one/other, Polish also few/many) is one entry: its forms differ by language. */
const isPlural = (value: unknown) => typeof value === 'object' && value !== null && 'one' in value && 'other' in value;
function keysOf(value: unknown, path = ''): string[] {
  if (typeof value !== 'object' || value === null || isPlural(value)) return [path];
  return Object.entries(value).flatMap(([key, inner]) => keysOf(inner, path ? `${path}.${key}` : key));
}
function pluralsOf(value: unknown, path = ''): Map<string, Record<string, string>> {
  if (isPlural(value)) return new Map([[path, value as Record<string, string>]]);
  if (typeof value !== 'object' || value === null) return new Map();
  return new Map(Object.entries(value).flatMap(([key, inner]) => [...pluralsOf(inner, path ? `${path}.${key}` : key)]));
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

/** Arrays may differ in length between languages (a list of steps); their items are compared where both have them. */
const withoutListItems = (keys: string[]) => keys.map((key) => key.replace(/\.\d+(?=\.|$)/g, '.#'));

describe('the interface strings', () => {
  it('has the same keys in Polish and English', () => {
    const polish = new Set(withoutListItems(keysOf(pl)));
    const english = new Set(withoutListItems(keysOf(en)));
    console.log(`keys: ${polish.size} in pl, ${english.size} in en; strings: ${leaves(pl).size} pl, ${leaves(en).size} en`);
    expect(polish.size).toBeGreaterThan(300);
    expect([...polish].filter((key) => !english.has(key))).toEqual([]);
    expect([...english].filter((key) => !polish.has(key))).toEqual([]);
  });

  it('has no empty string', () => {
    for (const catalogue of [pl, en]) {
      expect([...leaves(catalogue)].filter(([, text]) => text.trim() === '').map(([path]) => path)).toEqual([]);
    }
  });

  it('asks for the same {placeholders} in both languages', () => {
    const english = leaves(en);
    const differing = [...leaves(pl)].filter(([path, text]) => english.has(path) && placeholders(text).join() !== placeholders(english.get(path)!).join());
    // The Polish mail names the business only under its closing; the English one also in its first sentence.
    expect(differing.map(([path]) => path)).toEqual(['mail.booking.confirmed', 'mail.newsletter.welcomeBody']);
    for (const [path, text] of differing) expect(`${placeholders(text)} → ${placeholders(english.get(path)!)}`).toBe(' → business');
    // Both languages fill the values in: a template with placeholders exists and every one of them gets used.
    const templates = [...leaves(pl)].filter(([, text]) => placeholders(text).length > 0);
    expect(templates.length).toBeGreaterThan(20);
  });

  it('gives every Polish counted noun its few and many forms', () => {
    const plurals = pluralsOf(pl);
    expect(plurals.size).toBeGreaterThanOrEqual(5);
    expect([...plurals].filter(([, forms]) => !forms.few || !forms.many).map(([path]) => path)).toEqual([]);
    expect([...pluralsOf(en).keys()].sort()).toEqual([...plurals.keys()].sort());
  });

  it('names every kind of search result the site search can return', () => {
    for (const locale of ['pl', 'en'] as const) {
      expect(askResultTypes.filter((type) => !(type in ui[locale].search.kinds))).toEqual([]);
    }
  });

  it('fills placeholders and counts nouns in each language', () => {
    expect(fill(ui.pl.articles.page, { page: 2, count: 5 })).toBe('Strona 2 z 5');
    expect(fill(ui.en.search.for, { query: 'backups' })).toBe('for “backups”');
    expect(fill(ui.pl.articles.tagDescription, { tag: 'RODO', articles: countOf('pl', 22, ui.pl.articles.articleCount) })).toBe('22 artykuły na temat „RODO”.');
    expect(fill(ui.pl.search.limited, { seconds: countOf('pl', 5, ui.pl.units.seconds) })).toBe('Za dużo wyszukiwań w krótkim czasie. Spróbuj ponownie za 5 sekund.');
    expect(fill(ui.en.formChecks.tooShort, { count: countOf('en', 1, ui.en.formChecks.characters) })).toBe('Enter at least 1 character.');
    // A placeholder without a value stays visible rather than turning into "undefined".
    expect(fill('{a} and {b}' as string, { a: 1 })).toBe('1 and {b}');
    expect(consultationSteps('en', { kind: 'phone' }).at(-1)).toBe(en.consultation.lastStep.phone);
    expect(consultationSteps('pl', { kind: 'address', address: 'ul. Długa 5, Gdańsk' }).at(-1)).toBe('Otrzymasz e-mailem potwierdzenie z zaproszeniem do kalendarza; spotkamy się osobiście pod adresem: ul. Długa 5, Gdańsk.');
    // The lead follows the same location: the summary, then how the conversation happens.
    expect(consultationLead('pl', '30 minut rozmowy. ', { kind: 'address', address: 'ul. Długa 5, Gdańsk' })).toBe('30 minut rozmowy. Spotykamy się osobiście pod adresem: ul. Długa 5, Gdańsk.');
    expect(consultationLead('en', 'A talk.', { kind: 'address', address: 'ul. Długa 5, Gdańsk' })).toBe('A talk. We meet in person at ul. Długa 5, Gdańsk.');
    expect(consultationLead('pl', 'Rozmowa.', { kind: 'phone' })).toBe('Rozmowa. Rozmawiamy przez telefon: o umówionej porze dzwonimy na podany numer.');
    expect(consultationLead('en', 'A talk.', { kind: 'video', url: 'https://meet.example.org/x' })).toBe('A talk. We talk online, by video: the link comes with the invitation.');
  });
});

/** Files of the interface, below src/. */
function files(folder: string): string[] {
  return readdirSync(join(root, folder)).flatMap((name) => {
    const path = join(folder, name);
    return statSync(join(root, path)).isDirectory() ? files(path) : /\.(astro|tsx?|mjs)$/.test(name) ? [path] : [];
  });
}

/** The ways a file can keep words of its own in both languages. */
const tablePatterns = [
  // const text = { pl: { … }, en: { … } }, in either order
  /\bpl\s*:\s*\{[\s\S]{0,4000}?\ben\s*:\s*\{/,
  /\ben\s*:\s*\{[\s\S]{0,4000}?\bpl\s*:\s*\{/,
  // { pl: 'Menu', en: 'Menu' }, in either order  (words, not a code such as 'pl-PL')
  /\bpl\s*:\s*(['"`])(?![a-z]{2}(?:-[A-Z]{2})?\1)[^'"`]*\1\s*,\s*en\s*:/,
  /\ben\s*:\s*(['"`])(?![a-z]{2}(?:-[A-Z]{2})?\1)[^'"`]*\1\s*,\s*pl\s*:/,
  // locale === 'pl' ? 'Zapytaj asystenta' : 'Ask the assistant'  (a sentence, not a code such as 'pl-PL')
  /\b(?:locale|lang|language)\s*===\s*['"](?:pl|en)['"]\s*\?\s*['"`][^'"`]*\s[^'"`]*['"`]/,
];

/** Server files whose pairs of Polish and English are data, not words of the interface, and why. */
const notInterfaceWords: Record<string, string> = {
  'src/server/base/urls.ts': 'the path segments of each language',
  'src/server/base/i18n.ts': "each language's name in English, for prompts and documents",
  'src/server/base/errors.ts': 'the error catalogue: what a person reads per error code',
  'src/server/base/error-messages.ts': 'the error catalogue: the sentences of each error, typed by its parameters',
  'src/server/ask/flow-keywords.ts': 'the search words of the /ask ranking',
  'src/server/scheduling/labels.ts': "the order of a date's parts in each language",
  'src/server/documents/agent-instructions.ts': 'a document for agents whose fields are keyed by language',
};

export function stringTables(source: string): boolean {
  return tablePatterns.some((pattern) => pattern.test(source));
}

describe('no string table outside the catalogue', () => {
  it('recognises the tables a newcomer might write', () => {
    expect(stringTables("const text = {\n  pl: { heading: 'Napisz do nas' },\n  en: { heading: 'Write to us' },\n}[locale];")).toBe(true);
    expect(stringTables("const label = { pl: 'Menu', en: 'Menu' }[locale];")).toBe(true);
    expect(stringTables("'mcp:read': {\n    en: 'Read-only tools.',\n    pl: 'Narzędzia tylko do odczytu.',\n  },")).toBe(true);
    expect(stringTables("const intlLocale = { en: 'en-GB', pl: 'pl-PL' };")).toBe(false);
    expect(stringTables("const label = locale === 'pl' ? 'Zapytaj asystenta' : 'Ask the assistant';")).toBe(true);
    expect(stringTables("new Intl.NumberFormat(locale === 'pl' ? 'pl-PL' : 'en-GB')")).toBe(false);
    expect(stringTables("const intlLocale = { pl: 'pl-PL', en: 'en-GB' };")).toBe(false);
    expect(stringTables("const other = locale === 'pl' ? 'en' : 'pl';")).toBe(false);
  });

  it('finds none in components, layouts, pages or islands', () => {
    const scanned = ['src/components', 'src/layouts', 'src/pages', 'src/islands'].flatMap(files);
    console.log(`scanned ${scanned.length} files`);
    expect(scanned.length).toBeGreaterThan(60);
    expect(scanned.filter((path) => stringTables(readFileSync(join(root, path), 'utf8'))).map((path) => relative(root, join(root, path)))).toEqual([]);
  });

  it('finds none in the server: its pages, views, mails and tool texts come from the catalogue too', () => {
    const scanned = files('src/server').filter((path) => !(path in notInterfaceWords));
    const tables = scanned.filter((path) => stringTables(readFileSync(join(root, path), 'utf8')));
    console.log(`scanned ${scanned.length} server files; ${Object.keys(notInterfaceWords).length} allowed`);
    expect(scanned.length).toBeGreaterThan(200);
    expect(tables).toEqual([]);
    // Each allowed file still holds such pairs: an entry that no longer needs its place goes.
    expect(Object.keys(notInterfaceWords).filter((path) => !stringTables(readFileSync(join(root, path), 'utf8')))).toEqual([]);
  });
});
