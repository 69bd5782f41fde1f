#!/usr/bin/env node
// Case-study pictures (npm run case-pictures): for each case study in content/case-studies/<pl|en>/,
// renders a mock-up of the page delivered to the client (scripts/lib/case-study-mocks.mjs: built from
// the case's own front matter, in the site's tokens and display face) in Debian's Chromium and saves
// it as <slug>.webp beside the case, 1280×720 (16:9, the shape of the case cards), and the same page
// as a phone shows it as <slug>-phone.webp, 780×1120 (390×560 at 2×: the case page shows it on
// phones, where the computer's page would be too small to read), each at most 80 KB.
// Nothing is downloaded and no server is started. Arguments: slugs to render only those
// (`npm run case-pictures -- piekarnia-pod-lipa`); CASE_PICTURES_OUT=<dir> writes elsewhere.
import { readdirSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import { parse } from 'yaml';
import { root } from './lib/built-site.mjs';
import { hasOwnMock, mockPage } from './lib/case-study-mocks.mjs';

export const views = [
  { suffix: '', width: 1280, height: 720, scale: 1, phone: false },
  { suffix: '-phone', width: 390, height: 560, scale: 2, phone: true },
];
export const maxBytes = 80 * 1024;

const only = process.argv.slice(2);
const out = process.env.CASE_PICTURES_OUT;

/** The light palette and scale of the site (the first :root block of its stylesheet), so the mock-ups follow it. */
function siteTokens() {
  const css = readFileSync(join(root, 'src/styles/global.css'), 'utf8');
  const block = /:root\s*\{([\s\S]*?)\n\}/.exec(css)?.[1] ?? '';
  return block.split('\n').filter((line) => /^\s*--[\w-]+:/.test(line)).map((line) => line.trim()).join(' ');
}

/** The site's display face, inlined (the page is set from a string, with no origin to load files from). */
function fontFaces() {
  const folder = join(root, 'node_modules/@fontsource/bricolage-grotesque/files');
  return ['latin', 'latin-ext'].map((subset) => {
    const data = readFileSync(join(folder, `bricolage-grotesque-${subset}-700-normal.woff2`)).toString('base64');
    return `@font-face { font-family: 'Bricolage Grotesque'; font-weight: 700 800; src: url(data:font/woff2;base64,${data}) format('woff2'); }`;
  }).join('\n');
}

function caseStudies() {
  const cases = [];
  for (const locale of ['pl', 'en']) {
    const folder = join(root, 'content/case-studies', locale);
    for (const file of readdirSync(folder).filter((name) => name.endsWith('.md') || name.endsWith('.mdx')).sort()) {
      const slug = file.replace(/\.mdx?$/, '');
      if (only.length && !only.includes(slug)) continue;
      const frontMatter = /^---\n([\s\S]*?)\n---/.exec(readFileSync(join(folder, file), 'utf8'))?.[1] ?? '';
      cases.push({ locale, slug, folder, file, data: parse(frontMatter) });
    }
  }
  return cases;
}

/** The screenshot as WebP, at the best quality that keeps it within maxBytes. */
async function webp(png) {
  for (let quality = 82; quality >= 40; quality -= 6) {
    const bytes = await sharp(png).webp({ quality, effort: 6 }).toBuffer();
    if (bytes.length <= maxBytes) return { bytes, quality };
  }
  throw new Error(`the picture stays over ${maxBytes} bytes even at quality 40: simplify the mock-up`);
}

const tokens = siteTokens();
const faces = fontFaces();
const cases = caseStudies();
if (!cases.length) throw new Error(`no case study named ${only.join(', ')}`);
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH || '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
try {
  for (const view of views) {
    const context = await browser.newContext({ viewport: { width: view.width, height: view.height }, deviceScaleFactor: view.scale, colorScheme: 'light', offline: true });
    const page = await context.newPage();
    for (const { locale, slug, folder, file, data } of cases) {
      await page.setContent(mockPage(data, locale, { tokens, fontFaces: faces, phone: view.phone }), { waitUntil: 'load' });
      await page.evaluate(() => document.fonts.ready); // eslint-disable-line no-undef -- runs in the page
      const { bytes, quality } = await webp(await page.screenshot({ type: 'png' }));
      const target = out ? join(out, locale) : folder;
      mkdirSync(target, { recursive: true });
      const path = join(target, `${slug}${view.suffix}.webp`);
      writeFileSync(path, bytes);
      console.log(`${relative(root, path)}  ${view.width * view.scale}×${view.height * view.scale}  ${(bytes.length / 1024).toFixed(1)} KB (quality ${quality})${hasOwnMock(data.translationKey) ? '' : '  generic mock-up'}`);
      if (!view.phone && data.images?.[0]?.src !== `./${slug}.webp`) console.log(`  ${locale}/${file}: write images: - src: ./${slug}.webp as its first picture, with an alt saying it is an illustrative mock-up`);
    }
    await context.close();
  }
} finally {
  await browser.close();
}
