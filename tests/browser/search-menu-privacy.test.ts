/**
 * What a new visitor meets on every page, in Chromium at 1280 and 390 px in both languages: the
 * header in one row (on a phone, a menu button that opens and closes from the keyboard), the search
 * box on home and on the 404 page answering a price question with the pricing page first and an
 * off-topic one with "nothing matches", the privacy line beside every form's button, the contact
 * list only for a sender who ticks the box, and a chat launcher that leaves the page's text visible.
 * axe-core (WCAG 2.2 AA and best practices) finds nothing on the states shown.
 */
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { setTimeout as sleep } from 'node:timers/promises';
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../support/axe';
import { launchChromium } from '../support/browser';
import { startServer, type TestServer } from '../support/server';


let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  // A configured chat model (only its status is asked here), so the launcher and the search page's chat link show.
  server = await startServer({ CONTACT_EMAIL: 'owner@test.example', CHAT_BASE_URL: 'http://127.0.0.1:9/v1', CHAT_MODEL: 'fake-model' });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const words = {
  pl: { home: '/', notFound: '/nie-ma-takiej-strony/', menu: 'Menu', price: 'ile kosztuje strona', pricing: '/cennik/', nothing: 'Nic na tej stronie nie pasuje', zero: '0 wyników', privacy: '/polityka-prywatnosci/', contact: '/kontakt/', consultation: '/konsultacja/' },
  en: { home: '/en/', notFound: '/en/no-such-page/', menu: 'Menu', price: 'how much is a website', pricing: '/en/pricing/', nothing: 'Nothing on this site matches', zero: '0 results', privacy: '/en/privacy-policy/', contact: '/en/contact/', consultation: '/en/consultation/' },
} as const;

function context(width: number): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width, height: width > 500 ? 900 : 844 }, timezoneId: 'Europe/Warsaw', locale: 'pl-PL' });
}

/** Tabs from the top of the page until the focus is on `selector` (at most `limit` presses). */
async function tabTo(page: Page, selector: string, limit = 8): Promise<void> {
  for (let press = 0; press < limit; press++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((wanted) => document.activeElement?.matches(wanted) ?? false, selector)) return;
  }
  throw new Error(`${selector} never took the focus`);
}

// The four width and language pairs side by side, each in its own context: most of their time is
// waiting for pages and for the search, which they can do together.
describe.concurrent.each([1280, 390])('at %i px', (width) => {
  describe.each(['pl', 'en'] as const)('in %s', (lang) => {
    const t = words[lang];

    it('the header is one row; the search box there answers a price question with the pricing page first', async ({ expect }) => {
      const target = await context(width);
      const page = await target.newPage();
      await page.goto(`${server.url}${t.home}`, { waitUntil: 'networkidle' });
      const header = await page.locator('.site-header').boundingBox();
      const menuButton = page.locator('summary.menu-button');
      console.log(`${lang} ${width} px: header ${header!.height} px high`);
      // One row: the brand's height plus its padding, not a second row of links.
      expect(header!.height).toBeLessThan(80);
      const search = page.locator('#header-search-q');
      if (width < 500) {
        expect(await menuButton.isVisible()).toBe(true);
        expect(await search.isVisible()).toBe(false);
        expect(await page.locator('.site-header nav a').first().isVisible()).toBe(false);
        // Keyboard: Tab to the menu button, Enter opens, Escape closes and gives the focus back.
        await tabTo(page, 'summary.menu-button');
        await page.keyboard.press('Enter');
        await expect.poll(() => page.locator('.site-header nav a').first().isVisible(), { timeout: 10_000 }).toBe(true);
        expect(await page.locator('#site-menu').evaluate((menu) => (menu as HTMLDetailsElement).open)).toBe(true);
        expect(await axeViolations(page), 'menu open').toEqual([]);
        await page.keyboard.press('Tab'); // into the menu: Escape works from inside it
        await page.keyboard.press('Escape');
        await expect.poll(() => page.locator('#site-menu').evaluate((menu) => (menu as HTMLDetailsElement).open), { timeout: 10_000 }).toBe(false);
        expect(await page.evaluate(() => document.activeElement?.matches('summary.menu-button'))).toBe(true);
        expect(await page.locator('.site-header nav a').first().isVisible()).toBe(false);
        // The opened menu lies over the page, it does not push it down (no shift of the content).
        const headingBefore = (await page.locator('h1').boundingBox())!.y;
        await page.keyboard.press('Enter');
        await expect.poll(() => search.isVisible(), { timeout: 10_000 }).toBe(true);
        expect((await page.locator('h1').boundingBox())!.y).toBe(headingBefore);
      } else {
        expect(await menuButton.isVisible()).toBe(false);
        expect(await page.locator('.site-header nav a').first().isVisible()).toBe(true);
        expect(await search.isVisible()).toBe(true);
      }
      await search.fill(t.price);
      await search.press('Enter');
      await page.waitForURL((url) => url.searchParams.get('q') === t.price);
      const first = page.locator('.search-hits a').first();
      expect(new URL((await first.getAttribute('href'))!, server.url).pathname).toBe(t.pricing);
      const count = (await page.getByTestId('search-count').textContent())!;
      expect(Number.parseInt(count, 10)).toBe(await page.locator('.search-hits > li').count());
      expect(await page.getByTestId('search-chat').isVisible()).toBe(true);
      expect(await axeViolations(page), 'search results').toEqual([]);
      await target.close();
    }, 120_000);

    it('the 404 page has a search box that answers an off-topic question with "nothing matches"', async ({ expect }) => {
      const target = await context(width);
      const page = await target.newPage();
      const response = await page.goto(`${server.url}${t.notFound}`, { waitUntil: 'networkidle' });
      expect(response?.status()).toBe(404);
      expect(await axeViolations(page), '404').toEqual([]);
      const search = page.locator('#not-found-search-q');
      expect(await search.isVisible()).toBe(true);
      await search.fill('pizza margherita');
      await search.press('Enter');
      await page.waitForURL((url) => url.searchParams.get('q') === 'pizza margherita');
      expect((await page.getByTestId('search-count').textContent())?.trim()).toMatch(new RegExp(`^${t.zero}`));
      expect(await page.getByTestId('search-none').textContent()).toContain(t.nothing);
      expect(await page.locator('.search-hits').count()).toBe(0);
      // And from the 404 page a price question reaches the pricing page too.
      await page.goto(`${server.url}${t.notFound}`);
      await page.locator('#not-found-search-q').fill(t.price);
      await page.locator('#not-found-search-q').press('Enter');
      await page.waitForURL((url) => url.searchParams.get('q') === t.price);
      expect(new URL((await page.locator('.search-hits a').first().getAttribute('href'))!, server.url).pathname).toBe(t.pricing);
      expect(await axeViolations(page), 'nothing matches').toEqual([]);
      await target.close();
    }, 120_000);

    it('every form says beside its button what happens to the data and links the privacy policy in this language', async ({ expect }) => {
      const target = await context(width);
      const page = await target.newPage();
      for (const [path, form] of [[t.contact, '#contact-form form'], [t.home, '.newsletter-section form'], [t.consultation, '.consultation-booking form']] as const) {
        await page.goto(`${server.url}${path}`, { waitUntil: 'networkidle' });
        const formElement = page.locator(form);
        await formElement.scrollIntoViewIfNeeded();
        const line = formElement.getByTestId('form-privacy');
        await line.waitFor({ timeout: 15_000 });
        const link = line.locator('a');
        expect(await link.getAttribute('href'), `${path} ${form}`).toBe(t.privacy);
        // Beside the button: the line follows the form's submit button.
        expect(await formElement.evaluate((element) => {
          const button = element.querySelector('button[type=submit]');
          const privacy = element.querySelector('[data-testid=form-privacy]');
          return Boolean(button && privacy && button.compareDocumentPosition(privacy) & Node.DOCUMENT_POSITION_FOLLOWING);
        })).toBe(true);
      }
      expect((await page.request.get(`${server.url}${t.privacy}`)).status()).toBe(200);
      // The chat's form says it too.
      await page.goto(`${server.url}${t.home}`, { waitUntil: 'load' });
      const launcher = page.locator('.chat-launcher');
      await launcher.waitFor({ state: 'visible', timeout: 15_000 });
      await launcher.click();
      const chatLine = page.locator('.sc-privacy');
      await chatLine.waitFor({ timeout: 15_000 });
      expect(await chatLine.locator('a').getAttribute('href')).toBe(t.privacy);
      await target.close();
    }, 120_000);

    it('the chat launcher leaves the end of the page readable', async ({ expect }) => {
      const target = await context(width);
      const page = await target.newPage();
      await page.goto(`${server.url}${t.home}`, { waitUntil: 'load' });
      const launcher = page.locator('.chat-launcher');
      await launcher.waitFor({ state: 'visible', timeout: 15_000 });
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await sleep(100);
      const button = (await launcher.boundingBox())!;
      // The last line of text (the footer's legal line) ends above the launcher.
      const legal = (await page.locator('.footer-legal').boundingBox())!;
      expect(legal.y + legal.height).toBeLessThanOrEqual(button.y);
      if (width < 500) {
        // On a phone the launcher is a bar along the bottom edge and the page keeps its height free.
        expect(button.width).toBe(width);
        const reserved = await page.evaluate(() => Number.parseFloat(getComputedStyle(document.body).paddingBottom));
        expect(reserved).toBeGreaterThanOrEqual(button.height);
      }
      await target.close();
    }, 60_000);
  });
});

describe('the contact form', () => {
  const listRows = (email: string) => {
    const db = new DatabaseSync(join(server.dataDir, 'site.sqlite'), { readOnly: true });
    try {
      const table = db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'list_contacts'").get();
      return table ? db.prepare('SELECT segment FROM list_contacts WHERE email = ?').all(email) : [];
    } finally {
      db.close();
    }
  };

  it('files the sender in Kontakt only when the box, unticked at first, is ticked', async () => {
    const target = await context(1280);
    // The two senders write at the same time, each in a page of their own.
    await Promise.all(([['unticked@example.org', false], ['ticked@example.org', true]] as const).map(async ([email, tick]) => {
      const page = await target.newPage();
      await page.goto(`${server.url}/kontakt/`);
      const send = page.getByRole('button', { name: 'Wyślij wiadomość' });
      await send.hover();
      await expect.poll(() => send.isEnabled(), { timeout: 15_000 }).toBe(true);
      const box = page.locator('#contact-list-consent');
      expect(await box.isChecked()).toBe(false);
      await page.fill('#contact-name', 'Anna Nowak');
      await page.fill('#contact-email', email);
      await page.fill('#contact-message', 'Potrzebujemy nowej strony dla fundacji.');
      if (tick) await box.check();
      await sleep(3_000); // a person's time to write (the form's time trap)
      await send.click();
      await expect.poll(() => page.getByRole('status').textContent(), { timeout: 20_000 }).toMatch(/^Dziękujemy!/);
    }));
    expect(listRows('unticked@example.org')).toEqual([]);
    await expect.poll(() => listRows('ticked@example.org'), { timeout: 5_000 }).toEqual([{ segment: 'Kontakt' }]);
    await target.close();
  }, 120_000);

  it('"Ask about this service" opens the form with the service as the topic', async () => {
    const target = await context(390);
    const page = await target.newPage();
    await page.goto(`${server.url}/en/services/web-design/`);
    await page.getByRole('link', { name: 'Ask about this service' }).click();
    await page.waitForURL(/\/en\/contact\//);
    await expect.poll(() => page.inputValue('#contact-topic'), { timeout: 15_000 }).toBe('Enquiry about: Websites');
    await target.close();
  }, 60_000);
});
