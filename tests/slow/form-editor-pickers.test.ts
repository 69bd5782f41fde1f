/**
 * The form editor's pickers and pictures as a writer uses them: `npm run dev` in a copy of the project,
 * Chromium ticks a tag and a service from the lists read from content/, uploads a picture (a PNG made
 * here) and saves. The file then names the picked values and the picture's new path, the picture is in
 * content/media/<entry>/, the preview page of the entry shows it, and a picture the editor did not
 * upload (a cover shared by both languages in content/media/) keeps its path on save.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { checkContentTree, errorList } from '../../src/editor/content-cli';
import { paths } from '../../src/server/base/urls';
import { launchChromium } from '../support/browser';
import { startDevServer, type DevServer } from '../support/dev-server';
import { copyProject } from '../support/project-copy';

const copy = copyProject('form-editor-pickers', ['src', 'content', 'public', 'scripts', 'astro.config.mjs', 'keystatic.config.ts', 'package.json', 'tsconfig.json']);
let dev: DevServer | undefined;
let origin: string;
let browser: Browser;
let png: Buffer;

/** Front matter (parsed) and body (as text) of a Markdown file. */
function split(text: string) {
  const [, frontMatter, body] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text)!;
  return { data: parse(frontMatter) as Record<string, unknown>, body };
}

/** The file once a save changed it (a read in between can find it empty). */
async function changed(file: string, before: string): Promise<string> {
  let after = before;
  for (const deadline = Date.now() + 30_000; (after === before || !after.endsWith('\n')) && Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 250))) after = readFileSync(file, 'utf8');
  return after;
}

async function openEntry(page: Page, collection: string, slug: string) {
  const started = Date.now();
  await page.goto(`${origin}/keystatic/collection/${collection}/item/${slug}`, { waitUntil: 'load', timeout: 90_000 });
  // The first visit waits for Vite to optimise the editor's dependencies in the copy's own cache.
  await page.getByLabel('Tytuł / Title').waitFor({ timeout: 150_000 });
  console.log(`editor open with ${collection}/${slug} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** Chooses the PNG in the picture field's file dialog. */
async function upload(page: Page, name: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose file' }).click();
  await (await chooser).setFiles({ name, mimeType: 'image/png', buffer: png });
}

/** The pictures the form shows that have loaded (an image the browser could not load has no width). */
const shownPictures = (page: Page) => page.locator('img').evaluateAll((images) => (images as HTMLImageElement[]).filter((image) => image.complete && image.naturalWidth > 0).length);

/**
 * The preview page's picture whose file is `path` (under content/), once loaded: in a tab of its own,
 * as a writer opens the preview (the editor's tab may still be moving to the saved entry's address).
 */
async function previewPicture(page: Page, pagePath: string, path: string) {
  const preview = await browser.newPage({ viewport: page.viewportSize() ?? undefined });
  try {
    await preview.goto(`${origin}${pagePath}`, { waitUntil: 'load', timeout: 90_000 });
    const pictures = await preview.locator('img').evaluateAll((images) =>
      (images as HTMLImageElement[]).map((image) => ({ src: decodeURIComponent(image.currentSrc || image.src), width: image.naturalWidth, alt: image.alt, shown: image.getBoundingClientRect().width > 0 })),
    );
    return pictures.find((picture) => picture.src.includes(`/content/${path}`));
  } finally {
    await preview.close();
  }
}

beforeAll(async () => {
  png = await sharp({ create: { width: 96, height: 60, channels: 3, background: { r: 30, g: 120, b: 200 } } }).png().toBuffer();
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

describe('the form editor pickers and pictures under npm run dev', () => {
  it('adds a tag ticked from the list and keeps the cover shared in content/media/ on save', async () => {
    const article = join(copy, 'content/articles/pl/kopie-zapasowe-3-2-1.md');
    const before = readFileSync(article, 'utf8');
    const was = split(before);
    expect(was.data.cover).toMatchObject({ src: '../../media/kopie-zapasowe-3-2-1-okladka.png' });
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await openEntry(page, 'articles_pl', 'kopie-zapasowe-3-2-1');
    // The tags of content/tags.json, by their labels; the article's own are ticked.
    for (const tag of ['Automatyzacja', 'Bezpieczeństwo', 'Chmura', 'Dostępność', 'Organizacje pozarządowe', 'Strony WWW']) await page.getByRole('checkbox', { name: tag, exact: true }).waitFor();
    expect(await page.getByRole('checkbox', { name: 'Bezpieczeństwo', exact: true }).isChecked()).toBe(true);
    // The kept cover is shown from its file.
    await expect.poll(() => shownPictures(page), { timeout: 15_000 }).toBeGreaterThan(0);
    await page.getByRole('checkbox', { name: 'Automatyzacja', exact: true }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    const after = await changed(article, before);
    await page.close();
    const is = split(after);
    expect(errors).toEqual([]);
    expect(is.data.tags).toEqual([...(was.data.tags as string[]), 'automatyzacja']);
    expect(is.data).toEqual({ ...was.data, tags: is.data.tags, draft: was.data.draft ?? false });
    expect(is.body).toBe(was.body);
    expect(existsSync(join(copy, 'content/media/kopie-zapasowe-3-2-1-okladka.png'))).toBe(true);
    expect(errorList(checkContentTree(join(copy, 'content')))).toEqual([]);
  }, 270_000);

  it('uploads a cover into content/media/<article>/, writes the path the build reads, and the preview shows it', async () => {
    const article = join(copy, 'content/articles/en/phishing-training.md');
    const before = readFileSync(article, 'utf8');
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await openEntry(page, 'articles_en', 'phishing-training');
    await page.getByRole('checkbox', { name: 'Automation', exact: true }).check();
    expect(await shownPictures(page)).toBe(0);
    await upload(page, 'Phishing cover.png');
    await page.getByLabel(/^Co widać na okładce/).fill('A blue rectangle standing in for the cover');
    // The chosen picture is shown before the save.
    await expect.poll(() => shownPictures(page), { timeout: 15_000 }).toBe(1);
    await page.getByRole('button', { name: 'Save' }).click();
    const after = await changed(article, before);
    const is = split(after);
    expect(errors).toEqual([]);
    expect(is.data.tags).toEqual([...(split(before).data.tags as string[]), 'automation']);
    expect(is.data.cover).toEqual({ src: '../../media/phishing-training/cover.png', alt: 'A blue rectangle standing in for the cover' });
    const file = join(copy, 'content/media/phishing-training/cover.png');
    for (const deadline = Date.now() + 10_000; !existsSync(file) && Date.now() < deadline; ) await new Promise((resolve) => setTimeout(resolve, 250));
    expect(readFileSync(file).equals(png)).toBe(true);
    expect(errorList(checkContentTree(join(copy, 'content')))).toEqual([]);

    const shown = await previewPicture(page, paths.article('en', 'phishing-training'), 'media/phishing-training/cover.png');
    console.log(`preview picture: ${shown?.src.slice(0, 120)}`);
    expect(shown).toMatchObject({ alt: 'A blue rectangle standing in for the cover', shown: true });
    expect(shown!.width).toBeGreaterThan(0);
    await page.close();
  }, 270_000);

  it('in a case study, ticks a service from the published ones and uploads a picture in place of one beside the file', async () => {
    const entry = join(copy, 'content/case-studies/pl/fundacja-zielony-prog.md');
    const before = readFileSync(entry, 'utf8');
    const was = split(before);
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await openEntry(page, 'caseStudies_pl', 'fundacja-zielony-prog');
    // The published Polish services, by their titles.
    for (const title of ['Audyt dostępności i poprawki (WCAG 2.2, EAA)', 'Automatyzacja procesów biurowych', 'Migracja do Microsoft 365 lub Google Workspace', 'Obsługa IT i outsourcing IT', 'Strony internetowe']) {
      await page.getByRole('checkbox', { name: title, exact: true }).waitFor();
    }
    await page.getByRole('checkbox', { name: 'Automatyzacja procesów biurowych', exact: true }).check();
    const images = was.data.images as Array<{ src: string; alt: string }>;
    await page.getByText(images[0]!.alt.slice(0, 20)).first().click();
    const dialog = page.getByRole('dialog');
    // The picture beside the file, kept by its path, is shown in the dialog.
    await expect.poll(() => dialog.locator('img').evaluateAll((found) => (found as HTMLImageElement[]).filter((image) => image.naturalWidth > 0).length), { timeout: 15_000 }).toBe(1);
    await upload(page, 'zielony prog.png');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    const after = await changed(entry, before);
    const is = split(after);
    expect(errors).toEqual([]);
    expect(is.data.services).toEqual([...(was.data.services as string[]), 'automation']);
    expect(is.data.images).toEqual([{ src: '../../media/fundacja-zielony-prog/images-0.png', alt: images[0]!.alt }, ...images.slice(1)]);
    const file = join(copy, 'content/media/fundacja-zielony-prog/images-0.png');
    for (const deadline = Date.now() + 10_000; !existsSync(file) && Date.now() < deadline; ) await new Promise((resolve) => setTimeout(resolve, 250));
    expect(readFileSync(file).equals(png)).toBe(true);
    // The picture it replaced stays where it was (the editor deletes only what it uploaded).
    expect(existsSync(join(copy, 'content/case-studies/pl/fundacja-zielony-prog.webp'))).toBe(true);
    expect(errorList(checkContentTree(join(copy, 'content')))).toEqual([]);

    const shown = await previewPicture(page, paths.caseStudy('pl', 'fundacja-zielony-prog'), 'media/fundacja-zielony-prog/images-0.png');
    // The page asks for the picture in its own widths (an upscaled rendition of a small file): loaded is what counts.
    expect(shown).toMatchObject({ alt: images[0]!.alt, shown: true });
    expect(shown!.width).toBeGreaterThan(0);
    await page.close();
  }, 270_000);

  it('shows the pickers and the uploaded picture in a Polish and an English browser, at 1280 and 390 px', async () => {
    const shots: string[] = [];
    for (const locale of ['pl-PL', 'en-GB']) {
      for (const width of [1280, 390]) {
        const context = await browser.newContext({ locale, viewport: { width, height: 900 } });
        const page = await context.newPage();
        await openEntry(page, 'articles_en', 'phishing-training');
        const name = `form-editor-pickers-${locale.slice(0, 2)}-${width}`;
        await page.getByRole('checkbox', { name: 'Accessibility', exact: true }).scrollIntoViewIfNeeded();
        shots.push(join(tmpdir(), `${name}-tags.png`));
        await page.screenshot({ path: shots.at(-1)! });
        await page.getByLabel(/^Co widać na okładce/).scrollIntoViewIfNeeded();
        await expect.poll(() => shownPictures(page), { timeout: 15_000 }).toBeGreaterThan(0);
        shots.push(join(tmpdir(), `${name}-cover.png`));
        await page.screenshot({ path: shots.at(-1)! });
        await context.close();
      }
    }
    console.log(`screenshots:\n${shots.join('\n')}`);
    expect(shots.every((shot) => existsSync(shot))).toBe(true);
  }, 400_000);
});
