import { describe, expect, it } from 'vitest';
import { mediaTypes, negotiate, preferredLocale, preferredMediaType } from '../../src/server/http/negotiate';

const html = mediaTypes.html;
const json = mediaTypes.json;
const htmlOrJson = [html, json];

describe('content negotiation: Accept', () => {
  it('picks the representation a client names, JSON when it names none of them', () => {
    const cases: Array<[string | null, ReturnType<typeof negotiate>]> = [
      [null, 'json'],
      ['', 'json'],
      ['   ', 'json'],
      ['*/*', 'json'],
      ['text/markdown', 'markdown'],
      ['TEXT/Markdown', 'markdown'],
      ['text/event-stream', 'sse'],
      ['text/*', 'markdown'],
      ['image/png', 'json'],
      // A browser's header: only the wildcard reaches the offer, so the offer's order decides.
      ['text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', 'json'],
      ['application/json;q=0.5, text/markdown;q=0.9', 'markdown'],
      ['*/*;q=0.1, text/markdown', 'markdown'],
      ['*/*;q=0.1, text/event-stream;q=0.2', 'sse'],
      ['  text/markdown ;  q=0.5 ,application/json ; q=0.4', 'markdown'],
      // Parameters the answer carries match; others do not.
      ['text/markdown; charset=UTF-8', 'markdown'],
      ['text/markdown; variant=CommonMark, text/event-stream;q=0.5', 'sse'],
      // Equal preferences: the range named first.
      ['text/markdown, application/json', 'markdown'],
      ['application/json, text/markdown', 'json'],
    ];
    for (const [accept, expected] of cases) expect(negotiate(accept), String(accept)).toBe(expected);
  });

  it('honours q=0 as a refusal, even under a wildcard that would admit the type', () => {
    expect(negotiate('text/markdown;q=0, text/*')).toBe('sse');
    expect(negotiate('application/json;q=0, */*')).toBe('markdown');
    expect(preferredMediaType('application/json;q=0, */*', [json])).toBeUndefined();
    expect(preferredMediaType('application/*;q=0, */*', [json])).toBeUndefined();
    expect(preferredMediaType('application/json;q=0.0', [json])).toBeUndefined();
    expect(preferredMediaType('*/*;q=0', htmlOrJson)).toBeUndefined();
    expect(preferredMediaType('text/html;q=0, */*;q=0.1', htmlOrJson)).toBe(json);
  });

  it('takes the offer’s first type when Accept is absent or empty, and nothing when every range is refused', () => {
    expect(preferredMediaType(null, htmlOrJson)).toBe(html);
    expect(preferredMediaType(undefined, htmlOrJson)).toBe(html);
    expect(preferredMediaType('', htmlOrJson)).toBe(html);
    expect(preferredMediaType('image/png, font/woff2', htmlOrJson)).toBeUndefined();
    expect(preferredMediaType('application/json, text/html', htmlOrJson)).toBe(json);
    expect(preferredMediaType('application/json;q=0.9, text/html;q=0.1', htmlOrJson)).toBe(json);
    expect(preferredMediaType('application/json, text/html;q=0.95', [json, html])).toBe(json);
    expect(preferredMediaType('text/html, application/json', [json, html])).toBe(html);
    // The charset the answer carries may be named; a parameter it does not carry refuses the range.
    expect(preferredMediaType('application/json; charset=UTF-8', htmlOrJson)).toBe(json);
    expect(preferredMediaType('application/json; version=2', htmlOrJson)).toBeUndefined();
  });

  it('skips malformed ranges and qualities without throwing', () => {
    const cases: Array<[string, string | undefined]> = [
      ['garbage', undefined],
      ['text/html;;q=x', undefined],
      ['a/b/c, application/json', json],
      [',,,', undefined],
      ['"', undefined],
      ['text/html;q=abc, application/json;q=0.5', json],
      ['text/html;q=-1', undefined],
      ['application/json;q', json],
      ['\u0000/\u0000, text/html', html],
      ['text/html;q="0.5"', html],
    ];
    for (const [accept, expected] of cases) expect(preferredMediaType(accept, htmlOrJson), accept).toBe(expected);
  });

  it('reads a header near the size limit of a request in milliseconds', () => {
    const accept = 'text/plain;q=0.5,'.repeat(900) + 'text/markdown';
    const times = Array.from({ length: 5 }, () => {
      const started = performance.now();
      expect(negotiate(accept)).toBe('markdown');
      return performance.now() - started;
    });
    const fastest = Math.min(...times);
    console.log(`negotiate over a ${accept.length}-character Accept: fastest of 5 ${fastest.toFixed(2)} ms, first ${times[0]!.toFixed(2)} ms`);
    expect(fastest).toBeLessThan(50);
  });
});

describe('content negotiation: Accept-Language', () => {
  it('picks pl or en by quality, a regional tag counting for its language', () => {
    const cases: Array<[string | null | undefined, 'pl' | 'en' | undefined]> = [
      [null, undefined],
      [undefined, undefined],
      ['', undefined],
      ['en', 'en'],
      ['EN', 'en'],
      ['en-GB', 'en'],
      ['pl-PL,pl;q=0.9', 'pl'],
      ['en-GB,en;q=0.9,pl;q=0.8', 'en'],
      ['de-DE, pl;q=0.7, en;q=0.5', 'pl'],
      ['de-DE,de;q=0.9,en;q=0.8,pl;q=0.85', 'pl'],
      [' en-US , pl ; q=0.8', 'en'],
      ['fr, de', undefined],
      // The first choice wins even when a lower one names the bare language (Firefox's shape).
      ['en-GB,pl;q=0.8,en-US;q=0.5,en;q=0.3', 'en'],
      ['en-GB, pl', 'en'],
      ['pl, en-GB', 'pl'],
      // Equal qualities: the header's order.
      ['en;q=0.5, pl;q=0.5', 'en'],
    ];
    for (const [header, expected] of cases) expect(preferredLocale(header), String(header)).toBe(expected);
  });

  it('honours q=0 and states no preference with a bare wildcard', () => {
    expect(preferredLocale('en;q=0, pl;q=0.1')).toBe('pl');
    expect(preferredLocale('pl;q=0')).toBeUndefined();
    expect(preferredLocale('en;q=0, *')).toBeUndefined();
    expect(preferredLocale('*')).toBeUndefined();
    expect(preferredLocale('*, en;q=0.5')).toBe('en');
  });

  it('skips malformed ranges without throwing', () => {
    expect(preferredLocale('garbage;;')).toBeUndefined();
    expect(preferredLocale('x;q=abc, en')).toBe('en');
    expect(preferredLocale(',,;q=1, pl')).toBe('pl');
    expect(preferredLocale('"en"')).toBeUndefined();
    expect(preferredLocale('en;q=1.5, pl')).toBe('en');
  });
});
