/**
 * The pages served on demand (search, status, the newsletter's and a booking's links) get the same
 * line-end typography as the prerendered ones: a Polish single-letter word keeps to the next word
 * with a no-break space, in the text and never in attributes; English keeps its single letters as
 * written; JSON answers keep plain spaces. The added work per page is timed on the
 * pages' own markup and printed.
 */
import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { typesetPage } from '../../src/server/http/typeset-page';
import { paths, routePaths } from '../../src/server/base/urls';
import { sharedServer } from '../support/shared-server';

const NBSP = '\u00a0';

const server = sharedServer();

async function page(path: string): Promise<{ status: number; type: string; html: string }> {
  const response = await fetch(`${server.url}${path}`);
  return { status: response.status, type: response.headers.get('content-type') ?? '', html: await response.text() };
}

/** The page's markup as it was before typesetting: no-break spaces as spaces, kept words unwrapped. */
const untypeset = (html: string) => html.replaceAll(NBSP, ' ').replace(/<span class="nowrap">([^<]*)<\/span>/g, '$1');
/** What a reader sees: the text between the tags, scripts, styles and the title (left as written) left out. */
const visibleText = (html: string) => html.replace(/<(script|style|title)\b[\s\S]*?<\/\1>/g, '').replace(/<[^>]*>/g, '');

const polishPages = [
  { path: `${paths.search('pl')}?q=${encodeURIComponent('kopie w chmurze')}`, status: 200, typeset: [`kopie w${NBSP}chmurze`], attribute: 'value="kopie w chmurze"' },
  { path: paths.status('pl'), status: 200, typeset: [`konsultacji z${NBSP}treści strony`] },
  // A broken link's page, as a mangled mail link opens it.
  { path: `${paths.newsletterConfirm('pl')}?token=broken`, status: 400, typeset: [`Skopiuj go z${NBSP}wiadomości w${NBSP}całości`] },
  { path: paths.newsletterUnsubscribe('pl'), status: 200, typeset: [`„Wypisz się” z${NBSP}dowolnego newslettera`], attribute: 'content="Podaj adres, który chcesz wypisać z newslettera. Najszybciej działa link „Wypisz się” z dowolnego newslettera."' },
  { path: `${paths.consultationCancel('pl')}?token=broken`, status: 400, typeset: [`Otwórz link z${NBSP}maila z${NBSP}potwierdzeniem`] },
];

describe('typography on the pages served on demand', () => {
  it.each(polishPages)('$path keeps single letters with the next word in its text, not in attributes', async ({ path, status: expected, typeset, attribute }) => {
    const { status, type, html } = await page(path);
    expect(status).toBe(expected);
    expect(type).toMatch(/^text\/html/);
    const text = visibleText(html);
    for (const words of typeset) {
      expect(text).toContain(words);
      expect(text).not.toContain(words.replaceAll(NBSP, ' '));
    }
    if (attribute) expect(html).toContain(attribute);
    // Scripts and the JSON-LD keep their text as written.
    for (const [, script] of html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)) expect(script).not.toContain(NBSP);
  });

  it('in English keeps "ul." with the street and the postal code whole, and single letters as written', async () => {
    const { html } = await page(`${paths.search('en')}?q=${encodeURIComponent('is a plan')}`);
    const text = visibleText(html);
    expect(text).toContain(`ul.${NBSP}Przykładowa`);
    expect(html).toContain('<span class="nowrap">00-001</span> Warsaw');
    expect(text).toContain('is a plan');
    expect(text).not.toContain(`a${NBSP}plan`);
  });

  it('keeps plain spaces in a JSON answer of the same text (/ask)', async () => {
    const ask = await fetch(`${server.url}${routePaths.ask}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: 'kopie w chmurze' }) });
    expect(ask.status).toBe(200);
    expect(ask.headers.get('content-type')).toMatch(/json/);
    const text = await ask.text();
    expect(text).toMatch(/ [wzi] \p{L}/u);
    expect(text).not.toContain(NBSP);
  });

  it('costs a fraction of a millisecond per page', async () => {
    const rounds = 200;
    const medians: Record<string, number> = {};
    for (const { path } of polishPages) {
      const { html } = await page(path);
      const plain = untypeset(html);
      const times: number[] = [];
      for (let round = 0; round < rounds; round++) {
        const response = new Response(plain, { headers: { 'content-type': 'text/html; charset=utf-8' } });
        const started = performance.now();
        await (await typesetPage(response)).text();
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      medians[path] = times[rounds / 2]!;
      console.log(`typesetting ${path} (${(plain.length / 1024).toFixed(1)} KiB): median ${(times[rounds / 2]! * 1000).toFixed(0)} µs, p90 ${(times[Math.floor(rounds * 0.9)]! * 1000).toFixed(0)} µs over ${rounds} rounds`);
    }
    // A bound far above what it costs (a few hundred µs), low enough to catch a runaway pattern.
    for (const [path, median] of Object.entries(medians)) expect(median, path).toBeLessThan(2);
  });
});
