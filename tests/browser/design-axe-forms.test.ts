/**
 * axe-core (WCAG 2.2 AA and best practices) finds nothing on the pages with forms and the pages served
 * on demand (contact, consultation, status, search with results and with none, the pages a mail's
 * link opens in the state a broken link shows, the English 404) at 1280 px light and dark and at
 * 390 px. The content pages are design-axe-content.test.ts.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { axeOnPages } from '../support/axe';
import { launchChromium } from '../support/browser';
import { startServer, type TestServer } from '../support/server';

const pageKinds = [
  '/kontakt/', '/en/contact/', '/konsultacja/', '/en/consultation/', '/status/', '/en/status/', '/en/no-such-page/',
  // The search page with results and with none.
  '/szukaj/?q=ile%20kosztuje%20strona', '/en/search/?q=pizza%20margherita',
  // Pages opened from mails, in the state a broken link shows.
  '/konsultacja/odwolaj/?token=broken', '/en/consultation/cancel/?token=broken', '/newsletter/wypisz/', '/en/newsletter/unsubscribe/',
];

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

it('axe-core finds no violation on the form and on-demand pages at 1280 px (light and dark) and 390 px', async () => {
  const target = await browser.newContext({ viewport: { width: 1280, height: 900 }, timezoneId: 'Europe/Warsaw', locale: 'pl-PL' });
  const found = await axeOnPages(target, server.url, pageKinds);
  await target.close();
  expect(found, found.join('\n')).toEqual([]);
}, 600_000);
