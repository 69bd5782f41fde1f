/**
 * One editor's mistake per case, in a copy of the shipped content: the content check (the one
 * `npm run content`, `npm run dev` and `npm run build` run) names the file, the line and the field,
 * says what to write instead in the file's language (or CONTENT_LANG), and never speaks validator.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkContentTree, runContentReport } from '../../src/editor/content-cli';
import type { Finding } from '../../src/editor/content-checks';
import { slugify } from '../../src/editor/slug';

// Every check reads the whole tree again, 1.9 MB of it example questions that no case here edits: a
// text parsed once is handed out again as a fresh copy (parse is a pure function of the text).
vi.mock('yaml', async (original) => {
  const yaml = await original<typeof import('yaml')>();
  const parsed = new Map<string, unknown>();
  const parse = (text: string, ...rest: unknown[]) => {
    if (rest.length) return (yaml.parse as (...args: unknown[]) => unknown)(text, ...rest);
    if (!parsed.has(text)) parsed.set(text, yaml.parse(text));
    return structuredClone(parsed.get(text));
  };
  return { ...yaml, parse };
});

const copies: string[] = [];
afterEach(() => {
  for (const copy of copies.splice(0)) rmSync(copy, { recursive: true, force: true });
  vi.restoreAllMocks();
});

/**
 * The shipped content, copied, with `edit` applied to the files it names. The example questions,
 * never edited here, are linked rather than copied.
 */
function contentWith(edit: Record<string, (text: string) => string>): string {
  const root = mkdtempSync(join(tmpdir(), 'content-mistake-'));
  copies.push(root);
  for (const part of readdirSync('content')) {
    if (part === 'questions') symlinkSync(resolve('content', part), join(root, part));
    else cpSync(join('content', part), join(root, part), { recursive: true });
  }
  for (const [file, change] of Object.entries(edit)) writeFileSync(join(root, file), change(readFileSync(join(root, file), 'utf8')));
  return root;
}

const article = 'articles/pl/kopie-zapasowe-3-2-1.md';
const articleEn = 'articles/en/backups-3-2-1.md';
const jargon = /Expected|received|invalid_type|ZodError|too_small|:0:0|node_modules|tags\.\d/;

function errorsOf(root: string, language?: 'pl' | 'en'): Finding[] {
  const errors = checkContentTree(root, language).findings.filter((finding) => finding.level !== 'note');
  for (const finding of errors) expect(finding.message).not.toMatch(jargon);
  return errors;
}

const line = (root: string, file: string, pattern: RegExp) => readFileSync(join(root, file), 'utf8').split('\n').findIndex((text) => pattern.test(text)) + 1;

describe('the content check, one mistake at a time', () => {
  it('passes the shipped content with no errors and no warnings', () => {
    const { findings, problems } = checkContentTree('content');
    expect(problems).toEqual([]);
    expect(findings.filter((finding) => finding.level !== 'note')).toEqual([]);
  });

  it('names a misspelled field and the one to write (publised → published)', () => {
    const root = contentWith({ [article]: (text) => text.replace(/^published:/m, 'publised:') });
    const errors = errorsOf(root);
    expect(errors).toEqual([expect.objectContaining({ level: 'error', file: article, field: 'publised', line: line(root, article, /^publised:/) })]);
    expect(errors[0]!.message).toMatch(/^„publised” nie jest polem tego pliku: napisz published/);
  });

  it('turns 25.11.2026 into the date to write', () => {
    const root = contentWith({ [article]: (text) => text.replace(/^published: .*$/m, 'published: 25.11.2026') });
    const [error, ...rest] = errorsOf(root);
    expect(rest).toEqual([]);
    expect(error).toMatchObject({ file: article, field: 'published', line: line(root, article, /^published:/) });
    expect(error!.message).toBe('„25.11.2026” to nie data w zapisie strony: napisz 2026-11-25 (rok-miesiąc-dzień).');
  });

  it('suggests the tag without Polish letters (dostępność → dostepnosc), in English when CONTENT_LANG=en', () => {
    const root = contentWith({ [article]: (text) => text.replace(/^tags: \[/m, 'tags: [dostępność, ') });
    const [error, ...rest] = errorsOf(root, 'en');
    expect(rest).toEqual([]);
    expect(error).toMatchObject({ file: article, field: 'tags[1]' });
    expect(error!.message).toMatch(/^the tag "dostępność" is part of a page address.*: write dostepnosc/);
  });

  it('refuses a cover file that is not there and a cover without a description', () => {
    const root = contentWith({
      [article]: (text) => text.replace(/^ {2}src: .*$/m, '  src: ./nie-ma.jpg'),
      [articleEn]: (text) => text.replace(/^ {2}alt: .*\n/m, ''),
    });
    const errors = errorsOf(root).map((finding) => `${finding.file}:${finding.field}`);
    console.log('cover mistakes:', errors);
    expect(errors.sort()).toEqual([`${articleEn}:cover.alt`, `${article}:cover.src`]);
  });

  it('refuses a 12-character description, saying how long it should be', () => {
    const root = contentWith({ [article]: (text) => text.replace(/^description: .*$/m, 'description: Kopie danych') });
    const [error, ...rest] = errorsOf(root);
    expect(rest).toEqual([]);
    expect(error).toMatchObject({ file: article, field: 'description' });
    expect(error!.message).toMatch(/^ma 12 znaków, a potrzeba co najmniej 30/);
  });

  it('refuses a broken internal link and a link to a draft, with their lines', () => {
    const root = contentWith({
      [article]: (text) => `${text}\n[Nie ma](/artykuly/nie-ma-takiego/)\n\n[Szkic](/artykuly/mfa-i-menedzer-hasel/)\n`,
      'articles/pl/mfa-i-menedzer-hasel.md': (text) => text.replace(/^tags:/m, 'draft: true\ntags:'),
    });
    const errors = errorsOf(root).filter((finding) => finding.check === 'broken-link');
    expect(errors.map((finding) => `${finding.file}:${finding.line}`)).toEqual([
      `${article}:${line(root, article, /nie-ma-takiego/)}`,
      `${article}:${line(root, article, /\(\/artykuly\/mfa-i-menedzer-hasel\/\)/)}`,
    ]);
  });

  it('refuses a .md and an .mdx with one address, and two files with one translationKey', () => {
    const root = contentWith({});
    writeFileSync(join(root, 'articles/pl/kopie-zapasowe-3-2-1.mdx'), readFileSync(join(root, article), 'utf8'));
    writeFileSync(join(root, 'articles/pl/inna-kopia.md'), readFileSync(join(root, article), 'utf8').replace(/^title: .*$/m, 'title: Inna kopia'));
    const duplicates = errorsOf(root).filter((finding) => finding.check === 'duplicate');
    expect(duplicates.map((finding) => `${finding.file}:${finding.field ?? ''}`)).toEqual(['articles/pl/kopie-zapasowe-3-2-1.md:translationKey', 'articles/pl/kopie-zapasowe-3-2-1.mdx:']);
    expect(duplicates[1]!.message).toMatch(/ten sam adres co articles\/pl\/kopie-zapasowe-3-2-1\.md/);
    expect(duplicates[0]!.message).toMatch(/translationKey „backups-3-2-1” ma już articles\/pl\/inna-kopia\.md/);
  });

  it('refuses a price that changed in the pricing file but not in the prose, and pricing files that disagree', () => {
    const root = contentWith({ 'pricing/pl/cennik.md': (text) => text.replace(/(id: accessibility-audit\n(?:.*\n){2}\s+priceNet: )2400/, '$12600') });
    const errors = errorsOf(root);
    console.log('audit price 2400 → 2600 (Polish file only):', errors.map((finding) => `${finding.check} ${finding.file}:${finding.line ?? ''} ${finding.field ?? ''}`));
    expect(errors.filter((finding) => finding.check === 'price-translation')).toEqual([
      expect.objectContaining({ file: 'pricing/en/pricing.md', field: 'accessibility-audit.priceNet' }),
    ]);
    expect(errors.find((finding) => finding.check === 'price-translation')!.message).toMatch(/write 2600 or change both files/);
    // Where Polish prose still quotes the old figure.
    expect(errors.filter((finding) => finding.check === 'stale-price').map((finding) => finding.file).sort()).toEqual([
      'articles/pl/dostepnosc-stron-wcag-22-i-eaa.md',
    ]);
  });

  it('refuses a service whose priceItem names no pricing item', () => {
    const root = contentWith({ 'services/pl/audyt-dostepnosci.md': (text) => text.replace('priceItem: accessibility-audit', 'priceItem: audyt') });
    const errors = errorsOf(root);
    expect(errors.map((finding) => `${finding.check}:${finding.file}:${finding.field}`)).toEqual(['price-item:services/pl/audyt-dostepnosci.md:priceItem', 'price-item:services/pl/audyt-dostepnosci.md:priceItem']);
    expect(errors[0]!.message).toMatch(/^„audyt” nie jest pozycją cennika pricing\/pl\/cennik\.md: napisz id jednej z pozycji \(website-start/);
  });

  it('reports the file it is given (npm run content -- file.md), and only that file', () => {
    const root = contentWith({ [article]: (text) => text.replace(/^published:/m, 'publised:') });
    const out: string[] = [];
    // The report's own lines in English whatever the machine's language (LANG).
    vi.stubEnv('CONTENT_LANG', 'en');
    vi.spyOn(console, 'log').mockImplementation((text: string) => void out.push(text));
    expect(runContentReport([root, join(root, article)])).toBe(1);
    expect(out.join('\n')).toMatch(/^Content: 1 file \(1 Polish, 0 English\)/);
    expect(out.join('\n')).toContain(`ERROR    ${article}:`);
    out.length = 0;
    expect(runContentReport([root, join(root, articleEn)])).toBe(0);
    expect(out.join('\n')).toMatch(/^Content: 1 file /);
    vi.unstubAllEnvs();
  });
});

describe('npm run new', () => {
  it('shortens a long title between words, never inside one', () => {
    const slug = slugify('A practical, step-by-step guide for the foundation staff on writing for an accessibility audit');
    console.log('shortened slug:', slug);
    expect(slug.length).toBeLessThanOrEqual(60);
    expect('a-practical-step-by-step-guide-for-the-foundation-staff-on-writing-for-an-accessibility-audit'.startsWith(`${slug}-`)).toBe(true);
  });
});
