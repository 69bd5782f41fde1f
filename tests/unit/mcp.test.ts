/** The MCP adapter in process: content negotiation, the Origin rule, and the McpServer over the registry (SDK in-memory transport). */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { describe, expect, it } from 'vitest';
import { negotiate } from '../../src/server/http/negotiate';
import { handleMcp, scopeFor } from '../../src/server/mcp/http';
import { originAllowed } from '../../src/server/mcp/origin';
import { LEGACY_PROTOCOL_VERSIONS, MODERN_PROTOCOL_VERSIONS, PROTOCOL_VERSIONS } from '../../src/server/mcp/protocol';
import { createMcpServer, listedTools, serverInfoFor, toCallToolResult } from '../../src/server/mcp/server';

describe('negotiate', () => {
  it.each([
    [null, 'json'],
    ['*/*', 'json'],
    ['application/json', 'json'],
    ['text/markdown', 'markdown'],
    ['text/event-stream', 'sse'],
    ['text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', 'json'],
    ['application/json;q=0.5, text/markdown;q=0.9', 'markdown'],
    ['text/*', 'markdown'],
    ['text/markdown;q=0, application/json', 'json'],
    ['image/png', 'json'],
  ] as const)('Accept %s → %s', (accept, expected) => {
    expect(negotiate(accept)).toBe(expected);
  });
});

describe('originAllowed', () => {
  const request = (origin?: string, host = 'mcp.example.org') =>
    new Request('http://mcp.example.org/mcp', { method: 'POST', headers: { host, ...(origin ? { origin } : {}) } });
  it('allows requests without Origin (servers, CLIs)', () => expect(originAllowed(request(), 'https://site.example')).toBe(true));
  it("allows the SITE_URL's origin", () => expect(originAllowed(request('https://site.example'), 'https://site.example')).toBe(true));
  it("refuses an origin that only matches the request's Host (a DNS-rebinding page)", () =>
    expect(originAllowed(request('https://mcp.example.org'), 'https://site.example')).toBe(false));
  it('refuses other origins, other ports and "null"', () => {
    expect(originAllowed(request('https://evil.example'), 'https://site.example')).toBe(false);
    expect(originAllowed(request('https://site.example:8443'), 'https://site.example')).toBe(false);
    expect(originAllowed(request('null'), 'https://site.example')).toBe(false);
  });
  it('allows loopback origins on any port (browser-based clients on the user\'s machine)', () => {
    for (const origin of ['http://localhost:6274', 'http://127.0.0.1:6274', 'http://127.1.2.3', 'https://localhost', 'http://[::1]:6274']) {
      expect(originAllowed(request(origin), 'https://site.example'), origin).toBe(true);
    }
  });
  it('refuses names that only resemble loopback', () => {
    for (const origin of ['http://localhost.evil.example', 'http://127.0.0.1.nip.io', 'http://127.0.0.1evil.example', 'ftp://localhost']) {
      expect(originAllowed(request(origin), 'https://site.example'), origin).toBe(false);
    }
  });
});

describe('serverInfoFor', () => {
  it('derives a reverse-DNS name that the server card accepts', () => {
    expect(serverInfoFor('https://www.pracownia.example.pl').name).toBe('pl.example.pracownia/website');
    expect(serverInfoFor('http://localhost:4321').name).toBe('localhost/website');
    expect(serverInfoFor('http://[::1]:4321').name).toMatch(/^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/);
  });
});

describe('the McpServer over the registry', () => {
  it('lists the registry tools and the two UI resources to an SDK client', async () => {
    const server = createMcpServer();
    const client = new Client({ name: 'unit', version: '1.0.0' });
    const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
    await Promise.all([server.connect(serverTransport), client.connect(clientTransport)]);
    const { tools } = await client.listTools();
    expect(tools).toEqual(listedTools());
    const { resources } = await client.listResources();
    expect(resources.map((resource) => [resource.uri, resource.mimeType])).toEqual([
      ['ui://site/service-inquiry', 'text/html;profile=mcp-app'],
      ['ui://site/consultation-booking', 'text/html;profile=mcp-app'],
    ]);
    // Validation happens before run: a bad argument never reaches the action.
    const result = await client.callTool({ name: 'newsletter_subscribe', arguments: { email: 'x@example.org', consent: false } });
    expect(result.isError).toBe(true);
    await client.close();
  });

  it('turns an outcome into content text, the same JSON as text, and structuredContent', () => {
    const result = toCallToolResult({ text: 'Done.', data: { ok: true }, isError: false });
    expect(result).toEqual({ content: [{ type: 'text', text: 'Done.' }, { type: 'text', text: '{"ok":true}' }], structuredContent: { ok: true } });
    expect(toCallToolResult({ text: 'Mail is off. Try later.', isError: true })).toEqual({ content: [{ type: 'text', text: 'Mail is off. Try later.' }], isError: true });
  });
});

describe('the authorization hook of handleMcp', () => {
  const post = (body: object) =>
    new Request('http://localhost:4321/mcp', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify(body),
    });

  it('names the scope each request needs', () => {
    expect(scopeFor('tools/call', { name: 'consultation_book' })).toBe('mcp:tools:booking');
    expect(scopeFor('tools/call', { name: 'contact_submit' })).toBe('mcp:tools:inquiry');
    expect(scopeFor('tools/call', { name: 'pricing_get' })).toBe('mcp:read');
    expect(scopeFor('tools/list', undefined)).toBe('mcp:read');
    expect(scopeFor('resources/read', { uri: 'ui://site/service-inquiry' })).toBe('mcp:read');
    expect(scopeFor('initialize', {})).toBeUndefined();
    expect(scopeFor('ping', undefined)).toBeUndefined();
  });

  it('lets the hook stop a tool call before it runs, and lets other requests through', async () => {
    const seen: Array<string | undefined> = [];
    const authorize = (scope: string | undefined) => {
      seen.push(scope);
      return scope === 'mcp:tools:booking' ? new Response('{"error":"insufficient_scope"}', { status: 403 }) : undefined;
    };
    const refused = await handleMcp(post({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'consultation_book', arguments: {} } }), { authorize });
    expect(refused.status).toBe(403);
    const ping = await handleMcp(post({ jsonrpc: '2.0', id: 2, method: 'ping' }), { authorize });
    expect(ping.status).toBe(200);
    expect(await ping.json()).toEqual({ jsonrpc: '2.0', id: 2, result: {} });
    expect(seen).toEqual(['mcp:tools:booking', undefined]);
  });

  it('publishes as 2026-07-28 revisions exactly those the SDK serves (server/discover)', async () => {
    const envelope = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };
    const request = new Request('http://localhost:4321/mcp', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'server/discover' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: envelope } }),
    });
    const { result } = await (await handleMcp(request)).json();
    expect(result.supportedVersions).toEqual([...MODERN_PROTOCOL_VERSIONS]);
    expect(PROTOCOL_VERSIONS).toEqual([...MODERN_PROTOCOL_VERSIONS, ...LEGACY_PROTOCOL_VERSIONS]);
  });
});
