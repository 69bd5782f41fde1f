/**
 * An editor's mistakes the content check must name, on a small tree of every kind
 * (tests/fixtures/content: an article, a service, a case study and the pricing file, in both
 * languages): dates written another way, a case study's faults, prices in prose that no longer match
 * the item they name, and front matter YAML cannot read, each with the message the editor now gets.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pathToFileURL } from 'node:url';
import { checkContentTree, runContentReport } from '../../src/editor/content-cli';
import { contentCheck } from '../../src/integrations/content-check';
import { ArticleFrontmatter } from '../../src/server/schemas/content';

const fixture = 'tests/fixtures/content';
const trees: string[] = [];
afterEach(() => {
  for (const tree of trees.splice(0)) rmSync(tree, { recursive: true, force: true });
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

/** The fixture tree, copied, with `edit` applied to the files it names. */
function contentWith(edit: Record<string, (text: string) => string> = {}): string {
  const root = mkdtempSync(join(tmpdir(), 'content-kinds-'));
  trees.push(root);
  cpSync(fixture, root, { recursive: true });
  for (const [file, change] of Object.entries(edit)) writeFileSync(join(root, file), change(readFileSync(join(root, file), 'utf8')));
  return root;
}

/** Errors and warnings (notes left out), and the problems of files that cannot be read, as one list. */
function mistakes(root: string) {
  const { findings, problems } = checkContentTree(root);
  return [...problems.map((problem) => ({ check: 'yaml', ...problem })), ...findings.filter((finding) => finding.level !== 'note')];
}

const line = (root: string, file: string, pattern: RegExp) => readFileSync(join(root, file), 'utf8').split('\n').findIndex((text) => pattern.test(text)) + 1;

const articlePl = 'articles/pl/kopie.md';
const articleEn = 'articles/en/backups.md';
const casePl = 'case-studies/pl/piekarnia.md';
const caseEn = 'case-studies/en/bakery.md';
const pricingPl = 'pricing/pl/cennik.md';
const pricingEn = 'pricing/en/pricing.md';

describe('the fixture tree', () => {
  it('has no errors or warnings, and counts the case studies', () => {
    expect(mistakes(contentWith())).toEqual([]);
    const out: string[] = [];
    vi.stubEnv('CONTENT_LANG', 'en');
    vi.spyOn(console, 'log').mockImplementation((text: string) => void out.push(text));
    expect(runContentReport([fixture])).toBe(0);
    expect(out.join('\n')).toMatch(/^Content: 8 files \(4 Polish, 4 English\)/);
    expect(out.join('\n')).toMatch(/case-studies +bakery +piekarnia +bakery/);
  });
});

describe('dates: year-month-day only, the editor’s own date rewritten', () => {
  const datedPl = (written: string) => mistakes(contentWith({ [articlePl]: (text) => text.replace(/^published: .*$/m, `published: ${written}`) }));

  it.each([
    ['07.12.2026', '2026-12-07'],
    ['7.12.2026', '2026-12-07'],
    ['2026-12-7', '2026-12-07'],
    ['12/07/2026', '2026-07-12'],
    ['2026.12.07', '2026-12-07'],
    ['7 grudnia 2026', '2026-12-07'],
    ['December 7, 2026', '2026-12-07'],
  ])('refuses %s in a Polish file: napisz %s', (written, day) => {
    const [error, ...rest] = datedPl(written);
    expect(rest).toEqual([]);
    expect(error).toMatchObject({ level: 'error', file: articlePl, field: 'published', line: 5 });
    expect(error!.message).toBe(`„${written}” to nie data w zapisie strony: napisz ${day} (rok-miesiąc-dzień).`);
  });

  it('gives both readings of 07.12.2026 in an English file, and one of 12/25/2026', () => {
    const both = mistakes(contentWith({ [articleEn]: (text) => text.replace(/^published: .*$/m, 'published: 07.12.2026') }));
    expect(both.map((finding) => finding.message)).toEqual(['"07.12.2026" is not a date as the site writes it, and it reads two ways: write 2026-12-07 (7 December) or 2026-07-12 (12 July); year-month-day.']);
    const one = mistakes(contentWith({ [articleEn]: (text) => text.replace(/^published: .*$/m, 'published: 12/25/2026') }));
    expect(one.map((finding) => finding.message)).toEqual(['"12/25/2026" is not a date as the site writes it: write 2026-12-25 (year-month-day).']);
  });

  it('refuses any date field (updated, a case study’s published), and a day the calendar lacks without inventing one', () => {
    const errors = mistakes(contentWith({
      [articlePl]: (text) => text.replace(/^published: .*$/m, 'published: 2026-03-24\nupdated: 31.02.2026'),
      [casePl]: (text) => text.replace(/^published: .*$/m, 'published: 10.05.2026'),
    }));
    errors.sort((a, b) => a.file.localeCompare(b.file));
    expect(errors.map((finding) => `${finding.file}:${finding.line}:${finding.field}`)).toEqual([`${articlePl}:6:updated`, `${casePl}:${line(contentWith(), casePl, /^published/)}:published`]);
    expect(errors[0]!.message).toMatch(/^„31\.02\.2026” to nie data w zapisie strony: napisz ją jako rok-miesiąc-dzień/);
    expect(errors[1]!.message).toContain('napisz 2026-05-10');
  });

  it('is the schema’s rule too, so the build refuses what the check refuses', () => {
    const base = { title: 'Tytuł', description: 'x'.repeat(40), translationKey: 'k', tags: ['a'] };
    for (const written of ['07.12.2026', '2026-12-7', '12/07/2026', '7 grudnia 2026']) {
      expect(ArticleFrontmatter.safeParse({ ...base, published: written }).success, written).toBe(false);
    }
    expect(ArticleFrontmatter.parse({ ...base, published: '2026-12-07' }).published.toISOString()).toBe('2026-12-07T00:00:00.000Z');
    // Astro's YAML reads 2026-12-07 as a date already.
    expect(ArticleFrontmatter.parse({ ...base, published: new Date('2026-12-07') }).published.toISOString()).toBe('2026-12-07T00:00:00.000Z');
  });
});

describe('case studies: checked like every kind', () => {
  it('refuses a link to a missing page and to a draft, with their lines', () => {
    const root = contentWith({
      [casePl]: (text) => `${text}\n[Nie ma](/uslugi/nie-ma/)\n`,
      [articlePl]: (text) => text.replace(/^tags:/m, 'draft: true\ntags:'),
    });
    const links = mistakes(root).filter((finding) => finding.check === 'broken-link');
    expect(links.map((finding) => `${finding.file}:${finding.line}`)).toEqual([`${casePl}:${line(root, casePl, /\/artykuly\/kopie\//)}`, `${casePl}:${line(root, casePl, /nie-ma/)}`]);
    expect(links[0]!.message).toBe('link „/artykuly/kopie/” prowadzi do /artykuly/kopie/, a takiej strony nie ma (albo to szkic): napisz adres istniejącej strony.');
  });

  it('refuses a missing picture in the editor’s language, naming the field and its line', () => {
    const root = contentWith({ [casePl]: (text) => text.replace('./piekarnia.svg', './nie-ma.png') });
    expect(mistakes(root)).toEqual([
      expect.objectContaining({ level: 'error', check: 'missing-image', file: casePl, field: 'images[1].src', line: line(root, casePl, /nie-ma\.png/), message: 'nie ma pliku „./nie-ma.png” obok tego pliku: połóż obraz w tym folderze (albo w content/media/) i napisz jego ścieżkę, np. ./obraz.png.' }),
    ]);
  });

  it('stops the build before Astro reads a file, with the check’s words and no stack trace', () => {
    const site = mkdtempSync(join(tmpdir(), 'content-build-'));
    trees.push(site);
    cpSync(fixture, join(site, 'content'), { recursive: true });
    const file = join(site, 'content', casePl);
    writeFileSync(file, readFileSync(file, 'utf8').replace('./piekarnia.svg', './nie-ma.png').replace('services: [web-design]', 'services: [nie-ma]'));
    vi.stubEnv('CONTENT_LANG', 'pl');
    const setup = contentCheck().hooks['astro:config:setup'] as unknown as (options: object) => void;
    const logger = { info: () => {}, error: () => {} };
    let failure: Error | undefined;
    try {
      setup({ command: 'build', config: { root: pathToFileURL(`${site}/`) }, logger });
    } catch (error) {
      failure = error as Error;
    }
    expect(failure?.stack).toBe(failure?.message);
    expect(failure?.message.split('\n')).toEqual([
      'treści: 2 błędy w content/ — popraw i uruchom ponownie (npm run content pokazuje cały raport):',
      `ERROR    ${casePl}:13: images[1].src: nie ma pliku „./nie-ma.png” obok tego pliku: połóż obraz w tym folderze (albo w content/media/) i napisz jego ścieżkę, np. ./obraz.png.`,
      `ERROR    ${casePl}:15: services[1]: „nie-ma” nie jest translationKey żadnej opublikowanej strony (services/pl/): napisz jeden z nich (web-design).`,
    ]);
  });

  it('refuses a service key no published service has, listing the keys to write', () => {
    const root = contentWith({ [caseEn]: (text) => text.replace('services: [web-design]', 'services: [web-desing]') });
    expect(mistakes(root)).toEqual([
      expect.objectContaining({ level: 'error', check: 'unknown-reference', file: caseEn, field: 'services[1]', line: line(root, caseEn, /^services:/), message: '"web-desing" is not the translationKey of any published page (services/en/): write one of them (web-design).' }),
    ]);
  });

  it('warns about a case study without its translation, and checks one named alone', () => {
    const root = contentWith();
    unlinkSync(join(root, caseEn));
    expect(mistakes(root)).toEqual([expect.objectContaining({ level: 'warning', check: 'missing-translation', file: casePl })]);
    const out: string[] = [];
    vi.stubEnv('CONTENT_LANG', 'en');
    vi.spyOn(console, 'log').mockImplementation((text: string) => void out.push(text));
    expect(runContentReport([root, join(root, casePl)])).toBe(0);
    expect(out.join('\n')).toMatch(/^Content: 1 file \(1 Polish, 0 English\)/);
  });
});

describe('prices in prose: checked against the item the sentence names', () => {
  const startAt5200 = (text: string) => text.replace(/(id: website-start\n(?:.*\n){2}\s+priceNet: )4900/, '$15200');

  it('refuses the pricing page’s own sentence, and a service’s, after Start went 4900 → 5200', () => {
    const root = contentWith({ [pricingPl]: startAt5200, [pricingEn]: startAt5200 });
    const errors = mistakes(root);
    expect(errors.map((finding) => `${finding.check} ${finding.file}:${finding.line}`).sort()).toEqual([
      `stale-price ${pricingEn}:${line(root, pricingEn, /For example/)}`,
      `stale-price ${pricingEn}:${line(root, pricingEn, /For example/)}`,
      `stale-price ${pricingPl}:${line(root, pricingPl, /Przykładowo/)}`,
      `stale-price ${pricingPl}:${line(root, pricingPl, /Przykładowo/)}`,
      `stale-price services/en/web-design.md:${line(root, 'services/en/web-design.md', /Start package/)}`,
      `stale-price services/pl/strony-www.md:${line(root, 'services/pl/strony-www.md', /Pakiet Start/)}`,
    ].sort());
    const messages = errors.map((finding) => finding.message);
    expect(messages).toContain('„4900 zł netto”: Start kosztuje 5200 zł netto (pricing/pl/cennik.md): napisz 5200 zł netto.');
    expect(messages).toContain('„6027 zł brutto”: Start kosztuje 6396 zł brutto (pricing/pl/cennik.md): napisz 6396 zł brutto.');
    expect(messages).toContain('"PLN 4,900 net": Start costs PLN 5,200 net (pricing/en/pricing.md): write PLN 5,200 net.');
  });

  it('does not let another item’s price pass for the one named', () => {
    const root = contentWith({ [articlePl]: (text) => `${text}\nPakiet Start za 9900 zł to nasza najtańsza strona.\n` });
    expect(mistakes(root)).toEqual([
      expect.objectContaining({ check: 'stale-price', file: articlePl, line: line(root, articlePl, /9900/), message: '„9900 zł”: Start kosztuje 4900 zł netto (pricing/pl/cennik.md): napisz 4900 zł netto (9900 zł netto to cena pozycji Standard (website-standard)).' }),
    ]);
  });

  it('refuses a net price no item has and a gross that is not the net with VAT', () => {
    const root = contentWith({
      [pricingPl]: (text) => text.replace('za 180 zł netto to 221,40 zł brutto', 'za 185 zł netto to 227,55 zł brutto').replace('to 6027 zł brutto', 'to 6100 zł brutto'),
    });
    expect(mistakes(root).map((finding) => finding.message)).toEqual([
      '„6100 zł brutto”: 4900 zł netto z VAT 23% to 6027 zł brutto: napisz 6027 zł brutto.',
      'cena „185 zł netto” nie występuje w cenniku pricing/pl/cennik.md: napisz aktualną cenę z cennika albo usuń kwotę z tekstu.',
    ]);
  });

  it('leaves limits, ranges and amounts the pricing file states alone', () => {
    const root = contentWith({
      [articlePl]: (text) => `${text}\nHosting to 30–100 zł netto miesięcznie; projekty do 3000 zł netto; podstrona ponad pakiet kosztuje 150 zł netto.\n`,
      [articleEn]: (text) => `${text}\nHosting is PLN 30–100 net a month, a donation page PLN 3,000–8,000 net; projects up to PLN 3,000 net; a page beyond the package costs PLN 150 net.\n`,
    });
    expect(mistakes(root)).toEqual([]);
  });
});

describe('YAML mistakes in plain words, at the line of the file', () => {
  it('says alt: belongs under cover: instead of "napisz tags"', () => {
    const root = contentWith({ [articlePl]: (text) => text.replace(/^ {2}alt:/m, 'alt:') });
    const errors = mistakes(root);
    expect(errors).toEqual([expect.objectContaining({ file: articlePl, line: line(root, articlePl, /^alt:/), message: '„alt” stoi na początku linii, a należy do cover: wetnij alt: tak jak src: (2 spacje pod cover:).' })]);
  });

  it('names a field indented under cover: that belongs to the whole file', () => {
    const root = contentWith({ [articlePl]: (text) => text.replace(/^tags: (.*)\ncover:\n/m, 'cover:\n  tags: $1\n') });
    expect(mistakes(root).map((finding) => `${finding.field}: ${finding.message}`)).toEqual(['tags: brakuje pola tags, a cover ma wcięte pole tags: to pole całego pliku, napisz tags: na początku linii, bez wcięcia.']);
  });

  it.each([
    ['an unclosed quote', (text: string) => text.replace('title: Kopie zapasowe', 'title: "Kopie zapasowe'), 2, 'title', 'cudzysłów otwarty w tej linii nie jest zamknięty: dopisz " na końcu wartości.'],
    ['a tab', (text: string) => text.replace('  alt:', '\talt:'), 9, 'cover.alt', 'linia zaczyna się tabulatorem: nagłówek wcina się tylko spacjami; zamień tabulator na dwie spacje.'],
    ['a colon in a value', (text: string) => text.replace('title: Kopie zapasowe', 'title: Kopie: jak robić'), 2, 'title', 'wartość zawiera dwukropek ze spacją, który YAML czyta jak nowe pole: ujmij całą wartość w cudzysłów, np. title: "Kopie: jak robić".'],
    ['an alt indented deeper than src', (text: string) => text.replace('  alt:', '    alt:'), 8, 'cover.src', 'następna linia jest wcięta głębiej niż ta, choć ta ma już wartość: wyrównaj jej wcięcie do tej linii (albo przenieś wartość do następnej).'],
    ['an alt indented less than src', (text: string) => text.replace('  alt:', ' alt:'), 9, 'cover.alt', 'wcięcie tej linii nie pasuje do linii wokół: pola jednego poziomu zaczynają się w tej samej kolumnie (pole całego pliku bez wcięcia, pole np. cover: o dwie spacje dalej).'],
    ['an unclosed list', (text: string) => text.replace('tags: [kopie-zapasowe]', 'tags: [kopie-zapasowe'), 6, 'tags', 'lista otwarta nawiasem [ nie jest zamknięta w tej linii: dopisz ] na końcu.'],
  ])('%s in a Polish file: the file’s line, the field, the cause in Polish', (_name, edit, fileLine, field, message) => {
    const root = contentWith({ [articlePl]: edit });
    // The file is left out until it reads: what linked to it is reported too, after it.
    expect(mistakes(root).filter((finding) => finding.check === 'yaml')).toEqual([{ check: 'yaml', file: articlePl, line: fileLine, field, message }]);
  });

  it('speaks English in an English file', () => {
    const root = contentWith({ [articleEn]: (text) => text.replace('title: Backups', 'title: "Backups') });
    expect(mistakes(root).filter((finding) => finding.check === 'yaml')).toEqual([{ check: 'yaml', file: articleEn, line: 2, field: 'title', message: 'the quote opened on this line is not closed: add " at the end of the value.' }]);
  });
});
