/**
 * The served /openapi.json against what the server really does, beyond the REST endpoints (whose own
 * tests check every answer): /ask, the consultation endpoints, MCP over HTTP and the discovery
 * documents answer as documented, and every API route file is documented and listed by GET /api.
 */
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiChecker, type OpenApiChecker } from '../support/openapi';
import { startServer, type TestServer } from '../support/server';

let server: TestServer;
let api: OpenApiChecker;
beforeAll(async () => {
  server = await startServer();
  api = await openApiChecker(server.url);
});
afterAll(() => server?.stop());

const json = (body: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json', ...headers },
  body: JSON.stringify(body),
});
const mcpHeaders = { Accept: 'application/json, text/event-stream', 'MCP-Protocol-Version': '2025-11-25' };

describe('answers match /openapi.json', () => {
  it.each([
    ['a question', { query: { text: 'kopie zapasowe' }, locale: 'pl' }],
    ['a legacy string question', { query: 'how much does a website cost', locale: 'en' }],
    ['an empty question', { query: { text: '' } }],
    ['a question of the wrong type', { query: 42 }],
  ])('POST /ask with %s', async (_case, body) => {
    const response = await fetch(`${server.url}/ask`, json(body));
    await api.check('POST', '/ask', response);
  });

  it.each([
    ['a question', '?query=kopie%20zapasowe&locale=pl&num_results=3&start_num=1'],
    ['no question (how to ask)', ''],
    ['an empty question', '?query='],
  ])('GET /ask with %s', async (_case, search) => {
    await api.check('GET', '/ask', await fetch(`${server.url}/ask${search}`));
  });

  it.each([
    ['POST', '/ask', json({ query: { text: 'phishing' }, prefer: { streaming: true } })],
    ['GET', '/mcp', { headers: { Accept: 'text/event-stream' } }],
  ] as const)('%s %s as an event stream answers the documented status and media type', async (method, path, init) => {
    const response = await fetch(`${server.url}${path}`, { ...init, method });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(Object.keys(api.document.paths[path][method.toLowerCase()].responses['200'].content)).toContain('text/event-stream');
    await response.body?.cancel();
  });

  it.each([
    ['the default window', ''],
    ['an English window in New York time', '?locale=en&timeZone=America/New_York&limit=3'],
    ['a bad time zone', '?timeZone=Mars/Olympus'],
    ['a limit out of range', '?limit=99'],
  ])('GET /api/consultation/slots with %s', async (_case, query) => {
    const response = await fetch(`${server.url}/api/consultation/slots${query}`);
    await api.check('GET', '/api/consultation/slots', response);
  });

  it('POST /api/consultation/book: booked, then the same slot again (409), then a bad body', async () => {
    const slots = await (await fetch(`${server.url}/api/consultation/slots?limit=1`)).json();
    const booking = { fullName: 'Anna Nowak', email: 'anna@example.org', timeZone: 'Europe/Warsaw', start: slots.slots[0].start };
    const first = await fetch(`${server.url}/api/consultation/book`, json(booking));
    expect(first.status).toBe(200);
    await api.check('POST', '/api/consultation/book', first);
    const again = await fetch(`${server.url}/api/consultation/book`, json(booking));
    expect(again.status).toBe(409);
    await api.check('POST', '/api/consultation/book', again);
    await api.check('POST', '/api/consultation/book', await fetch(`${server.url}/api/consultation/book`, json({ ...booking, fullName: 'A' })));
  });

  it.each(['/mcp', '/api/mcp', '/.well-known/mcp'])('GET %s discovery (JSON)', async (path) => {
    await api.check('GET', path, await fetch(`${server.url}${path}`, { headers: { Accept: 'application/json' } }));
  });

  it.each([
    ['initialize', { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'test', version: '1' } } }],
    ['tools/list', { jsonrpc: '2.0', id: 2, method: 'tools/list' }],
    ['an unknown method (404)', { jsonrpc: '2.0', id: 3, method: 'tools/destroy' }],
    ['a method not offered (501)', { jsonrpc: '2.0', id: 4, method: 'prompts/list' }],
    ['an invalid request (400)', { jsonrpc: '1.0', id: 5, method: 'ping' }],
  ])('POST /mcp %s', async (_case, body) => {
    await api.check('POST', '/mcp', await fetch(`${server.url}/mcp`, json(body, mcpHeaders)));
  });

  it('POST /mcp from a foreign Origin (403)', async () => {
    const response = await fetch(`${server.url}/mcp`, json({ jsonrpc: '2.0', id: 1, method: 'ping' }, { ...mcpHeaders, Origin: 'https://evil.example' }));
    expect(response.status).toBe(403);
    await api.check('POST', '/mcp', response);
  });

  it.each([
    '/mcp/server-card',
    '/.well-known/mcp/server-card.json',
    '/.well-known/mcp/server-card',
    '/.well-known/mcp/manifest.json',
    '/.well-known/mcp/connectors.json',
    '/.well-known/agent-card.json',
    '/.well-known/agent.json',
    '/.well-known/ai-plugin.json',
    '/api',
    '/api/error-format',
  ])('GET %s', async (path) => {
    await api.check('GET', path, await fetch(`${server.url}${path}`));
  });
});

describe('every API route is documented', () => {
  const pages = fileURLToPath(new URL('../../src/pages', import.meta.url));
  const files = (folder: string): string[] =>
    readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? files(join(folder, entry.name)) : [join(folder, entry.name)],
    );
  /** Route paths of the API areas; catch-all 404 routes are left out (they document no operation). */
  const apiRoutes = files(pages)
    .map((file) => `/${relative(pages, file).replace(/\.ts$/, '').replace(/\/index$/, '').replace(/^index$/, '')}`)
    .filter((path) => /^\/(api|mcp|ask|a2a|openapi\.json)(\/|$)|^\/\.well-known\/(mcp|agent\.json|agent-card\.json|ai-plugin\.json)/.test(path))
    .filter((path) => !path.includes('['));

  it('finds the route files it checks', () => {
    expect(apiRoutes).toEqual(expect.arrayContaining(['/api', '/ask', '/mcp', '/api/subscribe', '/api/consultation/slots']));
  });

  it('documents each of them in /openapi.json', () => {
    for (const path of apiRoutes) expect(api.document.paths[path], `${path} in /openapi.json`).toBeTruthy();
  });

  it('lists the same operations in GET /api as in /openapi.json', async () => {
    const catalog = await (await fetch(`${server.url}/api`)).json();
    const listed = new Set(catalog.endpoints.map((endpoint: { method: string; path: string }) => `${endpoint.method} ${endpoint.path}`));
    for (const [path, operations] of Object.entries<Record<string, unknown>>(api.document.paths)) {
      for (const method of Object.keys(operations)) {
        if (method === 'options') continue;
        expect(listed.has(`${method.toUpperCase()} ${path}`), `${method.toUpperCase()} ${path} in GET /api`).toBe(true);
      }
    }
  });
});
