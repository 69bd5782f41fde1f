/**
 * axe-core (WCAG 2.2 AA and best practices) finds nothing on every kind of content page (home,
 * services, articles, pricing, about) at 1280 px light and dark and at 390 px, in both languages.
 * The form and on-demand pages are design-axe-forms.test.ts: two files, so two workers share them.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { axeOnPages } from '../support/axe';
import { launchChromium } from '../support/browser';
import { sharedServer } from '../support/shared-server';

const pageKinds = [
  '/', '/en/', '/uslugi/', '/en/services/web-design/', '/artykuly/', '/en/articles/tag/ngos/', '/artykuly/kopie-zapasowe-3-2-1/',
  '/en/articles/website-speed-core-web-vitals/', '/cennik/', '/en/pricing/', '/o-nas/',
];

const server = sharedServer();
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

it('axe-core finds no violation on the content pages at 1280 px (light and dark) and 390 px', async () => {
  const target = await browser.newContext({ viewport: { width: 1280, height: 900 }, timezoneId: 'Europe/Warsaw', locale: 'pl-PL' });
  const found = await axeOnPages(target, server.url, pageKinds);
  await target.close();
  expect(found, found.join('\n')).toEqual([]);
}, 600_000);
