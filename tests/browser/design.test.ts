/**
 * The site as visitors meet it, in Chromium at 1280 and 390 px, in both languages: axe-core
 * (WCAG 2.2 AA and best practices) finds nothing on every kind of page, light and dark; pricing
 * reads on a phone without horizontal scrolling; the home page's call to action is in the first
 * screen; keyboard paths work (skip link, scrollable tables, the booking picker); the English 404.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { startServer, type TestServer } from '../support/server';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const widths = [1280, 390] as const;

let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  server = await startServer({ RATE_LIMIT_SLOTS: '1000', RATE_LIMIT_BOOKING: '1000' });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function context(width: number, colorScheme: 'light' | 'dark' = 'light'): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width, height: width > 500 ? 900 : 844 }, colorScheme, timezoneId: 'Europe/Warsaw', locale: 'pl-PL' });
}

/** Opens a page and lets every island hydrate (they wake when scrolled into view). */
async function open(target: BrowserContext, path: string): Promise<Page> {
  const page = await target.newPage();
  await page.goto(`${server.url}${path}`, { waitUntil: 'networkidle' });
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 500) { window.scrollTo(0, y); await new Promise((done) => setTimeout(done, 30)); }
    window.scrollTo(0, 0);
  });
  await page.waitForLoadState('networkidle');
  return page;
}

async function axeViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol: the page's CSP (rightly) refuses an injected inline script.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const result = await (window as any).axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] } });
    return result.violations.map((violation: any) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node: any) => node.target.join(' ')).slice(0, 3).join(', ')}`);
  });
  return violations;
}

const pageKinds = [
  '/', '/en/', '/uslugi/', '/en/services/web-design/', '/artykuly/', '/en/articles/tag/ngos/', '/artykuly/kopie-zapasowe-3-2-1/',
  '/en/articles/website-speed-core-web-vitals/', '/cennik/', '/en/pricing/', '/kontakt/', '/en/contact/', '/konsultacja/', '/en/consultation/',
  '/o-nas/', '/status/', '/en/status/', '/en/no-such-page/',
  // The search page with results and with none.
  '/szukaj/?q=ile%20kosztuje%20strona', '/en/search/?q=pizza%20margherita',
  // Pages opened from mails, in the state a broken link shows.
  '/konsultacja/odwolaj/?token=broken', '/en/consultation/cancel/?token=broken', '/newsletter/wypisz/', '/en/newsletter/unsubscribe/',
];

describe('axe-core on every kind of page', () => {
  for (const width of widths) {
    // Dark is checked at one width: the palette, not the layout, changes with the scheme.
    for (const scheme of width === 1280 ? (['light', 'dark'] as const) : (['light'] as const)) {
      it(`finds no violation at ${width} px, ${scheme}`, async () => {
        const target = await context(width, scheme);
        const found: string[] = [];
        for (const path of pageKinds) {
          const page = await open(target, path);
          found.push(...(await axeViolations(page)).map((violation) => `${path}: ${violation}`));
          await page.close();
        }
        await target.close();
        expect(found, found.join('\n')).toEqual([]);
      }, 240_000);
    }
  }
});

describe('on a 390 px phone', () => {
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
    for (const path of ['/', '/cennik/', '/konsultacja/', '/en/contact/']) {
      const page = await open(target, path);
      const gap = await page.evaluate(() => document.querySelector('.site-footer')!.getBoundingClientRect().top - document.querySelector('main')!.lastElementChild!.getBoundingClientRect().bottom);
      expect(gap, path).toBeGreaterThanOrEqual(32);
      await page.close();
    }
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
