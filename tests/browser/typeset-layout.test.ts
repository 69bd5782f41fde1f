/**
 * The Polish typography keeps some words whole by wrapping them in `<span class="nowrap">`. Inside a
 * flex or grid container whose text is a direct child, that span would become an item of its own and
 * leave the line (a check list's "z / BLIK-iem" drawn over the next line). Every built page, as
 * served, is looked at in Chromium: no such span sits directly in a flex or grid container.
 */
import { type Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { builtPages } from '../support/built-pages';
import { sharedServer } from '../support/shared-server';

const server = sharedServer();
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

it('keeps every word the typography holds together inside its line, on every page', { timeout: 240_000 }, async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const misplaced: string[] = [];
  let spans = 0;
  for (const { path } of builtPages()) {
    const response = await page.goto(`${server.url}${path}`, { waitUntil: 'domcontentloaded' });
    if (!response?.headers()['content-type']?.startsWith('text/html')) continue;
    const found = await page.evaluate(() =>
      [...document.querySelectorAll('.nowrap')].map((span) => ({
        text: span.textContent ?? '',
        parentDisplay: getComputedStyle(span.parentElement!).display,
      })),
    );
    spans += found.length;
    for (const { text, parentDisplay } of found) if (/flex|grid/.test(parentDisplay)) misplaced.push(`${path}: "${text}" in a ${parentDisplay} container`);
  }
  console.log(`${spans} words kept whole across ${builtPages().length} pages`);
  expect(spans).toBeGreaterThan(0);
  expect(misplaced).toEqual([]);
});
