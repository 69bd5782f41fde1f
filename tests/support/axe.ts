/**
 * What the browser tests do to look at a page as a visitor leaves it: open it with every island
 * hydrated and every lazy picture fetched, and run axe-core (WCAG 2.2 AA and best practices) on it.
 * `eachAtMost` opens several pages of one browser at once: most of a page's time is waiting for the
 * network to go quiet, which pages can do side by side.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { BrowserContext, Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** What `promise` settles to, or `otherwise` if it has not settled in `ms`. */
async function within<T, U>(promise: Promise<T>, ms: number, otherwise: U): Promise<T | U> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([promise, new Promise<U>((done) => { timer = setTimeout(done, ms, otherwise); })]);
  } finally {
    clearTimeout(timer);
  }
}

/** How long scrolling through a page may take: a few seconds at most, even on a loaded machine. */
const scrollDeadline = 20_000;

/**
 * Opens a page and scrolls through it, so islands that wake when seen hydrate and lazy pictures load,
 * then waits until the network has been quiet for Playwright's 500 ms (their requests done too).
 * Headless Chromium now and then stops drawing frames for one page (animation frames never come, so
 * nothing below the fold is seen): such a page is closed and opened again once, with a warning.
 */
export async function openSettled(target: BrowserContext, url: string): Promise<Page> {
  for (let attempt = 1; ; attempt++) {
    const page = await target.newPage();
    await page.goto(url, { waitUntil: 'load' });
    const scrolled = page.evaluate(async () => {
      // Two animation frames at each position: the browser has drawn it, and seen what came into view.
      const drawn = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      for (let y = 0; y < document.body.scrollHeight; y += 400) { window.scrollTo(0, y); await drawn(); }
      window.scrollTo(0, 0);
      return true;
    });
    if (await within(scrolled, scrollDeadline, false)) {
      await page.waitForLoadState('networkidle');
      return page;
    }
    scrolled.catch(() => {}); // rejected when the page closes
    const state = await within(page.evaluate(() => `${document.visibilityState}, scrolled to ${Math.round(window.scrollY)} of ${document.body.scrollHeight} px`), 2000, 'its script did not answer either');
    await page.close();
    if (attempt === 2) throw new Error(`${url}: the browser drew no frames for ${scrollDeadline / 1000} s, twice (${state})`);
    console.warn(`${url}: the browser drew no frames for ${scrollDeadline / 1000} s (${state}); opening it again`);
  }
}

/**
 * Draws the blocks the page defers (`content-visibility: auto`) as they are drawn once a visitor
 * scrolls to them: axe-core cannot read the colours of a skipped block, and a skipped block's
 * transitions never end. Set on each element (CSSOM), which the page's CSP allows.
 */
async function drawDeferred(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const element of document.querySelectorAll<HTMLElement>('body *')) if (getComputedStyle(element).contentVisibility === 'auto') element.style.contentVisibility = 'visible';
  });
}

/** axe-core's violations on the page as it is now, one line each (rule, impact, up to three elements). */
export async function axeViolations(page: Page): Promise<string[]> {
  await drawDeferred(page);
  // Evaluated through the DevTools protocol: the page's CSP (rightly) refuses an injected inline script.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const result = await (window as any).axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] } });
    return result.violations.map((violation: any) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node: any) => node.target.join(' ')).slice(0, 3).join(', ')}`);
  });
}

/** Runs `work` over the items, at most `limit` at a time, in their order; the first failure rejects. */
export async function eachAtMost<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++]!);
  }));
}

/** How each page is looked at: one load, then the palette and the width changed in place (pure CSS). */
export const axeViews = [
  { width: 1280, height: 900, colorScheme: 'light' },
  // Dark is checked at one width: the palette, not the layout, changes with the scheme.
  { width: 1280, height: 900, colorScheme: 'dark' },
  { width: 390, height: 844, colorScheme: 'light' },
] as const;

/**
 * axe-core's violations on each page in every view, each line naming the page and the view; prints
 * where the time went (opening and settling, axe) so a slow page shows.
 */
export async function axeOnPages(target: BrowserContext, origin: string, pagePaths: readonly string[], { atOnce = 3 } = {}): Promise<string[]> {
  const found: string[] = [];
  let opening = 0;
  let checking = 0;
  await eachAtMost(pagePaths, atOnce, async (path) => {
    let started = performance.now();
    const page = await openSettled(target, `${origin}${path}`);
    opening += performance.now() - started;
    started = performance.now();
    await drawDeferred(page);
    for (const view of axeViews) {
      await page.setViewportSize({ width: view.width, height: view.height });
      await page.emulateMedia({ colorScheme: view.colorScheme });
      // Colours change through the buttons' CSS transitions: axe looks once they have ended.
      // At most 5 s: a transition that never ends must not hold the test.
      await page.evaluate(() => Promise.race([
        Promise.all(document.getAnimations().filter((animation) => animation instanceof CSSTransition).map((animation) => animation.finished)),
        new Promise((done) => setTimeout(done, 5000)),
      ]));
      found.push(...(await axeViolations(page)).map((violation) => `${path} at ${view.width} px, ${view.colorScheme}: ${violation}`));
    }
    checking += performance.now() - started;
    await page.close();
  });
  console.log(`axe on ${pagePaths.length} pages × ${axeViews.length} views, ${atOnce} pages at once: opening and settling ${(opening / 1000).toFixed(1)} s, axe ${(checking / 1000).toFixed(1)} s (summed over pages)`);
  return found;
}
