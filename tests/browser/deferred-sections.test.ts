/**
 * Sections below the first screen are drawn only as they near the viewport (content-visibility:
 * auto): on a phone the home page's last sections are skipped at load, and nothing a
 * visitor does shows it: scrolling through shifts next to nothing, the page keeps the height
 * it has with every section drawn, and a link to a heading far down lands on that heading.
 */
import { type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { startServer, type TestServer } from '../support/server';

let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  server = await startServer();
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function phonePage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, timezoneId: 'Europe/Warsaw', locale: 'pl-PL' });
  return context.newPage();
}

describe.each(['/', '/en/'])('home page %s on a phone', (path) => {
  it('skips the last section at load, then scrolling through shifts nothing and keeps the page height', async () => {
    const page = await phonePage();
    await page.goto(`${server.url}${path}`, { waitUntil: 'networkidle' });
    const atLoad = await page.evaluate(() => ({
      lastSectionDrawn: [...document.querySelectorAll('main .section')].at(-1)!.firstElementChild!.checkVisibility({ contentVisibilityAuto: true }),
      heroDrawn: document.querySelector('.hero h1')!.checkVisibility({ contentVisibilityAuto: true }),
    }));
    expect(atLoad).toEqual({ lastSectionDrawn: false, heroDrawn: true });

    const { shift, height } = await page.evaluate(async () => {
      let shift = 0;
      new PerformanceObserver((list) => { for (const entry of list.getEntries() as any[]) if (!entry.hadRecentInput) shift += entry.value; }).observe({ type: 'layout-shift', buffered: true });
      for (let y = 0; y < document.documentElement.scrollHeight; y += 400) { window.scrollTo(0, y); await new Promise((done) => requestAnimationFrame(() => setTimeout(done, 30))); }
      await new Promise((done) => setTimeout(done, 100));
      return { shift, height: document.documentElement.scrollHeight };
    });
    console.log(`${path} at 390 px: layout shift while scrolling ${shift}, height ${height} px`);
    // A section drawn as it nears the viewport can nudge the footer below it by a few pixels when the
    // page is scrolled faster than it is drawn: far under what anyone sees (a good page stays under 0.1).
    expect(shift).toBeLessThan(0.01);
    // The same page with every section drawn (as printing does) is exactly as tall.
    const drawnHeight = await page.evaluate(() => {
      for (const element of document.querySelectorAll<HTMLElement>('.section')) element.style.contentVisibility = 'visible';
      return document.documentElement.scrollHeight;
    });
    expect(height).toBe(drawnHeight);
    await page.context().close();
  });

  it('lands on a heading near the bottom when the address names it', async () => {
    const page = await phonePage();
    await page.goto(`${server.url}${path}#home-articles`, { waitUntil: 'networkidle' });
    const top = () => page.evaluate(() => Math.abs(Math.round(document.getElementById('home-articles')!.getBoundingClientRect().top)));
    await expect.poll(top, { timeout: 5000 }).toBe(0);
    await page.context().close();
  });
});
