#!/usr/bin/env node
// Screenshots (npm run screenshots): starts the built server (scripts/start.mjs) on a free loopback
// port and photographs the home, a service, pricing and consultation pages in both languages at
// 1280 and 390 px wide in Debian's Chromium, into docs/screenshots/ (shown in the README and docs/design.md).
// SHOTS_OUT=<dir>, SHOTS_PATHS=/a/,/b/, SHOTS_SCHEMES=light,dark, SHOTS_FORMAT=png and SHOTS_FULL=0 (first
// screen only) choose other pages, schemes, format and extent.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { root, startBuiltSite } from './lib/built-site.mjs';
/* global document, window, requestAnimationFrame -- the functions given to page.evaluate run in the page */

const out = process.env.SHOTS_OUT || join(root, 'docs/screenshots');
const schemes = (process.env.SHOTS_SCHEMES || 'light').split(',');
const format = process.env.SHOTS_FORMAT === 'png' ? 'png' : 'jpeg';
const defaults = [
  ['home-pl', '/'], ['home-en', '/en/'],
  ['service-pl', '/uslugi/strony-internetowe/'], ['service-en', '/en/services/web-design/'],
  ['pricing-pl', '/cennik/'], ['pricing-en', '/en/pricing/'],
  ['consultation-pl', '/konsultacja/'], ['consultation-en', '/en/consultation/'],
  ['case-studies-pl', '/realizacje/'], ['case-studies-en', '/en/case-studies/'],
  ['case-study-pl', '/realizacje/piekarnia-pod-lipa/'], ['case-study-en', '/en/case-studies/bakery-automation/'],
];
const pages = process.env.SHOTS_PATHS
  ? process.env.SHOTS_PATHS.split(',').map((path) => [path.replace(/^\/|\/$/g, '').replace(/\//g, '-') || 'home', path])
  : defaults;

const site = await startBuiltSite();

mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH || '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
try {
  for (const scheme of schemes) {
    for (const width of [1280, 390]) {
      const context = await browser.newContext({ viewport: { width, height: width > 500 ? 900 : 844 }, deviceScaleFactor: 1, colorScheme: scheme, timezoneId: 'Europe/Warsaw', locale: 'pl-PL' });
      for (const [name, path] of pages) {
        const page = await context.newPage();
        await page.goto(`${site.url}${path}`, { waitUntil: 'networkidle' });
        // Islands hydrate when visible: scroll through the page so every one has its final look.
        await page.evaluate(async () => {
          for (let y = 0; y < document.body.scrollHeight; y += 600) { window.scrollTo(0, y); await new Promise((done) => setTimeout(done, 60)); }
          window.scrollTo(0, 0);
        });
        await page.waitForLoadState('networkidle');
        await page.evaluate(() => document.fonts.ready);
        const fullPage = process.env.SHOTS_FULL !== '0';
        // Sections below the first screen are drawn only near the viewport (content-visibility: auto),
        // and a full-page capture reaches past it: the viewport grows to the page's height first, until
        // the height holds (drawn sections take their real height).
        for (let round = 0; fullPage && round < 4; round++) {
          const height = await page.evaluate(() => document.documentElement.scrollHeight);
          if (height === page.viewportSize()?.height) break;
          await page.setViewportSize({ width, height });
          await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
        }
        const file = join(out, `${name}-${width}${scheme === 'light' ? '' : `-${scheme}`}.${format === 'png' ? 'png' : 'jpg'}`);
        await page.screenshot({ path: file, fullPage, type: format, ...(format === 'jpeg' ? { quality: 60 } : {}) });
        console.log(file);
        await page.close();
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
  site.stop();
}
