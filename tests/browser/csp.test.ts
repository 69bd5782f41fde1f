/**
 * The Content-Security-Policy in Chromium: on every kind of page (prerendered and on demand, both
 * languages, the 404), no CSP violation is reported (the `securitypolicyviolation` event and the
 * console), and every island hydrates, so the hashed inline loaders really run. A second visit (a 304
 * from the browser cache) keeps the page's CSP.
 */
import { type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { watchCsp } from '../support/csp-violations';
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

const pages = [
  '/',
  '/en/',
  '/uslugi/',
  '/en/services/web-design/',
  '/cennik/',
  '/en/pricing/',
  '/artykuly/',
  '/en/articles/backups-3-2-1/',
  '/kontakt/',
  '/en/contact/',
  '/konsultacja/',
  '/en/consultation/',
  '/status/',
  '/en/status/',
  '/no-such-page/',
];

// Pages side by side, each in a context of its own: most of a visit is waiting for the network.
// Two visits of a page, each waiting up to 15 s for its islands, while every page loads at once.
const VISITS_MS = 75_000;
describe.concurrent('the CSP in a browser', () => {
  it.each(pages)('%s: no CSP violation, and every island hydrates', async (path) => {
    const page = await browser.newPage();
    const violations = await watchCsp(page);
    const response = await page.goto(`${server.url}${path}`, { waitUntil: 'load' });
    expect(response?.headers()['content-security-policy'], path).toBeTruthy();
    // Islands load when visible or at the visitor's first input: bring each into view and move the
    // pointer, then wait until Astro has hydrated it.
    const islands = page.locator('astro-island');
    const count = await islands.count();
    for (let index = 0; index < count; index++) await islands.nth(index).scrollIntoViewIfNeeded();
    await page.mouse.move(10, 10);
    if (count) await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]').length === 0, undefined, { timeout: 15_000 });
    // A second visit may be answered 304 from the browser's cache: the CSP must still allow the page.
    await page.reload({ waitUntil: 'load' });
    for (let index = 0; index < count; index++) await page.locator('astro-island').nth(index).scrollIntoViewIfNeeded();
    await page.mouse.move(20, 20);
    if (count) await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]').length === 0, undefined, { timeout: 15_000 });
    expect(violations, violations.join('\n')).toEqual([]);
    await page.close();
  }, VISITS_MS);
});
