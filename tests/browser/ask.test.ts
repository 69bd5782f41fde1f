/**
 * The articles page's search box in real Chromium against the built server: it asks /ask, lists
 * articles with title, summary and link, announces the outcome in a live region, and works from the
 * keyboard. ASK_SEARCH_PATHS ("pl-path,en-path") points it at other pages.
 */
import { type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { sharedServer } from '../support/shared-server';

const [plPath, enPath] = (process.env.ASK_SEARCH_PATHS ?? '/artykuly/,/en/articles/').split(',');

const server = sharedServer();
let browser: Browser;
const consoleErrors: string[] = [];

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

async function open(path: string): Promise<Page> {
  const page = await browser.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(`${path}: ${message.text()}`);
  });
  page.on('pageerror', (error) => consoleErrors.push(`${path}: ${error.message}`));
  const response = await page.goto(`${server.url}${path}`);
  expect(response?.status()).toBe(200);
  // The island hydrates when visible (client:visible); Astro drops the ssr attribute once it has.
  await page.locator('.article-search').scrollIntoViewIfNeeded();
  await page.locator('astro-island:not([ssr]) .article-search').waitFor();
  return page;
}

describe('article search box', () => {
  it('finds an article while typing and announces how many were found', async () => {
    const page = await open(plPath!);
    const input = page.getByRole('searchbox', { name: 'Szukaj w artykułach' });
    await input.fill('kopii zapasowych');
    const status = page.getByRole('status');
    // The server's first question builds the /ask index (about a second; longer on a loaded machine).
    await expect.poll(() => status.textContent(), { timeout: 15_000 }).toMatch(/^Znaleziono \d+ artyku/);
    const first = page.locator('.article-search-results li').first();
    await expect.poll(() => first.locator('a').getAttribute('href')).toMatch(/^\/artykuly\/[^/]+\/$/);
    expect((await first.locator('a').textContent())?.toLowerCase()).toContain('kopie zapasowe');
    expect((await first.locator('p').textContent())?.length).toBeGreaterThan(20);
    expect(await status.getAttribute('aria-live')).toBe('polite');
    await page.close();
  });

  it('is usable from the keyboard: Enter searches, arrows move through results, Escape clears', async () => {
    const page = await open(plPath!);
    await page.keyboard.press('Tab'); // skip link
    const input = page.getByRole('searchbox', { name: 'Szukaj w artykułach' });
    await input.focus();
    await page.keyboard.type('backup');
    await page.keyboard.press('Enter');
    const links = page.locator('.article-search-results a');
    await links.first().waitFor();
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe(await links.first().getAttribute('href'));
    await page.keyboard.press('ArrowUp');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('search');
    await page.keyboard.press('Escape');
    expect(await input.inputValue()).toBe('');
    expect(await links.count()).toBe(0);
    await page.close();
  });

  it('says so when no article matches', async () => {
    const page = await open(plPath!);
    await page.getByRole('searchbox', { name: 'Szukaj w artykułach' }).fill('zzqxv wvvyq');
    await expect.poll(() => page.getByRole('status').textContent(), { timeout: 5000 }).toMatch(/^Brak artykułów/);
    await page.close();
  });

  it('searches English articles on the English page, in English', async () => {
    const page = await open(enPath!);
    await page.getByRole('searchbox', { name: 'Search the articles' }).fill('backups');
    await expect.poll(() => page.getByRole('status').textContent(), { timeout: 5000 }).toMatch(/^\d+ articles? found/);
    expect(await page.locator('.article-search-results a').first().getAttribute('href')).toMatch(/^\/en\/articles\//);
    await page.close();
  });

  it('logs no console error', () => {
    expect(consoleErrors).toEqual([]);
  });
});
