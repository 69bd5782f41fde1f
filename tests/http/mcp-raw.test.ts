/**
 * The MCP endpoint over raw HTTP (fetch): every status code the specification fixes, content
 * negotiation, Vary, the SSE events (read with eventsource-parser, the parser the SDK uses), batch and
 * malformed bodies, Origin, the 405 for the standalone stream, CORS preflight and rate-limit headers.
 */
import { EventSourceParserStream } from 'eventsource-parser/stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ RATE_LIMIT_MCP: '10000' });
});
afterAll(() => server?.stop());

const mcpHeaders = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };

async function post(body: string | object, headers: Record<string, string> = {}, path = '/mcp') {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { ...mcpHeaders, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { response, text, json: text ? JSON.parse(text) : undefined };
}

describe('POST /mcp status codes', () => {
  it('answers initialize with 200 and the negotiated protocol version', async () => {
    const { response, json } = await post({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('mcp-session-id')).toBeNull();
    expect(json).toMatchObject({ jsonrpc: '2.0', id: 1, result: { protocolVersion: '2025-06-18', serverInfo: { name: 'localhost/website', version: '1.6.0' } } });
    expect(json.result.capabilities).toEqual({ tools: { listChanged: false }, resources: { listChanged: false } });
  });

  it('offers its latest version when the client asks for an unknown one', async () => {
    const { json } = await post({ jsonrpc: '2.0', id: 'a', method: 'initialize', params: { protocolVersion: '2099-01-01', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } });
    expect(json.result.protocolVersion).toBe('2025-11-25');
  });

  it('accepts a notification with 202 and no body', async () => {
    const { response, text } = await post({ jsonrpc: '2.0', method: 'notifications/initialized' }, { 'MCP-Protocol-Version': '2025-11-25' });
    expect(response.status).toBe(202);
    expect(text).toBe('');
  });

  it('answers tools/list to a client that sends only Content-Type (no Accept)', async () => {
    const response = await fetch(`${server.url}/mcp`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/list' }) });
    expect(response.status).toBe(200);
    const json = await response.json();
    expect(json.result.tools).toHaveLength(11);
  });

  it('answers malformed JSON with 400 and a -32700 JSON-RPC error', async () => {
    const { response, json } = await post('{"jsonrpc":"2.0","id":1,"method":');
    expect(response.status).toBe(400);
    expect(json).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700 } });
  });

  it('answers a batch with 400 and -32600', async () => {
    const { response, json } = await post([{ jsonrpc: '2.0', id: 1, method: 'ping' }, { jsonrpc: '2.0', id: 2, method: 'tools/list' }]);
    expect(response.status).toBe(400);
    expect(json).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600, data: { reason: 'batch_not_supported' } } });
  });

  it.each([
    ['a JSON string', '"ping"'],
    ['a wrong jsonrpc version', { jsonrpc: '1.0', id: 1, method: 'ping' }],
    ['no method', { jsonrpc: '2.0', id: 1 }],
    ['a null id', { jsonrpc: '2.0', id: null, method: 'ping' }],
    ['an object id', { jsonrpc: '2.0', id: { a: 1 }, method: 'ping' }],
    ['a fractional id', { jsonrpc: '2.0', id: 1.5, method: 'ping' }],
    ['array params', { jsonrpc: '2.0', id: 1, method: 'tools/list', params: [1] }],
  ])('answers %s with 400 and -32600', async (_name, body) => {
    const { response, json } = await post(body);
    expect(response.status).toBe(400);
    expect(json).toMatchObject({ jsonrpc: '2.0', error: { code: -32600 } });
  });

  it('keeps the request id in a 400 when it can read it', async () => {
    const { json } = await post({ jsonrpc: '2.0', id: 99, method: 'tools/list', params: 'x' });
    expect(json.id).toBe(99);
  });

  it('answers an unknown method with 404 and -32601', async () => {
    const { response, json } = await post({ jsonrpc: '2.0', id: 3, method: 'tools/destroy' });
    expect(response.status).toBe(404);
    expect(json).toMatchObject({ jsonrpc: '2.0', id: 3, error: { code: -32601, data: { reason: 'unknown_method', method: 'tools/destroy' } } });
    expect(json.error.data.supported).toContain('tools/call');
  });

  it.each(['prompts/list', 'prompts/get', 'completion/complete', 'logging/setLevel', 'resources/subscribe', 'sampling/createMessage', 'tasks/list', 'elicitation/create'])(
    'answers %s (known to MCP, not offered) with 501',
    async (method) => {
      const { response, json } = await post({ jsonrpc: '2.0', id: 4, method, params: {} });
      expect(response.status).toBe(501);
      expect(json).toMatchObject({ jsonrpc: '2.0', id: 4, error: { code: -32601, data: { reason: 'not_offered', method } } });
    },
  );

  it('answers an unsupported MCP-Protocol-Version with 400 listing the supported ones', async () => {
    const { response, json } = await post({ jsonrpc: '2.0', id: 5, method: 'ping' }, { 'MCP-Protocol-Version': '2023-01-01' });
    expect(response.status).toBe(400);
    expect(json.error.data.supported).toContain('2025-11-25');
    const ok = await post({ jsonrpc: '2.0', id: 6, method: 'ping' }, { 'MCP-Protocol-Version': '2025-06-18' });
    expect(ok.response.status).toBe(200);
    expect(ok.json).toEqual({ jsonrpc: '2.0', id: 6, result: {} });
  });

  it('answers a wrong Content-Type with 415 and an oversized body with 413, both JSON-RPC', async () => {
    const form = await post('a=b', { 'Content-Type': 'application/x-www-form-urlencoded' });
    expect(form.response.status).toBe(415);
    expect(form.json.error.code).toBe(-32600);
    const big = await post({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'contact_submit', arguments: { message: 'x'.repeat(40_000) } } });
    expect(big.response.status).toBe(413);
    expect(big.json.error.code).toBe(-32600);
  });

  it('answers tools/call of an unknown tool with a -32602 JSON-RPC error', async () => {
    const { response, json } = await post({ jsonrpc: '2.0', id: 8, method: 'tools/call', params: { name: 'nope', arguments: {} } });
    expect(response.status).toBe(200);
    expect(json).toMatchObject({ id: 8, error: { code: -32602 } });
  });

  it('answers a tool failure as a result with isError, not a protocol error', async () => {
    const { response, json } = await post({ jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'newsletter_subscribe', arguments: { email: 'x@y.example', consent: false } } });
    expect(response.status).toBe(200);
    expect(json.result.isError).toBe(true);
    expect(json.result.content[0].text).toMatch(/consent/);
  });
});

describe('stateless concurrency', () => {
  it('keeps 40 concurrent requests with the same id apart (a fresh server and transport each)', async () => {
    const calls = Array.from({ length: 40 }, (_, index) =>
      index % 2
        ? { name: 'services_list', arguments: { locale: index % 4 === 1 ? 'en' : 'pl' } }
        : { name: 'pricing_get', arguments: { locale: index % 4 === 0 ? 'en' : 'pl' } },
    );
    const answers = await Promise.all(calls.map((params) => post({ jsonrpc: '2.0', id: 1, method: 'tools/call', params }, { 'MCP-Protocol-Version': '2025-11-25' })));
    for (const [index, { response, json }] of answers.entries()) {
      expect(response.status).toBe(200);
      expect(json.id).toBe(1);
      const data = json.result.structuredContent;
      expect(data.locale).toBe(calls[index]!.arguments.locale);
      expect(calls[index]!.name === 'pricing_get' ? 'items' in data : 'services' in data).toBe(true);
    }
  });
});

describe('Origin (DNS-rebinding protection)', () => {
  it('refuses a foreign browser origin with 403 and a JSON-RPC error', async () => {
    const { response, json } = await post({ jsonrpc: '2.0', id: 1, method: 'ping' }, { Origin: 'https://evil.example' });
    expect(response.status).toBe(403);
    expect(json).toMatchObject({ jsonrpc: '2.0', error: { code: -32000, data: { reason: 'forbidden_origin' } } });
    expect(response.headers.get('x-ratelimit-limit')).toBe('10000');
  });

  it('refuses the opaque "null" origin', async () => {
    const { response } = await post({ jsonrpc: '2.0', id: 1, method: 'ping' }, { Origin: 'null' });
    expect(response.status).toBe(403);
  });

  it('allows the SITE_URL origin and no Origin at all', async () => {
    expect((await post({ jsonrpc: '2.0', id: 1, method: 'ping' }, { Origin: 'http://localhost:4321' })).response.status).toBe(200);
    expect((await post({ jsonrpc: '2.0', id: 1, method: 'ping' })).response.status).toBe(200);
  });

  it("refuses an Origin that only matches the request's Host, as a DNS-rebinding page would send", async () => {
    // The server listens on another port than SITE_URL, so its own URL stands for a rebound name.
    const { response } = await post({ jsonrpc: '2.0', id: 1, method: 'ping' }, { Origin: server.url });
    expect(response.status).toBe(403);
  });
});

describe('GET content negotiation', () => {
  it.each(['/mcp', '/api/mcp', '/.well-known/mcp'])('answers JSON discovery by default on %s', async (path) => {
    const response = await fetch(`${server.url}${path}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('vary')).toMatch(/Accept/);
    expect(response.headers.get('x-ratelimit-limit')).toBe('10000');
    const body = await response.json();
    expect(body).toMatchObject({
      name: 'localhost/website',
      version: '1.6.0',
      transport: 'streamable-http',
      serverCardUrl: 'http://localhost:4321/mcp/server-card',
      wellKnownTransportUrl: 'http://localhost:4321/.well-known/mcp',
    });
    expect(body.tools).toHaveLength(11);
    for (const tool of body.tools) {
      expect(Object.keys(tool)).toEqual(expect.arrayContaining(['name', 'title', 'description', 'inputSchema', 'annotations', 'scope']));
      expect(tool.inputSchema.type).toBe('object');
    }
    expect(body.tools.find((tool: { name: string }) => tool.name === 'consultation_book').scope).toBe('mcp:tools:booking');
  });

  it('answers a browser Accept header with JSON too', async () => {
    const response = await fetch(`${server.url}/mcp`, { headers: { Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' } });
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('answers Markdown for agents with every tool, its arguments, an example and the booking flow', async () => {
    const response = await fetch(`${server.url}/mcp`, { headers: { Accept: 'text/markdown' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/markdown/);
    expect(response.headers.get('vary')).toMatch(/Accept/);
    const markdown = await response.text();
    for (const name of ['articles_recommend', 'services_list', 'pricing_get', 'case_studies_list', 'case_study_get', 'contact_submit', 'service_inquiry_submit', 'consultation_availability', 'consultation_book', 'newsletter_subscribe', 'newsletter_unsubscribe']) {
      expect(markdown).toContain(`### \`${name}\``);
      expect(markdown).toContain(`"name": "${name}"`);
    }
    expect(markdown).toContain('| `fullName` | string | yes | min 3 characters');
    expect(markdown).toContain('| `supportArea` | string | yes | min 3 characters');
    expect(markdown).toContain('| `locale` | "pl" \\| "en" | no | default "pl" |');
    expect(markdown).toContain('| `consent` | true | yes |');
    expect(markdown).toMatch(/## Booking flow\n\n1\. Call consultation_availability/);
    expect(markdown).toContain('"method": "tools/call"');
  });

  it('prefers the highest q-value', async () => {
    const response = await fetch(`${server.url}/mcp`, { headers: { Accept: 'application/json;q=0.5, text/markdown;q=0.9' } });
    expect(response.headers.get('content-type')).toMatch(/^text\/markdown/);
  });

  it('streams start, progress and complete events with JSON data, then ends', async () => {
    const response = await fetch(`${server.url}/mcp`, { headers: { Accept: 'text/event-stream' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(response.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(response.headers.get('x-accel-buffering')).toBe('no');
    expect(response.headers.get('vary')).toMatch(/Accept/);
    const events: Array<{ event?: string; data: string }> = [];
    const reader = response.body!.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream()).getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      events.push(value);
    }
    expect(events[0]!.event).toBe('start');
    expect(events.at(-1)!.event).toBe('complete');
    const progress = events.filter((event) => event.event === 'progress');
    expect(progress).toHaveLength(11);
    expect(JSON.parse(progress[8]!.data).tool.name).toBe('consultation_book');
    expect(JSON.parse(events[0]!.data)).toMatchObject({ version: '1.6.0', tools: 11 });
    expect(JSON.parse(events.at(-1)!.data)).toMatchObject({ ok: true, resources: ['ui://site/service-inquiry', 'ui://site/consultation-booking'] });
  });

  it('answers 405 with Allow to an MCP client asking for the standalone stream', async () => {
    const extra: Array<Record<string, string>> = [{ 'MCP-Protocol-Version': '2025-11-25' }, { 'Mcp-Session-Id': 'abc' }];
    for (const header of extra) {
      const response = await fetch(`${server.url}/mcp`, { headers: { Accept: 'text/event-stream', ...header } });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
      expect(response.headers.get('vary')).toMatch(/Accept/);
      expect((await response.json()).error.data.reason).toBe('no_standalone_stream');
    }
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const response = await fetch(`${server.url}/mcp`, { method: 'HEAD', headers: { Accept: 'text/markdown' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/markdown/);
    expect(response.headers.get('vary')).toMatch(/Accept/);
    expect(await response.text()).toBe('');
  });

  it('answers DELETE and PUT with 405 and Allow', async () => {
    for (const method of ['DELETE', 'PUT']) {
      const response = await fetch(`${server.url}/mcp`, { method });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('GET, POST, OPTIONS');
    }
  });
});

describe('CORS', () => {
  it.each(['/mcp', '/api/mcp', '/.well-known/mcp'])('answers the preflight on %s with the MCP headers allowed and exposed', async (path) => {
    const response = await fetch(`${server.url}${path}`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://client.example', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type, mcp-protocol-version, authorization' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toMatch(/POST/);
    const allowed = response.headers.get('access-control-allow-headers')!.toLowerCase();
    for (const header of ['content-type', 'mcp-protocol-version', 'mcp-session-id', 'last-event-id', 'authorization']) expect(allowed).toContain(header);
    const exposed = response.headers.get('access-control-expose-headers')!.toLowerCase();
    for (const header of ['mcp-session-id', 'mcp-protocol-version', 'x-ratelimit-limit', 'retry-after']) expect(exposed).toContain(header);
  });
});

describe('unknown paths under /mcp/ and /.well-known/mcp/', () => {
  it.each(['/mcp/nothing/here', '/.well-known/mcp/nothing.json'])('%s answers an ErrorResponse-shaped 404', async (path) => {
    const response = await fetch(`${server.url}${path}`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toMatchObject({ error: { code: 'not_found', message: expect.any(String), hint: expect.any(String), retryable: false } });
  });
});

describe('rate limits', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startServer({ RATE_LIMIT_MCP: '3' });
  });
  afterAll(() => limited?.stop());

  it('count JSON-RPC errors too and answer 429 with Retry-After and the X-RateLimit headers', async () => {
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let attempt = 0; attempt < 4; attempt++) {
      last = await fetch(`${limited.url}/mcp`, { method: 'POST', headers: mcpHeaders, body: JSON.stringify({ jsonrpc: '2.0', id: attempt, method: 'no/such' }) });
      statuses.push(last.status);
      expect(last.headers.get('x-ratelimit-limit')).toBe('3');
      expect(last.headers.get('x-ratelimit-remaining')).toBe(String(Math.max(0, 2 - attempt)));
    }
    expect(statuses).toEqual([404, 404, 404, 429]);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(last!.headers.get('access-control-allow-origin')).toBe('*');
  });
});
