/**
 * The 3-2-1 infographic of the backups article is HTML text, not a picture with its words baked in
 * (a 1600 px picture shown 358 px wide on a phone made its captions about 6 px tall): in Chromium, at
 * 390 px the three cards stack inside the screen with their words at a readable size, and at 1280 px
 * they stand side by side in one row, in both languages, with the figure's caption as text.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSettled } from '../support/axe';
import { launchChromium } from '../support/browser';
import { sharedServer } from '../support/shared-server';

const server = sharedServer();
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const articles = [
  { path: '/artykuly/kopie-zapasowe-3-2-1/', cards: ['3 kopie', '2 różne nośniki', '1 kopia poza biurem'], detail: 'chroni przed pożarem i ransomware', caption: /^Zasada 3-2-1: trzy kopie danych/ },
  { path: '/en/articles/backups-3-2-1/', cards: ['3 copies', '2 different media', '1 copy off site'], detail: 'protects against fire and ransomware', caption: /^The 3-2-1 rule: three copies of the data/ },
];

describe('the 3-2-1 infographic', () => {
  for (const width of [390, 1280]) {
    for (const { path, cards, detail, caption } of articles) {
      it(`${path} at ${width} px: its words are text of a readable size, inside the screen`, async () => {
        const context = await browser.newContext({ viewport: { width, height: width > 500 ? 900 : 844 } });
        const page = await openSettled(context, `${server.url}${path}`);
        const figure = page.locator('.prose figure.infographic');
        await expect(figure.count()).resolves.toBe(1);
        await expect(figure.locator('img').count()).resolves.toBe(0);
        await expect(figure.locator('figcaption').innerText()).resolves.toMatch(caption);
        const items = await figure.locator('li').evaluateAll((elements) => elements.map((element) => {
          const box = element.getBoundingClientRect();
          return { title: element.querySelector('strong')?.textContent, text: (element as HTMLElement).innerText, size: parseFloat(getComputedStyle(element).fontSize), left: box.left, right: box.right, top: Math.round(box.top) };
        }));
        expect(items.map((item) => item.title)).toEqual(cards);
        // The pages' typography binds a single letter to the next word with a no-break space.
        expect(items[2]!.text.replace(/\s+/g, ' ')).toContain(detail);
        for (const item of items) {
          expect(item.size).toBeGreaterThanOrEqual(16);
          expect(item.left).toBeGreaterThanOrEqual(0);
          expect(item.right).toBeLessThanOrEqual(width);
        }
        const rows = new Set(items.map((item) => item.top)).size;
        // A phone reads the cards one under another; a desktop sees the three side by side.
        expect(rows).toBe(width < 500 ? 3 : 1);
        await context.close();
      }, 60_000);
    }
  }
});
