/**
 * Content negotiation as clients send it, over real HTTP against the built server: q=0 refuses a type
 * even under a wildcard, the most specific range decides, and Accept-Language picks pl or en by
 * quality, on every endpoint that negotiates (/mcp, /ask, /status/, the OAuth authorization page).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.stop());

const get = (path: string, headers: Record<string, string>) => fetch(`${server.url}${path}`, { headers });
const mediaType = (response: Response) => response.headers.get('content-type')?.split(';')[0];

describe('POST /mcp: Accept', () => {
  const toolsList = (accept: string) =>
    fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: accept, 'MCP-Protocol-Version': '2025-11-25' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/list' }),
    });

  it('answers a client that admits JSON in any spelling', async () => {
    for (const accept of ['APPLICATION/JSON', 'application/*', ' */* ', 'text/event-stream, application/json;q=0.1']) {
      const response = await toolsList(accept);
      expect(response.status, accept).toBe(200);
      expect((await response.json()).result.tools.length, accept).toBeGreaterThan(0);
    }
  });

  it('refuses with 406 a client whose Accept refuses JSON, even under a wildcard', async () => {
    for (const accept of ['application/json;q=0, */*', 'application/*;q=0, */*;q=1', 'text/html']) {
      const response = await toolsList(accept);
      expect(response.status, accept).toBe(406);
      const body = await response.json();
      expect(body, accept).toMatchObject({ jsonrpc: '2.0', error: { code: expect.any(Number) } });
      expect(body.result, accept).toBeUndefined();
    }
  });
});

describe('GET /mcp and GET /ask: the representation', () => {
  it('serves the range that outranks the others, never one refused with q=0', async () => {
    const cases: Array<[string, string, string]> = [
      ['/mcp', 'text/markdown;q=0, text/*', 'text/event-stream'],
      ['/mcp', '*/*;q=0.1, text/markdown', 'text/markdown'],
      ['/mcp', 'application/json;q=0, */*', 'text/markdown'],
      ['/mcp', 'text/markdown; charset=UTF-8', 'text/markdown'],
      ['/ask', 'text/markdown;q=0, */*', 'application/json'],
      ['/ask', 'TEXT/*', 'text/markdown'],
    ];
    for (const [path, accept, expected] of cases) {
      const response = await get(path, { Accept: accept });
      expect(response.status, `${path} ${accept}`).toBe(200);
      expect(mediaType(response), `${path} ${accept}`).toBe(expected);
      expect(response.headers.get('vary'), `${path} ${accept}`).toMatch(/Accept/);
      await response.body?.cancel();
    }
  });
});

describe('GET /ask: Accept-Language', () => {
  it('answers an undecided question in the language the header prefers, by quality', async () => {
    const cases: Array<[string, string, string]> = [
      ['de-DE, en-GB;q=0.8, pl;q=0.5', 'en', 'accept-language'],
      ['en;q=0, pl;q=0.2', 'pl', 'accept-language'],
      ['en-GB,pl;q=0.8,en-US;q=0.5,en;q=0.3', 'en', 'accept-language'],
      ['*', 'pl', 'default'],
      ['fr-FR, de', 'pl', 'default'],
    ];
    for (const [header, locale, source] of cases) {
      const response = await get('/ask?query=WCAG', { 'Accept-Language': header });
      expect(response.status, header).toBe(200);
      expect((await response.json())._meta, header).toMatchObject({ locale, locale_source: source });
    }
  });
});

describe('/status/: JSON or the page', () => {
  it('answers JSON only to a client that prefers it to HTML', async () => {
    const cases: Array<[string, string]> = [
      ['application/json, text/html;q=0.1', 'application/json'],
      ['application/json; charset=utf-8', 'application/json'],
      ['text/html;q=0, application/json;q=0.5', 'application/json'],
      ['text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', 'text/html'],
      ['application/json;q=0.5, text/html', 'text/html'],
      ['*/*', 'text/html'],
    ];
    for (const [accept, expected] of cases) {
      const response = await get('/status/', { Accept: accept });
      expect(response.status, accept).toBe(200);
      expect(mediaType(response), accept).toBe(expected);
      await response.body?.cancel();
    }
  });
});

describe('the OAuth authorization endpoint: a person or a program', () => {
  it('shows the page to a client preferring HTML, the charset named or not', async () => {
    for (const accept of ['text/html; charset=UTF-8', 'text/*, application/json;q=0.9']) {
      const response = await get('/.well-known/oauth2/authorize', { Accept: accept });
      expect(response.status, accept).toBe(400);
      expect(mediaType(response), accept).toBe('text/html');
      await response.body?.cancel();
    }
  });

  it('shows a person the page in the language Accept-Language prefers, by quality', async () => {
    const cases: Array<[string, string]> = [
      ['en;q=0, pl', 'pl'],
      ['de-DE, en-GB;q=0.8', 'en'],
      ['pl;q=0.3, en-US;q=0.7', 'en'],
      ['fr', 'pl'],
    ];
    for (const [header, locale] of cases) {
      const response = await get('/.well-known/oauth2/authorize', { Accept: 'text/html', 'Accept-Language': header });
      expect(response.status, header).toBe(400);
      expect(mediaType(response), header).toBe('text/html');
      expect(response.headers.get('content-language'), header).toBe(locale);
      expect(await response.text(), header).toContain(`lang="${locale}"`);
    }
  });

  it('answers JSON to a client that refuses HTML or does not prefer it', async () => {
    for (const accept of ['text/html;q=0, */*', 'application/json, text/html;q=0.5', '*/*']) {
      const response = await get('/.well-known/oauth2/authorize', { Accept: accept });
      expect(response.status, accept).toBe(400);
      expect(mediaType(response), accept).toBe('application/json');
      expect((await response.json()).error, accept).toBe('invalid_request');
    }
  });
});
