/**
 * The form editor as a writer uses it: `npm run dev` in a copy of the project (the repository's content
 * is never touched), Chromium opens an article in the editor, a new title is typed and saved. The file
 * then has the new title, every other front matter value as it was, the Markdown body byte for byte,
 * and the content check still passes. A page's example questions get a new question the same way, and in a
 * Polish browser a price typed with a decimal comma is saved as that number.
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { checkContentTree, errorList } from '../../src/editor/content-cli';
import { loadExampleQuestions } from '../../src/server/ask/example-questions';
import { launchChromium } from '../support/browser';
import { startDevServer, type DevServer } from '../support/dev-server';
import { copyProject } from '../support/project-copy';

const copy = copyProject('form-editor', ['src', 'content', 'public', 'scripts', 'astro.config.mjs', 'keystatic.config.ts', 'package.json', 'tsconfig.json']);
const article = join(copy, 'content/articles/pl/kopie-zapasowe-3-2-1.md');
let dev: DevServer | undefined;
let origin: string;
let browser: Browser;

/** Front matter (parsed) and body (as text) of a Markdown file. */
function split(text: string) {
  const [, frontMatter, body] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text)!;
  return { data: parse(frontMatter) as Record<string, unknown>, body };
}

beforeAll(async () => {
  dev = await startDevServer(copy);
  origin = dev.origin;
  console.log(`npm run dev (copy in ${copy}) ready in ${dev.readySeconds.toFixed(1)} s`);
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  dev?.stop();
  rmSync(copy, { recursive: true, force: true });
});

describe('the form editor under npm run dev', () => {
  it('saves a new article title into the Markdown file and changes nothing else', async () => {
    const before = readFileSync(article, 'utf8');
    const title = `Kopie zapasowe w fundacji — zasada 3-2-1 (${process.pid})`;
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const started = Date.now();
    await page.goto(`${origin}/keystatic/collection/articles_pl/item/kopie-zapasowe-3-2-1`, { waitUntil: 'load', timeout: 90_000 });
    const field = page.getByLabel('Tytuł / Title');
    // The first visit waits for Vite to optimise the editor's dependencies in the copy's own cache: 35–45 s on two cores.
    await field.waitFor({ timeout: 150_000 });
    console.log(`editor open with the article in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    expect(await field.inputValue()).toBe(split(before).data.title);
    await field.fill(title);
    await page.getByRole('button', { name: 'Save' }).click();

    let after = before;
    for (const deadline = Date.now() + 30_000; after === before && Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 250))) after = readFileSync(article, 'utf8');
    await page.close();
    const was = split(before);
    const is = split(after);
    console.log(`saved: ${before.length} → ${after.length} characters; front matter ${before.indexOf('\n---\n', 4)} → ${after.indexOf('\n---\n', 4)}`);
    expect(errors).toEqual([]);
    expect(is.data.title).toBe(title);
    // The editor writes every value of the form (draft: false included) and lays the YAML out its own way.
    expect(is.data).toEqual({ ...was.data, title, draft: was.data.draft ?? false });
    expect(is.body).toBe(was.body);

    const check = checkContentTree(join(copy, 'content'));
    console.log(`content check of the copy: ${check.entries.length} files, ${errorList(check).length} errors`);
    expect(errorList(check)).toEqual([]);
  }, 270_000);

  it('adds an example question to one page\'s file: the file gains exactly that question, and the check passes', async () => {
    const file = join(copy, 'content/questions/pl/contact.yaml');
    const before = readFileSync(file, 'utf8');
    const query = `czy mogę do was napisać na WhatsAppie (${process.pid})`;
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const started = Date.now();
    await page.goto(`${origin}/keystatic/collection/questions_pl/item/contact`, { waitUntil: 'load', timeout: 90_000 });
    const add = page.getByRole('button', { name: 'Add' });
    await add.waitFor({ timeout: 90_000 });
    console.log(`editor open with the contact page's ${(parse(before) as { questions: unknown[] }).questions.length} questions in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    await add.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Pytanie, tak jak je zadano / The question, as asked').fill(query);
    await dialog.getByLabel(/^Skąd i kiedy/).fill('2026-11-26 z ask-misses');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await page.getByRole('button', { name: 'Save' }).click();

    // Until the file holds the new question: the save rewrites the file, and a read in between can find it empty.
    let after = before;
    for (const deadline = Date.now() + 30_000; !after.includes(`query: ${query}\n`) && Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 250))) after = readFileSync(file, 'utf8');
    await page.close();
    console.log(`saved: ${before.length} → ${after.length} characters`);
    expect(errors).toEqual([]);
    // The shipped file is laid out as the editor writes it: the save appends the question and nothing else.
    expect(after).toBe(`${before}  - query: ${query}\n    kind: paraphrase\n    added: 2026-11-26 z ask-misses\n`);
    expect(loadExampleQuestions(join(copy, 'content')).filter((question) => question.query === query)).toEqual([
      { query, kind: 'paraphrase', added: '2026-11-26 z ask-misses', locale: 'pl', expected: 'contact:pl' },
    ]);
    const check = checkContentTree(join(copy, 'content'));
    expect(errorList(check)).toEqual([]);
  }, 180_000);

  it('in a Polish browser shows and reads numbers the Polish way: "49,50" is saved as 49.5, not 4950', async () => {
    const file = join(copy, 'content/pricing/pl/cennik.md');
    const before = readFileSync(file, 'utf8');
    const context = await browser.newContext({ locale: 'pl-PL', viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${origin}/keystatic/collection/pricing_pl/item/cennik`, { waitUntil: 'load', timeout: 90_000 });
    // The number fields have step buttons labelled with the field's name: the text box is the field.
    const vat = page.getByRole('textbox', { name: 'Stawka VAT (0.23) / VAT rate (0.23)' });
    // The first visit (this test alone) waits for Vite to optimise the editor's dependencies.
    await vat.waitFor({ timeout: 150_000 });
    expect(await vat.inputValue()).toBe('0,23');
    // The items' prices open in dialogs; the one on the page is the consultation's.
    const price = page.getByRole('textbox', { name: 'Cena netto (PLN) / Net price (PLN)' });
    await price.fill('49,50');
    await price.blur();
    // Keystatic's own words in Polish.
    await page.getByRole('button', { name: 'Zapisz' }).click();

    let after = before;
    for (const deadline = Date.now() + 30_000; after === before && Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 250))) after = readFileSync(file, 'utf8');
    await context.close();
    expect(errors).toEqual([]);
    expect((split(after).data.consultation as { priceNet: number }).priceNet).toBe(49.5);
    expect(split(after).data.vatRate).toBe(0.23);
  }, 180_000);
});
