/**
 * The site as visitors meet it, in Chromium, in both languages: pricing reads on a phone without
 * horizontal scrolling; the home page's call to action is in the first screen; keyboard paths work
 * (skip link, scrollable tables, the booking picker); the English 404. axe-core on every kind of page
 * is design-axe-content.test.ts and design-axe-forms.test.ts.
 */
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSettled } from '../support/axe';
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

function context(width: number): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width, height: width > 500 ? 900 : 844 }, timezoneId: 'Europe/Warsaw', locale: 'pl-PL' });
}

/** Opens a page with every island hydrated (they wake when scrolled into view). */
function open(target: BrowserContext, path: string): Promise<Page> {
  return openSettled(target, `${server.url}${path}`);
}

// Each case opens its own context: they run side by side, waiting for the network together.
describe.concurrent('on a 390 px phone', () => {
  it.each(['/cennik/', '/en/pricing/', '/', '/en/', '/konsultacja/', '/en/articles/backups-3-2-1/', '/status/'])('%s has no horizontal scroll', async (path) => {
    const target = await context(390);
    const page = await open(target, path);
    const { scrollWidth, clientWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth }));
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    await target.close();
  });

  it('shows every price card with its net and gross price, each inside the screen', async () => {
    const target = await context(390);
    const page = await open(target, '/en/pricing/');
    const cards = await page.locator('.price-card').evaluateAll((elements) => elements.map((element) => {
      const box = element.getBoundingClientRect();
      return { left: box.left, right: box.right, net: element.querySelector('.net')?.textContent ?? '', gross: element.querySelector('.gross')?.textContent ?? '' };
    }));
    expect(cards.length).toBeGreaterThan(8);
    for (const card of cards) {
      expect(card.left).toBeGreaterThanOrEqual(0);
      expect(card.right).toBeLessThanOrEqual(390);
      expect(card.net).toMatch(/PLN \d/);
      expect(card.gross).toMatch(/PLN \d[\d,.]* gross/);
    }
    await target.close();
  });

  it.each(['/', '/en/'])('puts the home call to action %s in the first screen', async (path) => {
    const target = await context(390);
    const page = await open(target, path);
    const button = page.locator('.hero .button').first();
    const box = (await button.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(844);
    expect(await button.getAttribute('href')).toMatch(/#consultation-slots$/);
    await target.close();
  });

  it('keeps page content from touching the footer', async () => {
    const target = await context(390);
    await Promise.all(['/', '/cennik/', '/konsultacja/', '/en/contact/'].map(async (path) => {
      const page = await open(target, path);
      const gap = await page.evaluate(() => document.querySelector('.site-footer')!.getBoundingClientRect().top - document.querySelector('main')!.lastElementChild!.getBoundingClientRect().bottom);
      expect(gap, path).toBeGreaterThanOrEqual(32);
      await page.close();
    }));
    await target.close();
  });
});

describe('keyboard paths', () => {
  it('reaches a wide article table by keyboard and scrolls it', async () => {
    const target = await context(390);
    const page = await open(target, '/en/articles/mfa-and-password-managers/');
    const region = page.locator('.prose section.table-wrap').first();
    expect(await region.getAttribute('tabindex')).toBe('0');
    expect((await region.getAttribute('aria-label'))!.length).toBeGreaterThan(3);
    await region.focus();
    expect(await page.evaluate(() => document.activeElement?.classList.contains('table-wrap'))).toBe(true);
    await target.close();
  });

  it('walks the main navigation with Tab after the skip link, the current page marked', async () => {
    const target = await context(1280);
    const page = await open(target, '/en/pricing/');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('skip-link');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Pracownia Cyfrowa');
    const visited: string[] = [];
    for (let step = 0; step < 7; step++) {
      await page.keyboard.press('Tab');
      visited.push((await page.evaluate(() => document.activeElement?.textContent?.trim())) ?? '');
    }
    expect(visited).toEqual(['Services', 'Case studies', 'Articles', 'Pricing', 'Consultation', 'Contact', 'Polski']);
    expect(await page.locator('nav a[aria-current="page"]').textContent()).toBe('Pricing');
    await target.close();
  });

  it('moves from the consultation page button to the slot picker', async () => {
    const target = await context(390);
    const page = await open(target, '/en/consultation/');
    const button = page.locator('.page-head .button');
    expect(await button.getAttribute('href')).toBe('#consultation-slots');
    await button.focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => location.hash === '#consultation-slots');
    const top = await page.locator('#consultation-slots').evaluate((element) => element.getBoundingClientRect().top);
    expect(Math.abs(top)).toBeLessThan(5);
    await target.close();
  });
});

describe('the English 404', () => {
  it('answers an unknown /en/ address in English with ways on, and a Polish one in Polish', async () => {
    const target = await context(390);
    const page = await target.newPage();
    const response = await page.goto(`${server.url}/en/services/nothing-here/`);
    expect(response!.status()).toBe(404);
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    expect(await page.locator('h1').textContent()).toBe('Page not found');
    expect(await page.locator('main a').allTextContents()).toEqual(['Home page', 'Services', 'Articles', 'Pricing', 'Contact']);
    await page.goto(`${server.url}/uslugi/nic-tu-nie-ma/`);
    expect(await page.getAttribute('html', 'lang')).toBe('pl');
    expect(await page.locator('h1').textContent()).toBe('Nie znaleziono strony');
    await target.close();
  });
});
