/**
 * `npm run dev` is a preview of the site as it will be built: in Chromium a page and an article load
 * without a single CSP violation, the global stylesheet applies, links follow the dev server's port,
 * and a draft is shown with its mark (drafts never reach a build: tests/http/pages.test.ts); a save the
 * content check refuses puts a banner with the problem on every page until it is fixed; a missing picture
 * fails only the page of its article, and every other page goes on answering.
 */
import { copyFileSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { startDevServer, type DevServer } from '../support/dev-server';
import { watchCsp } from '../support/csp-violations';
import { copyProject } from '../support/project-copy';

// The draft goes into a copy of the project: written into the repository's own content, it would be
// seen by every other test reading the content at the same time (the content check, the builds).
const copy = copyProject('dev-preview', ['src', 'content', 'public', 'scripts', 'astro.config.mjs', 'keystatic.config.ts', 'package.json', 'tsconfig.json']);
const draftSlug = 'podglad-szkicu';
const draftFile = join(copy, 'content/articles/pl', `${draftSlug}.md`);
let dev: DevServer | undefined;
let origin: string;
let browser: Browser;

beforeAll(async () => {
  writeFileSync(
    draftFile,
    `---\ntitle: Szkic do podglądu\ndescription: Artykuł-szkic, który redaktor ogląda w podglądzie przed publikacją; na stronę nie trafia.\ntranslationKey: ${draftSlug}\npublished: 2026-11-20\ntags: [strony-www]\ndraft: true\n---\n\nTreść szkicu.\n`,
  );
  dev = await startDevServer(copy, { ENV_FILE: '/dev/null' });
  origin = dev.origin;
  console.log(`npm run dev ready in ${dev.readySeconds.toFixed(1)} s`);
  browser = await launchChromium();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  dev?.stop();
  rmSync(copy, { recursive: true, force: true });
});

async function visit(path: string) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const violations = await watchCsp(page);
  const response = await page.goto(`${origin}${path}`, { waitUntil: 'load', timeout: 150_000 });
  await page.waitForLoadState('networkidle');
  const styles = await page.evaluate(() => ({
    bodyDisplay: getComputedStyle(document.body).display,
    headerBorder: getComputedStyle(document.querySelector('.site-header')!).borderBottomStyle,
    logoWidth: document.querySelector('.site-header img, .site-header svg')?.getBoundingClientRect().width ?? 0,
    canonical: document.querySelector('link[rel=canonical]')?.getAttribute('href'),
    draftMark: document.querySelector('.draft-mark')?.textContent ?? null,
  }));
  await page.close();
  return { status: response!.status(), csp: response!.headers()['content-security-policy'], violations, styles };
}

describe('the dev preview', () => {
  it('shows a page with the site styles and no CSP violation, under the dev server own address', async () => {
    const home = await visit('/');
    console.log('dev /: CSP violations', home.violations.length, 'styles', home.styles);
    expect(home.status).toBe(200);
    expect(home.violations).toEqual([]);
    expect(home.styles.bodyDisplay).toBe('flex');
    expect(home.styles.headerBorder).toBe('solid');
    expect(home.styles.logoWidth).toBeLessThan(300);
    expect(home.styles.canonical).toBe(`${origin}/`);
    expect(home.styles.draftMark).toBeNull();
    // The dev CSP is the production one with inline code allowed for script and style only.
    expect(home.csp).toContain("default-src 'none'");
    expect(home.csp).toContain("frame-ancestors 'none'");
    const llms = await (await fetch(`${origin}/llms.txt`)).text();
    expect(llms).toContain(`${origin}/uslugi/`);
    expect(llms).not.toContain('localhost:4321');
  }, 200_000);

  it('shows an article and a draft with its mark, styled, with no CSP violation', async () => {
    const article = await visit('/artykuly/kopie-zapasowe-3-2-1/');
    expect(article.status).toBe(200);
    expect(article.violations).toEqual([]);
    expect(article.styles.bodyDisplay).toBe('flex');
    expect(article.styles.draftMark).toBeNull();

    const draft = await visit(`/artykuly/${draftSlug}/`);
    console.log('dev draft: CSP violations', draft.violations.length, 'mark', draft.styles.draftMark);
    expect(draft.status).toBe(200);
    expect(draft.violations).toEqual([]);
    // The pages' typography keeps a single-letter word with the next one (a no-break space after "w").
    expect(draft.styles.draftMark).toMatch(/^Szkic — widoczny tylko w\spodglądzie/);
    const index = await (await fetch(`${origin}/artykuly/`)).text();
    expect(index).toContain(`/artykuly/${draftSlug}/`);
    expect(index).toMatch(/class="draft-tag">Szkic</);
  }, 200_000);

  it('answers /ask from the content as it is now: an article written after the first question is found', async () => {
    const first = async (text: string) => {
      const response = await fetch(`${origin}/ask`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: { text }, locale: 'pl' }) });
      expect(response.status).toBe(200);
      return ((await response.json()) as { results: { id: string }[] }).results[0]?.id;
    };
    const question = 'drukarka 3D w pracowni wolontariuszy';
    expect(await first(question)).not.toBe('article:pl:drukarka-3d');
    writeFileSync(
      join(copy, 'content/articles/pl/drukarka-3d.md'),
      `---\ntitle: Drukarka 3D w pracowni wolontariuszy\ndescription: Jak fundacja może bezpiecznie udostępnić wolontariuszom drukarkę 3D.\ntranslationKey: drukarka-3d\npublished: 2026-11-21\ntags: [strony-www]\ndraft: true\n---\n\nDrukarka 3D, filament i harmonogram.\n`,
    );
    // The dev server picks the file up on its own schedule: ask until it answers with it.
    let answered: string | undefined;
    for (let attempt = 0; attempt < 40 && answered !== 'article:pl:drukarka-3d'; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      answered = await first(question);
    }
    expect(answered).toBe('article:pl:drukarka-3d');
  }, 60_000);

  it('after a save the check refuses, opens every page with a banner naming the file and the problem; once fixed, none', async () => {
    const broken = join(copy, 'content/articles/pl/zepsuty-podglad.md');
    const banner = async (path: string) => /<div role="alert" id="content-problems"[\s\S]*?<\/div>/.exec(await (await fetch(`${origin}${path}`)).text())?.[0];
    expect(await banner('/')).toBeUndefined();
    // No title: the schema refuses the file, and Astro alone would go on serving the pages as they were.
    writeFileSync(broken, `---\ndescription: Artykuł bez tytułu, który podgląd musi pokazać jako błąd.\ntranslationKey: zepsuty-podglad\npublished: 2026-11-21\ntags: [strony-www]\n---\n\nTreść.\n`);
    let shown: string | undefined;
    for (let attempt = 0; attempt < 40 && !shown; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      shown = await banner('/');
    }
    console.log(`banner after a broken save: ${shown}`);
    expect(shown).toContain('zepsuty-podglad.md');
    expect(shown).toMatch(/title/);
    expect(await banner('/en/')).toContain('zepsuty-podglad.md');
    const home = await visit('/');
    expect(home.violations).toEqual([]);
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${origin}/`, { waitUntil: 'load' });
    await page.screenshot({ path: join(tmpdir(), 'dev-preview-banner-390.png') });
    await page.close();

    rmSync(broken);
    let gone = false;
    for (let attempt = 0; attempt < 40 && !gone; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      gone = (await banner('/')) === undefined;
    }
    expect(gone).toBe(true);
  }, 200_000);

  it('with a cover file missing, fails only that article page, showing the problem; the picture back, the page is back', async () => {
    const picture = join(copy, 'content/articles/pl/okladka-podgladu.png');
    const slug = 'okladka-podgladu';
    const path = `/artykuly/${slug}/`;
    const status = async (at: string) => (await fetch(`${origin}${at}`)).status;
    const until = async (done: () => Promise<boolean>) => {
      for (let attempt = 0; attempt < 60; attempt++) {
        if (await done()) return true;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      return false;
    };
    copyFileSync(join(copy, 'content/media/kopie-zapasowe-3-2-1-okladka.png'), picture);
    writeFileSync(
      join(copy, `content/articles/pl/${slug}.md`),
      `---\ntitle: Artykuł z okładką w podglądzie\ndescription: Artykuł, którego okładka znika i wraca, a podgląd pokazuje problem tylko na jego stronie.\ntranslationKey: ${slug}\npublished: 2026-11-20\ntags: [strony-www]\ncover:\n  src: ./okladka-podgladu.png\n  alt: Okładka artykułu w podglądzie\n---\n\nTreść artykułu z okładką.\n`,
    );
    expect(await until(async () => (await status(path)) === 200)).toBe(true);

    rmSync(picture);
    expect(await until(async () => (await status(path)) !== 200)).toBe(true);
    // The store drops the entry half a second after the file went (Astro writes its picture imports
    // debounced); a request within that moment may still meet the old imports.
    await until(async () => (await status(path)) === 404);
    const failed = await fetch(`${origin}${path}`);
    const html = await failed.text();
    // Every other page, English ones and /llms.txt included, goes on answering.
    for (const other of ['/', '/artykuly/kopie-zapasowe-3-2-1/', '/en/', '/en/articles/backups-3-2-1/', '/llms.txt']) expect([other, await status(other)]).toEqual([other, 200]);
    const shown = /<div role="alert" id="content-problems"[\s\S]*?<\/div>/.exec(html)?.[0];
    console.log(`the page of an article whose cover is missing: ${shown}`);
    // The check's own line, in the language of the file: the Markdown file and the picture it names.
    expect(shown).toContain(`articles/pl/${slug}.md`);
    expect(shown).toContain('nie ma pliku „./okladka-podgladu.png”');
    expect(html).not.toMatch(/Stack trace|ImageNotFound|at [\w.]+ \(file:/);
    expect(failed.status).toBe(404);
    for (const width of [1280, 390]) {
      const page = await browser.newPage({ viewport: { width, height: width > 500 ? 900 : 844 } });
      await page.goto(`${origin}${path}`, { waitUntil: 'load' });
      await page.screenshot({ path: join(tmpdir(), `dev-preview-missing-picture-${width}.png`) });
      await page.close();
    }

    copyFileSync(join(copy, 'content/media/kopie-zapasowe-3-2-1-okladka.png'), picture);
    expect(await until(async () => (await status(path)) === 200)).toBe(true);
    expect(await (await fetch(`${origin}${path}`)).text()).toContain('Artykuł z okładką w podglądzie');
  }, 200_000);

  it("with a case study's picture removed, fails only that case study's page; the picture back, the page is back", async () => {
    const picture = join(copy, 'content/case-studies/pl/szkola-w-chmurze.webp');
    const kept = readFileSync(picture);
    const path = '/realizacje/szkola-w-chmurze/';
    const status = async (at: string) => (await fetch(`${origin}${at}`)).status;
    const until = async (done: () => Promise<boolean>) => {
      for (let attempt = 0; attempt < 60 && !(await done()); attempt++) await new Promise((resolve) => setTimeout(resolve, 500));
    };
    expect(await status(path)).toBe(200);
    rmSync(picture);
    await until(async () => (await status(path)) === 404);
    for (const other of ['/realizacje/', '/realizacje/fundacja-zielony-prog/', '/uslugi/', '/en/case-studies/', '/llms.txt']) expect([other, await status(other)]).toEqual([other, 200]);
    const shown = /<div role="alert" id="content-problems"[\s\S]*?<\/div>/.exec(await (await fetch(`${origin}${path}`)).text())?.[0];
    console.log(`the page of a case study whose picture is missing: ${shown}`);
    expect(shown).toMatch(/case-studies\/pl\/szkola-w-chmurze\.md:\d+: images\[1\]\.src: nie ma pliku „\.\/szkola-w-chmurze\.webp”/);
    expect(await status(path)).toBe(404);

    writeFileSync(picture, kept);
    await until(async () => (await status(path)) === 200);
    expect(await status(path)).toBe(200);
  }, 120_000);
});
