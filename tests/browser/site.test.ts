/**
 * The site in Debian's Chromium (playwright-core): both home pages render, the language switch lands
 * on the translated page (home and an article), the skip link gets keyboard focus, no console errors.
 */
import { type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

/** A page that records console errors and failed requests. */
async function open(path: string): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('console', (message) => { if (message.type() === 'error') errors.push(message.text()); });
  page.on('pageerror', (error) => errors.push(error.message));
  // A navigation cancels the previous page's pending requests (ERR_ABORTED): not an error of the site.
  page.on('requestfailed', (request) => {
    if (request.failure()?.errorText !== 'net::ERR_ABORTED') errors.push(`request failed: ${request.url()} ${request.failure()?.errorText}`);
  });
  await page.goto(`${server.url}${path}`, { waitUntil: 'load' });
  return { page, errors };
}

describe('the site in a browser', () => {
  it.each([
    ['/', 'pl', 'English'],
    ['/en/', 'en', 'Polski'],
  ])('renders the home page %s in %s with its main heading and no console error', async (path, lang, switchText) => {
    const { page, errors } = await open(path);
    expect(await page.getAttribute('html', 'lang')).toBe(lang);
    expect((await page.locator('h1').first().textContent())?.trim().length).toBeGreaterThan(10);
    expect(await page.locator('main#main').count()).toBe(1);
    expect((await page.locator('a.lang-switch').textContent())?.trim()).toBe(switchText);
    expect(errors, errors.join('\n')).toEqual([]);
    await page.close();
  });

  it('switches the home page to English and back', async () => {
    const { page, errors } = await open('/');
    await page.click('a.lang-switch');
    await page.waitForURL(`${server.url}/en/`);
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    await page.click('a.lang-switch');
    await page.waitForURL(`${server.url}/`);
    expect(await page.getAttribute('html', 'lang')).toBe('pl');
    expect(errors, errors.join('\n')).toEqual([]);
    await page.close();
  });

  it('switches an article to its translation', async () => {
    const { page, errors } = await open('/artykuly/');
    const articleHref = await page.locator('.article-list h2 a').first().getAttribute('href');
    await page.goto(`${server.url}${articleHref}`);
    const polishTitle = await page.locator('h1').textContent();
    await page.click('a.lang-switch');
    await page.waitForURL(/\/en\/articles\/[a-z0-9-]+\/$/);
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    expect(await page.locator('h1').textContent()).not.toBe(polishTitle);
    // The English article's switch leads back to the Polish one.
    expect(await page.locator('a.lang-switch').getAttribute('href')).toBe(articleHref);
    expect(errors, errors.join('\n')).toEqual([]);
    await page.close();
  });

  it('gives the skip link the first keyboard focus, visibly, and it moves focus to main', async () => {
    const { page } = await open('/en/');
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => ({ className: document.activeElement?.className, left: document.activeElement?.getBoundingClientRect().left }));
    expect(focused.className).toBe('skip-link');
    expect(focused.left).toBeGreaterThanOrEqual(0);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    await page.close();
  });

  it('shows the contact form with labelled fields in both languages', async () => {
    for (const path of ['/kontakt/', '/en/contact/']) {
      const { page, errors } = await open(path);
      for (const field of ['name', 'email', 'message']) {
        const id = await page.locator(`form [name="${field}"]`).getAttribute('id');
        expect(await page.locator(`label[for="${id}"]`).count(), `${path} ${field}`).toBe(1);
      }
      expect(errors, errors.join('\n')).toEqual([]);
      await page.close();
    }
  });
});
