#!/usr/bin/env node
// Screenshots (npm run screenshots): starts the built server (scripts/start.mjs) on a free loopback
// port and photographs the home, a service, pricing and consultation pages in both languages at
// 1280 and 390 px wide in Debian's Chromium, into docs/screenshots/ (shown in the README).
// SHOTS_OUT=<dir>, SHOTS_PATHS=/a/,/b/, SHOTS_SCHEMES=light,dark, SHOTS_FORMAT=png and SHOTS_FULL=0 (first
// screen only) choose other pages, schemes, format and extent.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = process.env.SHOTS_OUT || join(root, 'docs/screenshots');
const schemes = (process.env.SHOTS_SCHEMES || 'light').split(',');
const format = process.env.SHOTS_FORMAT === 'png' ? 'png' : 'jpeg';
const defaults = [
  ['home-pl', '/'], ['home-en', '/en/'],
  ['service-pl', '/uslugi/strony-internetowe/'], ['service-en', '/en/services/web-design/'],
  ['pricing-pl', '/cennik/'], ['pricing-en', '/en/pricing/'],
  ['consultation-pl', '/konsultacja/'], ['consultation-en', '/en/consultation/'],
];
const pages = process.env.SHOTS_PATHS
  ? process.env.SHOTS_PATHS.split(',').map((path) => [path.replace(/^\/|\/$/g, '').replace(/\//g, '-') || 'home', path])
  : defaults;

/** The site URL dist/ was built for (dist/build-info.json), or the default. */
function builtSiteUrl() {
  try {
    return JSON.parse(readFileSync(join(root, 'dist/build-info.json'), 'utf8')).siteUrl;
  } catch {
    return 'http://localhost:4321';
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

const port = await freePort();
const dataDir = mkdtempSync(join(tmpdir(), 'shots-'));
const server = spawn(process.execPath, ['scripts/start.mjs'], {
  cwd: root,
  // SITE_URL as built, so scripts/start.mjs does not rebuild dist/ for this port (tests may be using it).
  env: { ...process.env, SITE_URL: process.env.SITE_URL || builtSiteUrl(), HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, NODE_ENV: 'production' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const stopServer = () => { if (server.exitCode === null) server.kill('SIGTERM'); rmSync(dataDir, { recursive: true, force: true }); };
process.on('exit', stopServer);
await new Promise((resolve, reject) => {
  let output = '';
  const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 180_000);
  server.stdout.on('data', (chunk) => {
    output += chunk;
    if (output.includes('Listening on')) { clearTimeout(timer); resolve(); }
  });
  server.once('exit', (code) => { clearTimeout(timer); reject(new Error(`server exited with ${code}:\n${output}`)); });
});

mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH || '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
try {
  for (const scheme of schemes) {
    for (const width of [1280, 390]) {
      const context = await browser.newContext({ viewport: { width, height: width > 500 ? 900 : 844 }, deviceScaleFactor: 1, colorScheme: scheme, timezoneId: 'Europe/Warsaw', locale: 'pl-PL' });
      for (const [name, path] of pages) {
        const page = await context.newPage();
        // Twice: the display face is `font-display: optional` and not preloaded, so a page shows it
        // once it is cached, as every page after the first of a visit does.
        await page.goto(`http://127.0.0.1:${port}${path}`, { waitUntil: 'networkidle' });
        await page.evaluate(() => document.fonts.ready);
        await page.goto(`http://127.0.0.1:${port}${path}`, { waitUntil: 'networkidle' });
        // Islands hydrate when visible: scroll through the page so every one has its final look.
        await page.evaluate(async () => {
          for (let y = 0; y < document.body.scrollHeight; y += 600) { window.scrollTo(0, y); await new Promise((done) => setTimeout(done, 60)); }
          window.scrollTo(0, 0);
        });
        await page.waitForLoadState('networkidle');
        await page.evaluate(() => document.fonts.ready);
        const file = join(out, `${name}-${width}${scheme === 'light' ? '' : `-${scheme}`}.${format === 'png' ? 'png' : 'jpg'}`);
        await page.screenshot({ path: file, fullPage: process.env.SHOTS_FULL !== '0', type: format, ...(format === 'jpeg' ? { quality: 60 } : {}) });
        console.log(file);
        await page.close();
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
  stopServer();
}
