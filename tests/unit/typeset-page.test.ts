/** typesetPage: an HTML page in one of the site's languages is typeset with its status and headers; every other answer passes as it came. */
import { describe, expect, it } from 'vitest';
import { typesetPage } from '../../src/server/http/typeset-page';

const NBSP = '\u00a0';
const page = (lang: string) => `<!doctype html><html lang="${lang}"><head><title>i w</title></head><body><p>Zadzwoń i w razie potrzeby napisz SMS-a, ul. Długa 1.</p></body></html>`;

describe('typesetPage', () => {
  it('typesets an HTML page in its language, keeping status and headers and dropping the length the text no longer has', async () => {
    const html = page('pl');
    const response = new Response(html, { status: 404, statusText: 'Not Found', headers: { 'content-type': 'text/html; charset=utf-8', 'content-length': String(Buffer.byteLength(html)), 'cache-control': 'no-store', 'x-extra': 'kept' } });
    const typeset = await typesetPage(response);
    expect(typeset.status).toBe(404);
    expect(typeset.statusText).toBe('Not Found');
    expect(typeset.headers.get('cache-control')).toBe('no-store');
    expect(typeset.headers.get('x-extra')).toBe('kept');
    expect(typeset.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(typeset.headers.has('content-length')).toBe(false);
    const text = await typeset.text();
    expect(text).toContain(`<p>Zadzwoń i${NBSP}w${NBSP}razie potrzeby napisz <span class="nowrap">SMS-a</span>, ul.${NBSP}Długa 1.</p>`);
    expect(text).toContain('<title>i w</title>');
    // Headers are the new answer's own: changing them leaves the original's alone.
    typeset.headers.set('x-extra', 'changed');
    expect(response.headers.get('x-extra')).toBe('kept');
  });

  it('leaves English single letters, and a page in another language, as written', async () => {
    expect(await (await typesetPage(new Response(page('en'), { headers: { 'content-type': 'text/html' } }))).text()).toContain('<p>Zadzwoń i w razie potrzeby napisz <span class="nowrap">SMS-a</span>, ul.\u00a0Długa 1.</p>');
    const german = await typesetPage(new Response(page('de'), { status: 201, headers: { 'content-type': 'text/html', 'x-extra': 'kept' } }));
    expect(german.status).toBe(201);
    expect(german.headers.get('x-extra')).toBe('kept');
    expect(await german.text()).toBe(page('de'));
  });

  it('passes JSON, Markdown, event streams and bodiless answers through as the same Response, unread', async () => {
    for (const type of ['application/json', 'text/markdown; charset=utf-8', 'text/event-stream']) {
      const response = new Response(page('pl'), { headers: { 'content-type': type } });
      expect(await typesetPage(response)).toBe(response);
      expect(response.bodyUsed).toBe(false);
    }
    const redirect = new Response(null, { status: 303, headers: { 'content-type': 'text/html', location: '/' } });
    expect(await typesetPage(redirect)).toBe(redirect);
  });
});
