/**
 * The form editor's save goes through the content check first: `npm run dev` in a copy of the project,
 * Chromium in a Polish browser creates an article with a description too short for the site and a link
 * to a page that does not exist. The save is refused, the editor shows the check's Polish messages, never
 * "Entry created", and no file is written; fixed, the same form saves and the file is there. An English
 * browser gets the messages in English. Screenshots of the refusal (1280 and 390 px, both languages) go
 * to SCREENSHOTS_DIR when it is set.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkContentTree, errorList } from '../../src/editor/content-cli';
import { launchChromium } from '../support/browser';
import { startDevServer, type DevServer } from '../support/dev-server';
import { copyProject } from '../support/project-copy';

const copy = copyProject('form-editor-save', ['src', 'content', 'public', 'scripts', 'astro.config.mjs', 'keystatic.config.ts', 'package.json', 'tsconfig.json']);
const folder = join(copy, 'content/articles/pl');
const screenshots = process.env.SCREENSHOTS_DIR;
let dev: DevServer | undefined;
let origin: string;
let browser: Browser;

beforeAll(async () => {
  dev = await startDevServer(copy);
  origin = dev.origin;
  console.log(`npm run dev (copy in ${copy}) ready in ${dev.readySeconds.toFixed(1)} s`);
  browser = await launchChromium();
  if (screenshots) mkdirSync(screenshots, { recursive: true });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  dev?.stop();
  rmSync(copy, { recursive: true, force: true });
});

const words = {
  pl: { create: 'Utwórz', created: 'Entry created' },
  en: { create: 'Create', created: 'Entry created' },
};

const longEnough = 'Jak ustawić sieć Wi-Fi w biurze fundacji, żeby goście nie widzieli plików zespołu, a drukarka działała.';

/** The new-article form, filled in as a writer would, with the description and the text given. */
async function fillArticle(page: Page, title: string, key: string, description: string, text: string) {
  const started = Date.now();
  // Keystatic ignores Create until it has the tree of the files it may write (a second or more after
  // the form shows on a cold dev server): a writer clicking in that moment sees nothing happen.
  const tree = page.waitForResponse((response) => response.url().endsWith('/api/keystatic/tree') && response.ok(), { timeout: 150_000 });
  await page.goto(`${origin}/keystatic/collection/articles_pl/create`, { waitUntil: 'load', timeout: 90_000 });
  // The first visit waits for Vite to optimise the editor's dependencies in the copy's own cache.
  await page.getByLabel('Tytuł / Title').waitFor({ timeout: 150_000 });
  // Vite may reload the page once it has optimised what the editor imports: fill in after that.
  await page.waitForLoadState('networkidle');
  await page.getByLabel('Tytuł / Title').waitFor({ timeout: 150_000 });
  // Vite may reload the page once it has optimised what the editor imports: fill in after that.
  await page.waitForLoadState('networkidle');
  await page.getByLabel('Tytuł / Title').waitFor({ timeout: 150_000 });
  console.log(`editor's new-article form open in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  await page.getByLabel('Tytuł / Title').fill(title);
  await page.getByLabel(/^Opis/).fill(description);
  await page.getByLabel(/^Klucz tłumaczenia/).fill(key);
  await page.getByLabel(/^Data publikacji/).fill('2026-11-02');
  // Tags are picked from content/tags.json, in the entry's language whatever the browser's.
  await page.getByRole('checkbox', { name: 'Bezpieczeństwo', exact: true }).check();
  await page.getByLabel(/^Treść \(Markdown\)/).fill(text);
  await tree;
}

/** The answer of the editor's save request, once it comes. */
async function save(page: Page, language: 'pl' | 'en') {
  const answer = page.waitForResponse((response) => response.url().endsWith('/api/keystatic/update'), { timeout: 60_000 });
  const started = Date.now();
  await page.getByRole('button', { name: words[language].create, exact: true }).click();
  const response = await answer.catch(async (error: unknown) => {
    await page.screenshot({ path: '/tmp/save-timeout.png', fullPage: true });
    console.log('INVALID', await page.locator('[aria-invalid=true]').evaluateAll((nodes) => nodes.map((node) => node.outerHTML.slice(0, 300))));
    console.log('FORM', (await page.locator('main, form').first().innerText()).slice(0, 3000));
    throw error;
  });
  console.log(`save answered ${response.status()} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return response;
}

async function shoot(page: Page, name: string) {
  if (!screenshots) return;
  await page.getByRole('alert').scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(screenshots, `${name}-1280.png`) });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('alert').scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(screenshots, `${name}-390.png`) });
  await page.setViewportSize({ width: 1280, height: 900 });
}

const articles = () => readdirSync(folder).filter((name) => name.endsWith('.md')).sort();

describe('the form editor checks a save before writing it', () => {
  it('in a Polish browser refuses an article the site would reject, says why in Polish, writes nothing; fixed, it saves', async () => {
    const before = articles();
    const slug = 'siec-wi-fi-w-malym-biurze';
    const file = join(folder, `${slug}.md`);
    const context = await browser.newContext({ locale: 'pl-PL', viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await fillArticle(page, 'Sieć Wi-Fi w małym biurze', 'office-wifi', 'Wi-Fi dla gości.', '## Sieć dla gości\n\nCeny są w [cenniku](/cenik/).\n');

    const refused = await save(page, 'pl');
    expect(refused.status()).toBe(422);
    const notice = page.getByRole('alert');
    await notice.waitFor({ timeout: 10_000 });
    const shown = await notice.innerText();
    console.log(`the editor shows:\n${shown}`);
    expect(shown).toContain('Nie zapisano: sprawdzenie treści znalazło 2 błędy, z którymi witryny nie da się zbudować.');
    expect(shown).toMatch(new RegExp(`articles/pl/${slug}\\.md:\\d+: description: ma 16 znaków, a potrzeba co najmniej 30`));
    expect(shown).toMatch(new RegExp(`articles/pl/${slug}\\.md:\\d+: link „/cenik/” prowadzi do /cenik/, a takiej strony nie ma`));
    // One error a line (the notice keeps the text's line breaks), and no word of success.
    expect(shown.split('\n').filter((line) => line.startsWith('• '))).toHaveLength(2);
    expect(await page.getByText(words.pl.created).count()).toBe(0);
    expect(page.url()).toMatch(/\/create$/);
    expect(existsSync(file)).toBe(false);
    expect(articles()).toEqual(before);
    await shoot(page, 'save-refused-pl');

    // The writer fixes both: a description long enough, a link to the pricing page.
    await page.getByLabel(/^Opis/).fill(longEnough);
    await page.getByLabel(/^Treść \(Markdown\)/).fill('## Sieć dla gości\n\nCeny są w [cenniku](/cennik/).\n');
    const saved = await save(page, 'pl');
    expect(saved.status()).toBe(200);
    await page.getByText(words.pl.created).waitFor({ timeout: 10_000 });
    await context.close();
    expect(errors).toEqual([]);
    const text = readFileSync(file, 'utf8');
    expect(text).toMatch(/^tags:\n {2}- bezpieczenstwo$/m);
    expect(text).toContain('[cenniku](/cennik/)');
    expect(articles()).toEqual([...before, `${slug}.md`].sort());
    expect(errorList(checkContentTree(join(copy, 'content')))).toEqual([]);
  }, 300_000);

  it('in an English browser says the same in English', async () => {
    const before = articles();
    const context = await browser.newContext({ locale: 'en-GB', viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await fillArticle(page, 'Goście w sieci biura', 'office-guests', 'Wi-Fi dla gości.', 'Prices are on [the pricing page](/cenik/).\n');
    expect((await save(page, 'en')).status()).toBe(422);
    const notice = page.getByRole('alert');
    await notice.waitFor({ timeout: 10_000 });
    const shown = await notice.innerText();
    expect(shown).toContain('Not saved: the content check found 2 errors the site cannot be built with.');
    expect(shown).toMatch(/description: has 16 characters and needs at least 30/);
    expect(shown).toMatch(/the link "\/cenik\/" leads to \/cenik\//);
    expect(await page.getByText(words.en.created).count()).toBe(0);
    expect(articles()).toEqual(before);
    await shoot(page, 'save-refused-en');
    await context.close();
  }, 240_000);
});
