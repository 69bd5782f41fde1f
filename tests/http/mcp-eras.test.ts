/**
 * Both protocol eras on the same running server: a 2026-07-28 client (the v2 client SDK, pinned to
 * that revision, so it cannot fall back) and a 2025-era client (the v1 SDK's initialize handshake)
 * list the tools, call one and read an MCP Apps view on /mcp, /api/mcp and /.well-known/mcp; and the
 * 2026-07-28 wire over raw HTTP: server/discover, no session, Mcp-Method/Mcp-Name, cache hints, its
 * error shapes.
 */
import { Client as ModernClient, StreamableHTTPClientTransport as ModernTransport } from '@modelcontextprotocol/client';
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as LegacyTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, describe, expect, it } from 'vitest';
import { sharedServer } from '../support/shared-server';
import { offeredToolNames } from '../support/spec-tools';

const server = sharedServer();
const closers: Array<() => Promise<void>> = [];

afterAll(async () => {
  await Promise.all(closers.map((close) => close()));
});

const paths = ['/mcp', '/api/mcp', '/.well-known/mcp'];
const VIEW = 'ui://site/service-inquiry';

async function modern(path: string): Promise<ModernClient> {
  const client = new ModernClient({ name: 'era-2026', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
  await client.connect(new ModernTransport(new URL(`${server.url}${path}`)));
  closers.push(() => client.close());
  return client;
}

async function legacy(path: string): Promise<LegacyClient> {
  const client = new LegacyClient({ name: 'era-2025', version: '1.0.0' });
  await client.connect(new LegacyTransport(new URL(`${server.url}${path}`)));
  closers.push(() => client.close());
  return client;
}

describe.each(paths)('both eras on %s', (path) => {
  it('a 2026-07-28 client (v2 SDK) lists the tools, calls one and reads a view', async () => {
    const client = await modern(path);
    expect(client.getProtocolEra()).toBe('modern');
    expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([...offeredToolNames].sort());
    expect(tools.find((tool) => tool.name === 'service_inquiry_submit')?._meta?.ui).toEqual({ resourceUri: VIEW });
    const result = await client.callTool({ name: 'pricing_get', arguments: {} });
    expect(result.isError).toBeFalsy();
    expect((result.structuredContent as { currency?: string } | undefined)?.currency).toBe('PLN');
    const view = await client.readResource({ uri: VIEW });
    expect(view.contents[0]).toMatchObject({ uri: VIEW, mimeType: 'text/html;profile=mcp-app' });
  });

  it('a 2025-era client (v1 SDK) does the same through the initialize handshake', async () => {
    const client = await legacy(path);
    expect(client.getServerVersion()?.name).toBe('localhost/website');
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([...offeredToolNames].sort());
    const result = await client.callTool({ name: 'pricing_get', arguments: {} });
    expect((result.structuredContent as { currency?: string } | undefined)?.currency).toBe('PLN');
    const view = await client.readResource({ uri: VIEW });
    expect(view.contents[0]).toMatchObject({ uri: VIEW, mimeType: 'text/html;profile=mcp-app' });
  });
});

// ------------------------------------------------------------------ the 2026-07-28 wire, raw

const envelope = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };

async function post(method: string, params: Record<string, unknown> = {}, headers: Record<string, string> = {}, id: number | string = 1) {
  const name = typeof params.name === 'string' ? params.name : typeof params.uri === 'string' ? params.uri : undefined;
  const response = await fetch(`${server.url}/mcp`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      'MCP-Protocol-Version': '2026-07-28',
      'Mcp-Method': method,
      ...(name ? { 'Mcp-Name': name } : {}),
      ...headers,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id, method, params: { ...params, _meta: envelope } }),
  });
  return { response, json: await response.json() };
}

describe('the 2026-07-28 wire', () => {
  it('answers server/discover without a handshake: versions, the declared capabilities, no session', async () => {
    const { response, json } = await post('server/discover');
    expect(response.status).toBe(200);
    expect(response.headers.get('mcp-session-id')).toBeNull();
    expect(json.result).toMatchObject({
      supportedVersions: ['2026-07-28'],
      capabilities: { tools: { listChanged: false }, resources: { listChanged: false } },
      resultType: 'complete',
      _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'localhost/website' } },
    });
    expect(Object.keys(json.result.capabilities).sort()).toEqual(['resources', 'tools']);
  });

  it('puts cache hints on the lists and the views (five minutes, public), none on a tool call', async () => {
    for (const [method, params] of [['tools/list', {}], ['resources/list', {}], ['resources/read', { uri: VIEW }]] as const) {
      const { json } = await post(method, params);
      expect(json.result, method).toMatchObject({ resultType: 'complete', ttlMs: 300_000, cacheScope: 'public' });
    }
    const { json } = await post('tools/call', { name: 'pricing_get', arguments: {} });
    expect(json.result.resultType).toBe('complete');
    expect(json.result.ttlMs).toBeUndefined();
  });

  it('refuses an Mcp-Method header that disagrees with the body (400, -32020)', async () => {
    const { response, json } = await post('tools/list', {}, { 'Mcp-Method': 'resources/list' }, 'm-1');
    expect(response.status).toBe(400);
    expect(json).toMatchObject({ id: 'm-1', error: { code: -32020 } });
  });

  it('refuses an Mcp-Name header that disagrees with the tool called (400, -32020)', async () => {
    const { response, json } = await post('tools/call', { name: 'pricing_get', arguments: {} }, { 'Mcp-Name': 'services_list' });
    expect(response.status).toBe(400);
    expect(json.error.code).toBe(-32020);
  });

  it('checks Mcp-Method and Mcp-Name before it looks the tool up: a mismatch with an unknown tool is 400, -32020', async () => {
    const call = { name: 'no_such_tool', arguments: {} };
    for (const [headers, id] of [[{ 'Mcp-Method': 'tools/list' }, 'h-1'], [{ 'Mcp-Name': 'pricing_get' }, 'h-2']] as const) {
      const { response, json } = await post('tools/call', call, headers, id);
      expect(response.status, JSON.stringify(headers)).toBe(400);
      expect(json, JSON.stringify(headers)).toMatchObject({ id, error: { code: -32020 } });
    }
    // The same for a call without a name: the headers first.
    const nameless = await post('tools/call', {}, { 'Mcp-Method': 'tools/list' }, 'h-3');
    expect(nameless.response.status).toBe(400);
    expect(nameless.json.error.code).toBe(-32020);
    // With headers that agree, the unknown tool is this server's -32602.
    const { response, json } = await post('tools/call', call, {}, 'h-4');
    expect(response.status).toBe(200);
    expect(json).toMatchObject({ id: 'h-4', error: { code: -32602, data: { reason: 'unknown_tool' } } });
  });

  it('answers resources/read of an unknown resource as 2026-07-28 requires: -32602 with the URI', async () => {
    const { response, json } = await post('resources/read', { uri: 'ui://site/nope' }, {}, 'r-1');
    expect(response.status).toBe(200);
    expect(json).toMatchObject({ id: 'r-1', error: { code: -32602, data: { uri: 'ui://site/nope' } } });
  });

  it('answers an envelope naming an unknown revision with -32022 and the revisions it speaks', async () => {
    const response = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'MCP-Protocol-Version': '2099-01-01', 'Mcp-Method': 'tools/list' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/list', params: { _meta: { ...envelope, 'io.modelcontextprotocol/protocolVersion': '2099-01-01' } } }),
    });
    const json = await response.json();
    expect(response.status).toBe(400);
    expect(json).toMatchObject({ id: 7, error: { code: -32022 } });
    expect(json.error.data.supported).toContain('2026-07-28');
  });

  it('answers the methods 2026-07-28 removed (ping, logging/setLevel) as unknown: 404, -32601', async () => {
    for (const method of ['ping', 'logging/setLevel', 'resources/subscribe']) {
      const { response, json } = await post(method, method === 'logging/setLevel' ? { level: 'info' } : method === 'resources/subscribe' ? { uri: VIEW } : {});
      expect(response.status, method).toBe(404);
      expect(json.error.code, method).toBe(-32601);
    }
  });

  it('answers tools/call without a name with -32602 naming the parameter', async () => {
    const { json } = await post('tools/call', {}, {}, 'p-1');
    expect(json).toMatchObject({ id: 'p-1', error: { code: -32602 } });
    expect(json.error.message).toContain('params.name');
  });
});
