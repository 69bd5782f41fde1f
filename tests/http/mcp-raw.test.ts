/**
 * The MCP endpoint over raw HTTP (fetch): every status code the endpoint promises, content
 * negotiation, Vary, the SSE events (read with eventsource-parser, the parser the SDK uses), batch and
 * malformed bodies, Origin, the 405 for the standalone stream, CORS preflight and rate-limit headers.
 */
import { EventSourceParserStream } from 'eventsource-parser/stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, TEST_RATE_LIMIT, type TestServer } from '../support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
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
    expect(json).toMatchObject({ jsonrpc: '2.0', id: 1, result: { protocolVersion: '2025-06-18', serverInfo: { name: 'localhost/website', version: '1.7.0' } } });
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

  it.each([['MCP-Protocol-Version 2025-03-26', { 'MCP-Protocol-Version': '2025-03-26' }], ['no MCP-Protocol-Version (taken as 2025-03-26)', {}]])(
    'answers a JSON-RPC batch under %s with one response per request, as that revision requires',
    async (_name, headers) => {
      const { response, json } = await post(
        [
          { jsonrpc: '2.0', id: 1, method: 'ping' },
          { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'pricing_get', arguments: {} } },
          { jsonrpc: '2.0', method: 'notifications/initialized' },
        ],
        headers,
      );
      expect(response.status).toBe(200);
      expect(Array.isArray(json)).toBe(true);
      const byId = new Map((json as Array<{ id: number }>).map((answer) => [answer.id, answer]));
      expect([...byId.keys()].sort()).toEqual([1, 2]);
      expect(byId.get(1)).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
      expect(byId.get(2)).toMatchObject({ jsonrpc: '2.0', id: 2, result: { structuredContent: expect.any(Object) } });
    },
  );

  it('refuses a batch under a revision without batches (2025-06-18 on) with 400 and -32600', async () => {
    const { response, json } = await post([{ jsonrpc: '2.0', id: 1, method: 'ping' }], { 'MCP-Protocol-Version': '2025-11-25' });
    expect(response.status).toBe(400);
    expect(json).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600, data: { reason: 'batch_not_supported', requested: '2025-11-25' } } });
  });

  it('refuses an empty batch, an oversized one (a batch is one request of the rate limit) and one with a malformed message', async () => {
    expect((await post([])).response.status).toBe(400);
    const eleven = Array.from({ length: 11 }, (_, index) => ({ jsonrpc: '2.0', id: index + 1, method: 'ping' }));
    expect((await post(eleven)).json.error.message).toMatch(/at most 10/);
    expect((await post(eleven.slice(0, 10))).response.status).toBe(200);
    expect((await post([{ jsonrpc: '2.0', id: 1, method: 'ping' }, { jsonrpc: '1.0', id: 2, method: 'ping' }])).json.error.code).toBe(-32600);
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

  it('answers an unsupported MCP-Protocol-Version with the id of the request', async () => {
    const { response, json } = await post({ jsonrpc: '2.0', id: 'v-1', method: 'tools/list' }, { 'MCP-Protocol-Version': '2023-01-01' });
    expect(response.status).toBe(400);
    expect(json.id).toBe('v-1');
  });

  it.each([
    ['tools/call without params', { jsonrpc: '2.0', id: 21, method: 'tools/call' }, 'params.name'],
    ['tools/call with a numeric name', { jsonrpc: '2.0', id: 22, method: 'tools/call', params: { name: 7 } }, 'params.name'],
    ['tools/call with string arguments', { jsonrpc: '2.0', id: 23, method: 'tools/call', params: { name: 'services_list', arguments: 'x' } }, 'params.arguments'],
    ['resources/read without uri', { jsonrpc: '2.0', id: 24, method: 'resources/read', params: {} }, 'params.uri'],
    ['resources/read without params', { jsonrpc: '2.0', id: 25, method: 'resources/read' }, 'params.uri'],
  ])('answers %s with -32602 naming the parameter, not -32603', async (_name, body, parameter) => {
    const { response, json } = await post(body);
    expect(response.status).toBe(200);
    expect(json).toMatchObject({ jsonrpc: '2.0', id: body.id, error: { code: -32602, data: { reason: 'invalid_params' } } });
    expect(json.error.message).toContain(parameter);
    expect(json.error.message.length).toBeLessThan(200);
  });

  it('answers tools/call of an unknown tool with a -32602 JSON-RPC error', async () => {
    const { response, json } = await post({ jsonrpc: '2.0', id: 8, method: 'tools/call', params: { name: 'nope', arguments: {} } });
    expect(response.status).toBe(200);
    expect(json).toMatchObject({ id: 8, error: { code: -32602 } });
  });

  it('answers resources/read of an unknown resource with -32002 and the URI, as the 2025-era specifications recommend', async () => {
    for (const version of ['2025-11-25', '2025-06-18', '2025-03-26']) {
      const { response, json } = await post({ jsonrpc: '2.0', id: 'r-1', method: 'resources/read', params: { uri: 'ui://site/nope' } }, { 'MCP-Protocol-Version': version });
      expect(response.status, version).toBe(200);
      expect(json, version).toMatchObject({ jsonrpc: '2.0', id: 'r-1', error: { code: -32002, data: { uri: 'ui://site/nope' } } });
    }
    // A view the server has is read as before.
    const { json } = await post({ jsonrpc: '2.0', id: 'r-2', method: 'resources/read', params: { uri: 'ui://site/service-inquiry' } }, { 'MCP-Protocol-Version': '2025-11-25' });
    expect(json.result.contents[0].uri).toBe('ui://site/service-inquiry');
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
    expect(response.headers.get('x-ratelimit-limit')).toBe(TEST_RATE_LIMIT);
  });

  it('refuses the opaque "null" origin', async () => {
    const { response } = await post({ jsonrpc: '2.0', id: 1, method: 'ping' }, { Origin: 'null' });
    expect(response.status).toBe(403);
  });

  it('allows the SITE_URL origin and no Origin at all', async () => {
    expect((await post({ jsonrpc: '2.0', id: 1, method: 'ping' }, { Origin: 'http://localhost:4321' })).response.status).toBe(200);
    expect((await post({ jsonrpc: '2.0', id: 1, method: 'ping' })).response.status).toBe(200);
  });

  it('refuses names that only look like loopback, as a DNS-rebinding page would be served from', async () => {
    for (const origin of ['http://localhost.evil.example', 'http://127.0.0.1.nip.io:4321', `http://rebound.example:${new URL(server.url).port}`]) {
      expect((await post({ jsonrpc: '2.0', id: 1, method: 'ping' }, { Origin: origin })).response.status, origin).toBe(403);
    }
  });

  it('answers the refusal with the id of the request it read', async () => {
    const { response, json } = await post({ jsonrpc: '2.0', id: 'o-1', method: 'tools/list' }, { Origin: 'https://evil.example' });
    expect(response.status).toBe(403);
    expect(json.id).toBe('o-1');
  });

  it('lets a browser-based client on a loopback origin (the Inspector web UI) initialize and call, and CORS agrees', async () => {
    for (const origin of ['http://localhost:6274', 'http://127.0.0.1:6274', 'http://[::1]:6274']) {
      const { response, json } = await post(
        { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'inspector-web', version: '1' } } },
        { Origin: origin },
      );
      expect(response.status, origin).toBe(200);
      expect(json.result.protocolVersion).toBe('2025-11-25');
      expect(response.headers.get('access-control-allow-origin')).toBe(origin);
    }
  });
});

describe('a refused Origin spends no budget', () => {
  it('foreign-origin POSTs are refused before the caller\'s MCP budget is counted', async () => {
    const limited = await startServer({ RATE_LIMIT_MCP: '3' });
    try {
      const send = (headers: Record<string, string>) =>
        fetch(`${limited.url}/mcp`, { method: 'POST', headers: { ...mcpHeaders, ...headers }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }) });
      for (let index = 0; index < 5; index++) {
        const refused = await send({ Origin: 'https://evil.example' });
        expect(refused.status).toBe(403);
        expect(refused.headers.get('x-ratelimit-remaining')).toBe('3');
      }
      const allowed = await send({});
      expect(allowed.status).toBe(200);
      expect(allowed.headers.get('x-ratelimit-remaining')).toBe('2');
    } finally {
      await limited.stop();
    }
  });
});

describe('GET content negotiation', () => {
  it.each(['/mcp', '/api/mcp', '/.well-known/mcp'])('answers JSON discovery by default on %s', async (path) => {
    const response = await fetch(`${server.url}${path}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('vary')).toMatch(/Accept/);
    expect(response.headers.get('x-ratelimit-limit')).toBe(TEST_RATE_LIMIT);
    const body = await response.json();
    expect(body).toMatchObject({
      name: 'localhost/website',
      version: '1.7.0',
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
    expect(JSON.parse(events[0]!.data)).toMatchObject({ version: '1.7.0', tools: 11 });
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
    // The Origin check refuses this origin, so the preflight names no origin and the browser stops here.
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(response.headers.get('access-control-allow-methods')).toMatch(/POST/);
    const allowed = response.headers.get('access-control-allow-headers')!.toLowerCase();
    for (const header of ['content-type', 'mcp-protocol-version', 'mcp-method', 'mcp-name', 'mcp-session-id', 'last-event-id', 'authorization']) expect(allowed).toContain(header);
    const exposed = response.headers.get('access-control-expose-headers')!.toLowerCase();
    for (const header of ['mcp-session-id', 'mcp-protocol-version', 'x-ratelimit-limit', 'retry-after']) expect(exposed).toContain(header);
  });
});

describe('CORS agrees with the Origin check', () => {
  const preflight = (origin: string, method = 'POST') =>
    fetch(`${server.url}/mcp`, { method: 'OPTIONS', headers: { Origin: origin, 'Access-Control-Request-Method': method, 'Access-Control-Request-Headers': 'content-type' } });

  it('names an allowed origin in the preflight and in the answer', async () => {
    expect((await preflight('http://localhost:6274')).headers.get('access-control-allow-origin')).toBe('http://localhost:6274');
    expect((await preflight('http://localhost:4321')).headers.get('access-control-allow-origin')).toBe('http://localhost:4321');
  });

  it('names no origin for a refused one, in the preflight and in the 403', async () => {
    expect((await preflight('https://evil.example')).headers.get('access-control-allow-origin')).toBeNull();
    const { response } = await post({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, { Origin: 'https://evil.example' });
    expect(response.status).toBe(403);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('lets any origin read GET discovery', async () => {
    expect((await preflight('https://evil.example', 'GET')).headers.get('access-control-allow-origin')).toBe('*');
    const response = await fetch(`${server.url}/mcp`, { headers: { Origin: 'https://evil.example', Accept: 'application/json' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
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
    // MCP clients read JSON-RPC: the 429 is a JSON-RPC error answering the request's id.
    expect(last!.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await last!.json()).toMatchObject({ jsonrpc: '2.0', id: 3, error: { code: -32000, message: expect.any(String), data: { reason: 'rate_limited' } } });
    // A body that cannot be read is refused with a null id, still in JSON-RPC.
    const unreadable = await fetch(`${limited.url}/mcp`, { method: 'POST', headers: mcpHeaders, body: '{"jsonrpc":' });
    expect(unreadable.status).toBe(429);
    expect(await unreadable.json()).toMatchObject({ jsonrpc: '2.0', id: null, error: { data: { reason: 'rate_limited' } } });
  });
});
