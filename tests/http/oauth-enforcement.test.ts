/**
 * The enforcement matrix: the same requests against three servers, with
 * OAUTH_ENFORCEMENT off, write and all, each without a token, with a token of the operation's
 * scope and with a token of another scope. Every endpoint family is covered: newsletter, contact,
 * consultation, /ask, MCP (GET discovery, listings, read and write tools on /mcp and its aliases),
 * the catalogs, discovery documents, the OAuth endpoints and preflights. Also: the 401/403 headers
 * and bodies, and rate limiting per client_id for requests with a valid token.
 */
import { AgentCard } from '@a2a-js/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RPC_SERVER_REFUSAL } from '../../src/server/base/errors';
import { clientCredentials, discover, startOAuthServer } from '../support/oauth';
import type { TestServer } from '../support/server';

type Level = 'off' | 'write' | 'all';
const levels: Level[] = ['off', 'write', 'all'];
const servers = {} as Record<Level, TestServer>;
const tokenCache = new Map<string, string>();

beforeAll(async () => {
  for (const level of levels) servers[level] = await startOAuthServer({ OAUTH_ENFORCEMENT: level });
});
afterAll(async () => {
  await Promise.all(levels.map((level) => servers[level]?.stop()));
});

async function token(level: Level, scope: string): Promise<string> {
  const key = `${level} ${scope}`;
  if (!tokenCache.has(key)) tokenCache.set(key, (await clientCredentials(await discover(servers[level]), scope)).access_token);
  return tokenCache.get(key)!;
}

let sequence = 0;
const rpc = (method: string, params: Record<string, unknown> = {}) => ({ jsonrpc: '2.0', id: ++sequence, method, params });
const mcpHeaders = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };
const contactArguments = { name: 'Anna Test', email: 'anna@visitor.example', message: 'Proszę o kontakt w sprawie strony fundacji.', locale: 'pl' };

interface Row {
  name: string;
  /** From which enforcement a token is needed; undefined: never. */
  from?: 'write' | 'all';
  /** The scope a token needs (null: any valid token). */
  scope?: string | null;
  /** The protected-resource document a refusal points at. */
  metadata?: string;
  send: (url: string, headers: Record<string, string>) => Promise<Response>;
  /** What an admitted request answers. */
  ok: number;
}

const post = (path: string, body: unknown, extra: Record<string, string> = {}) => (url: string, headers: Record<string, string>) =>
  fetch(`${url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...extra, ...headers }, body: JSON.stringify(body) });
const get = (path: string, extra: Record<string, string> = {}) => (url: string, headers: Record<string, string>) =>
  fetch(`${url}${path}`, { headers: { ...extra, ...headers } });

const rows: Row[] = [
  { name: 'POST /api/subscribe', from: 'write', scope: 'newsletter:subscribe', metadata: '/api/subscribe', ok: 200, send: (url, headers) => post('/api/subscribe', { email: `s${++sequence}@visitor.example`, locale: 'pl', consent: true })(url, headers) },
  { name: 'POST /api/newsletter/unsubscribe', from: 'write', scope: 'newsletter:unsubscribe', metadata: '/api/newsletter/unsubscribe', ok: 200, send: post('/api/newsletter/unsubscribe', { email: 'nobody@visitor.example' }) },
  { name: 'POST /ask', from: 'write', scope: 'ask:query', metadata: '/ask', ok: 200, send: post('/ask', { query: 'strona internetowa dla fundacji' }) },
  { name: 'GET /mcp (discovery)', from: 'all', scope: 'mcp:read', metadata: '/mcp', ok: 200, send: get('/mcp', { Accept: 'application/json' }) },
  { name: 'GET /api/mcp (discovery)', from: 'all', scope: 'mcp:read', metadata: '/api/mcp', ok: 200, send: get('/api/mcp', { Accept: 'text/markdown' }) },
  { name: 'POST /mcp initialize', from: 'all', scope: null, metadata: '/mcp', ok: 200, send: post('/mcp', rpc('initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } }), mcpHeaders) },
  { name: 'POST /mcp tools/list', from: 'all', scope: 'mcp:read', metadata: '/mcp', ok: 200, send: post('/mcp', rpc('tools/list'), mcpHeaders) },
  { name: 'POST /mcp resources/list', from: 'all', scope: 'mcp:read', metadata: '/mcp', ok: 200, send: post('/mcp', rpc('resources/list'), mcpHeaders) },
  { name: 'POST /mcp tools/call services_list (read)', from: 'all', scope: 'mcp:read', metadata: '/mcp', ok: 200, send: post('/mcp', rpc('tools/call', { name: 'services_list', arguments: {} }), mcpHeaders) },
  { name: 'POST /mcp tools/call contact_submit (inquiry)', from: 'write', scope: 'mcp:tools:inquiry', metadata: '/mcp', ok: 200, send: post('/mcp', rpc('tools/call', { name: 'contact_submit', arguments: contactArguments }), mcpHeaders) },
  { name: 'POST /mcp tools/call consultation_book (booking)', from: 'write', scope: 'mcp:tools:booking', metadata: '/mcp', ok: 200, send: post('/mcp', rpc('tools/call', { name: 'consultation_book', arguments: {} }), mcpHeaders) },
  { name: 'POST /api/mcp tools/call newsletter_subscribe (inquiry)', from: 'write', scope: 'mcp:tools:inquiry', metadata: '/api/mcp', ok: 200, send: post('/api/mcp', rpc('tools/call', { name: 'newsletter_unsubscribe', arguments: { email: 'nobody@visitor.example' } }), mcpHeaders) },
  { name: 'POST /.well-known/mcp tools/call pricing_get (read)', from: 'all', scope: 'mcp:read', metadata: '/.well-known/mcp', ok: 200, send: post('/.well-known/mcp', rpc('tools/call', { name: 'pricing_get', arguments: {} }), mcpHeaders) },
  // Public only, at every level (contact, slots and chat stay public).
  { name: 'POST /api/contact', ok: 200, send: post('/api/contact', { name: 'Anna Test', email: 'anna@visitor.example', message: 'Dzień dobry, proszę o wycenę strony.', locale: 'pl' }) },
  { name: 'GET /api/consultation/slots', ok: 200, send: get('/api/consultation/slots?locale=en') },
  { name: 'POST /api/consultation/book (bad body)', ok: 400, send: post('/api/consultation/book', {}) },
  { name: 'GET /openapi.json', ok: 200, send: get('/openapi.json') },
  { name: 'GET /api', ok: 200, send: get('/api') },
  { name: 'GET /api/error-format', ok: 200, send: get('/api/error-format') },
  { name: 'GET /llms.txt', ok: 200, send: get('/llms.txt') },
  { name: 'GET /.well-known/agent-instructions.json', ok: 200, send: get('/.well-known/agent-instructions.json') },
  { name: 'GET /.well-known/mcp/server-card.json', ok: 200, send: get('/.well-known/mcp/server-card.json') },
  { name: 'GET /.well-known/oauth-authorization-server', ok: 200, send: get('/.well-known/oauth-authorization-server') },
  { name: 'GET /.well-known/oauth-protected-resource/mcp', ok: 200, send: get('/.well-known/oauth-protected-resource/mcp') },
  { name: 'GET /.well-known/jwks.json', ok: 200, send: get('/.well-known/jwks.json') },
  { name: 'OPTIONS /ask (preflight)', ok: 204, send: (url, headers) => fetch(`${url}/ask`, { method: 'OPTIONS', headers: { Origin: 'https://agent.example', 'Access-Control-Request-Method': 'POST', ...headers } }) },
  { name: 'OPTIONS /mcp (preflight)', ok: 204, send: (url, headers) => fetch(`${url}/mcp`, { method: 'OPTIONS', headers: { Origin: 'https://agent.example', 'Access-Control-Request-Method': 'POST', ...headers } }) },
];

const isRpcPost = (row: Row) => row.name.startsWith('POST /') && row.name.includes('mcp');

function required(row: Row, level: Level): boolean {
  return row.from !== undefined && level !== 'off' && (row.from === 'write' || level === 'all');
}

const otherScope = (scope: string | null | undefined) => (scope === 'newsletter:unsubscribe' ? 'ask:query' : 'newsletter:unsubscribe');

async function expectAdmitted(response: Response, row: Row) {
  expect(response.status, `${row.name}: ${response.status} ${await response.clone().text().then((text) => text.slice(0, 200))}`).toBe(row.ok);
  if (response.headers.get('content-type')?.includes('json') && row.name.includes('POST /') && row.name.includes('mcp')) {
    const body = await response.json();
    expect(body.error, row.name).toBeUndefined();
  }
}

describe.each(levels)('OAUTH_ENFORCEMENT=%s', (level) => {
  describe.each(rows)('$name', (row) => {
    it('without a token', async () => {
      const response = await row.send(servers[level].url, {});
      if (!required(row, level)) return expectAdmitted(response, row);
      expect(response.status, row.name).toBe(401);
      const header = response.headers.get('www-authenticate')!;
      expect(header).toMatch(/^Bearer /);
      expect(header).toContain(`resource_metadata="${servers[level].url}/.well-known/oauth-protected-resource${row.metadata}"`);
      expect(header).not.toContain('error=');
      if (row.scope) expect(header).toContain(`scope="${row.scope}"`);
      const body = await response.json();
      if (row.name.includes('mcp')) expect(body).toMatchObject({ jsonrpc: '2.0', error: { code: RPC_SERVER_REFUSAL, data: { reason: 'unauthorized' } } });
      else expect(body.error).toMatchObject({ code: 'unauthorized', retryable: false });
      // A JSON-RPC refusal answers the request it read: its id, never null.
      if (isRpcPost(row)) expect(body.id, row.name).toEqual(expect.any(Number));
    });

    it('with a token of its scope', async () => {
      const response = await row.send(servers[level].url, { Authorization: `Bearer ${await token(level, row.scope ?? 'mcp:read')}` });
      await expectAdmitted(response, row);
    });

    it('with a token of another scope', async () => {
      const response = await row.send(servers[level].url, { Authorization: `Bearer ${await token(level, otherScope(row.scope))}` });
      if (!required(row, level) || row.scope === null) return expectAdmitted(response, row);
      expect(response.status, row.name).toBe(403);
      const header = response.headers.get('www-authenticate')!;
      expect(header).toContain('error="insufficient_scope"');
      // The scopes to authorize again with: those the token holds and the one needed (MCP step-up).
      expect(header).toContain(`scope="${otherScope(row.scope)} ${row.scope}"`);
      expect(header).toContain('resource_metadata=');
      if (isRpcPost(row)) expect((await response.json()).id, row.name).toEqual(expect.any(Number));
    });

    // A token sent is checked at every level, off included (RFC 6750 §3.1, MCP authorization): only
    // its absence depends on the enforcement. Public routes never read one.
    it('with a token that is not valid', async () => {
      const response = await row.send(servers[level].url, { Authorization: 'Bearer not.a.token' });
      if (row.from === undefined) return expectAdmitted(response, row);
      expect(response.status, row.name).toBe(401);
      const header = response.headers.get('www-authenticate')!;
      expect(header).toContain('error="invalid_token"');
      expect(header).toContain(`resource_metadata="${servers[level].url}/.well-known/oauth-protected-resource${row.metadata}"`);
      if (isRpcPost(row)) expect(await response.json()).toMatchObject({ jsonrpc: '2.0', id: expect.any(Number), error: { data: { reason: 'unauthorized' } } });
    });
  });
});

describe('rate limits per client', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startOAuthServer({ RATE_LIMIT_ASK: '3', OAUTH_ENFORCEMENT: 'off' });
  });
  afterAll(async () => {
    await limited?.stop();
  });

  it('spends the address and the client with a valid token: a token never widens the budget', async () => {
    const as = await discover(limited);
    const service = (await clientCredentials(as, 'ask:query')).access_token;
    const ask = (headers: Record<string, string>) => post('/ask', { query: 'cennik' })(limited.url, headers);
    const withToken = [];
    for (let i = 0; i < 4; i++) withToken.push(await ask({ Authorization: `Bearer ${service}` }));
    expect(withToken.map((response) => response.status)).toEqual([200, 200, 200, 429]);
    expect(withToken[2]!.headers.get('x-ratelimit-remaining')).toBe('0');
    // The token's requests spent this address's budget too: without a token, or with a forged one, nothing is left.
    const anonymous = await ask({});
    expect(anonymous.status).toBe(429);
    expect(anonymous.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await ask({ Authorization: 'Bearer forged.token.here' })).status).toBe(429);
  });
});

describe.each(levels)('the documents tell the truth under OAUTH_ENFORCEMENT=%s', (level) => {
  const json = async (path: string) => (await fetch(`${servers[level].url}${path}`)).json();
  // OpenAPI: the scopes inside one requirement object are all required; alternatives are separate objects.
  const required = (scopes: string[]) => scopes.map((scope) => ({ oauth2: [scope] }));
  const optional = (scopes: string[]) => [{}, ...required(scopes)];

  it('/openapi.json: security per operation and the summary name this level', async () => {
    const document = await json('/openapi.json');
    const ask = document.paths['/ask'].post;
    expect(ask.security).toEqual(level === 'off' ? optional(['ask:query']) : required(['ask:query']));
    expect(ask.responses['401']).toBeTruthy();
    // Every operation that reads a token lists the answers of enforcement: 401 at every level (a token
    // sent and not valid), 403 where a token is required.
    for (const [path, method] of [['/ask', 'post'], ['/ask', 'get'], ['/a2a', 'post'], ['/api/subscribe', 'post'], ['/api/newsletter/unsubscribe', 'post']] as const) {
      const responses = document.paths[path][method].responses;
      expect(responses['401'], `${method} ${path}`).toMatchObject({ headers: { 'WWW-Authenticate': expect.any(Object) } });
      expect(responses['403'] !== undefined, `${method} ${path}`).toBe(level !== 'off');
    }
    for (const [path, method] of [['/mcp', 'get'], ['/mcp', 'post']] as const) {
      expect(document.paths[path][method].responses['429'].content['application/json'].example, `${method} ${path}`).toMatchObject({ jsonrpc: '2.0', error: { data: { reason: 'rate_limited' } } });
    }
    expect(document.paths['/api/contact'].post.responses['401']).toBeUndefined();
    expect(document.paths['/api/subscribe'].post.security).toEqual(level === 'off' ? optional(['newsletter:subscribe']) : required(['newsletter:subscribe']));
    expect(document.paths['/mcp'].get.security).toEqual(level === 'all' ? required(['mcp:read']) : optional(['mcp:read']));
    expect(document.paths['/mcp'].post.security).toEqual(
      level === 'all' ? required(['mcp:read', 'mcp:tools:inquiry', 'mcp:tools:booking']) : optional(['mcp:tools:inquiry', 'mcp:tools:booking']),
    );
    expect(document.paths['/api/contact'].post.security).toEqual([]);
    expect(document.paths['/.well-known/oauth2/token'].post.security).toEqual([]);
    expect(document.info.description).toContain(`OAUTH_ENFORCEMENT=${level}`);
  });

  it('the agent card declares the OAuth scheme /a2a needs when a token is required there: v1.0 to a 1.0 reader, v0.3 otherwise, never mixed', async () => {
    const site = servers[level].url;
    const fetchCard = async (headers: Record<string, string>) => {
      const response = await fetch(`${site}/.well-known/agent-card.json`, { headers });
      expect(response.headers.get('vary')).toContain('A2A-Version');
      return response.json();
    };
    // As the SDK's resolver asks (A2A-Version: 1.0), and as a v0.3 reader asks (no header).
    const v1 = await fetchCard({ 'A2A-Version': '1.0' });
    const v03 = await fetchCard({});
    const v1Keys = ['oauth2SecurityScheme', 'apiKeySecurityScheme', 'httpAuthSecurityScheme', 'openIdConnectSecurityScheme', 'mtlsSecurityScheme'];
    for (const scheme of Object.values<Record<string, unknown>>(v1.securitySchemes ?? {})) expect(Object.keys(scheme).filter((key) => !v1Keys.includes(key))).toEqual([]);
    for (const scheme of Object.values<Record<string, unknown>>(v03.securitySchemes ?? {})) expect(Object.keys(scheme).filter((key) => v1Keys.includes(key))).toEqual([]);
    expect(v1.security).toBeUndefined();
    expect(v1.url).toBeUndefined();
    expect(v03.securityRequirements).toBeUndefined();
    expect(v03.protocolVersion).toBe('0.3.0');
    if (level === 'off') {
      for (const card of [v1, v03]) expect(card.securitySchemes ?? {}).toEqual({});
      expect(v1.securityRequirements ?? []).toEqual([]);
      expect(v03.security).toBeUndefined();
      return;
    }
    const flow = { authorizationUrl: `${site}/.well-known/oauth2/authorize`, tokenUrl: `${site}/.well-known/oauth2/token`, refreshUrl: `${site}/.well-known/oauth2/token` };
    const parsed = AgentCard.fromJSON(v1);
    const scheme = parsed.securitySchemes.oauth2!.scheme;
    expect(scheme?.$case).toBe('oauth2SecurityScheme');
    const oauth2 = scheme!.value as { oauth2MetadataUrl: string; flows?: { flow?: { $case: string; value: Record<string, unknown> } } };
    expect(oauth2.oauth2MetadataUrl).toBe(`${site}/.well-known/oauth-authorization-server`);
    expect(oauth2.flows?.flow?.$case).toBe('authorizationCode');
    expect(oauth2.flows?.flow?.value).toMatchObject({ ...flow, scopes: { 'ask:query': expect.any(String) }, pkceRequired: true });
    expect(parsed.securityRequirements).toEqual([{ schemes: { oauth2: { list: ['ask:query'] } } }]);
    // v0.3 readers: the OpenAPI-like scheme and the top-level security.
    expect(v03.securitySchemes.oauth2).toEqual({
      type: 'oauth2',
      description: expect.any(String),
      oauth2MetadataUrl: `${site}/.well-known/oauth-authorization-server`,
      flows: { authorizationCode: { ...flow, scopes: { 'ask:query': expect.any(String) } } },
    });
    expect(v03.security).toEqual([{ oauth2: ['ask:query'] }]);
  });

  it('GET /a2a tells a reader where the card is (not 405)', async () => {
    const response = await fetch(`${servers[level].url}/a2a`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ agentCard: `${servers[level].url}/.well-known/agent-card.json`, endpoint: `${servers[level].url}/a2a`, protocolVersions: ['1.0', '0.3'] });
  });

  it('GET /api: each endpoint says whether this deployment requires a token', async () => {
    const catalog = await json('/api');
    const find = (method: string, path: string) => catalog.endpoints.find((endpoint: { method: string; path: string }) => endpoint.method === method && endpoint.path === path);
    expect(find('POST', '/ask').auth.enforcement).toBe(level);
    expect(find('POST', '/ask').auth.required).toContain(level === 'off' ? 'Public on this deployment' : 'required on this deployment');
    expect(find('GET', '/mcp').auth.required).toContain(level === 'all' ? 'required on this deployment' : 'Public on this deployment');
    expect(find('POST', '/api/contact').auth).toMatchObject({ type: 'none', required: 'never' });
    expect(find('POST', '/.well-known/oauth2/token')).toBeTruthy();
  });

  it('the server card, manifest, agent instructions and plugin manifest follow the level', async () => {
    const card = await json('/.well-known/mcp/server-card.json');
    const header = card.remotes[0].headers[0];
    expect(header.isRequired).toBe(level === 'all');
    expect(header.description).toContain(level === 'off' ? 'Not needed' : level === 'write' ? 'write tools' : 'every request');
    const manifest = await json('/.well-known/mcp/manifest.json');
    expect(manifest.authentication).toMatchObject({ enforcement: level, protectedResourceMetadata: `${servers[level].url}/.well-known/oauth-protected-resource/mcp` });
    const instructions = await json('/.well-known/agent-instructions.json');
    expect(instructions.authentication.enforcement).toBe(level);
    expect(instructions.authentication.note).toContain(`OAUTH_ENFORCEMENT=${level}`);
    const markdown = await (await fetch(`${servers[level].url}/.well-known/agent-instructions.md`)).text();
    expect(markdown).toContain(`OAuth enforcement: ${level}.`);
    const plugin = await json('/.well-known/ai-plugin.json');
    expect(plugin.auth.type).toBe(level === 'off' ? 'none' : 'oauth');
  });
});
