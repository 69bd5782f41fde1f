/**
 * The MCP discovery documents served by the built server with SITE_URL read at run time: server
 * card (SEP-2127 draft shape, name/version equal to serverInfo), manifest, connectors, the A2A
 * agent cards and ai-plugin.json, with ETags and CORS.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgentCard, AiPlugin, McpConnectors, McpDiscoveryResponse, McpManifest, ServerCard } from '../../src/server/schemas/mcp';
import { startServer, type TestServer } from '../support/server';

const SITE_URL = 'https://www.pracownia.test';
let server: TestServer;
let serverInfo: { name: string; version: string };

beforeAll(async () => {
  server = await startServer({ SITE_URL, CONTACT_EMAIL: 'biuro@pracownia.test' });
  const client = new Client({ name: 'discovery-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`)));
  serverInfo = client.getServerVersion() as { name: string; version: string };
  await client.close();
});
afterAll(() => server?.stop());

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}${path}`, { headers });
  return { response, body: response.status === 200 ? await response.json() : undefined };
}

describe('the server card', () => {
  it.each(['/mcp/server-card', '/.well-known/mcp/server-card', '/.well-known/mcp/server-card.json'])('is served at %s in the draft format', async (path) => {
    const { response, body } = await get(path);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/mcp-server-card+json');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(body.$schema).toBe('https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json');
    expect(body.name).toMatch(/^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/);
    expect(body.description.length).toBeLessThanOrEqual(100);
    expect(body.remotes).toEqual([
      expect.objectContaining({ type: 'streamable-http', url: `${SITE_URL}/mcp`, supportedProtocolVersions: expect.arrayContaining(['2025-11-25']) }),
    ]);
  });

  it('carries the same name and version as the MCP serverInfo', async () => {
    const { body } = await get('/mcp/server-card');
    expect(serverInfo).toMatchObject({ name: 'test.pracownia/website', version: '1.7.0' });
    expect({ name: body.name, version: body.version }).toEqual({ name: serverInfo.name, version: serverInfo.version });
  });

  it('answers If-None-Match with 304', async () => {
    const first = await fetch(`${server.url}/mcp/server-card`);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^".+"$/);
    const second = await fetch(`${server.url}/mcp/server-card`, { headers: { 'If-None-Match': etag } });
    expect(second.status).toBe(304);
  });

  it('refuses POST with 405 and Allow', async () => {
    const response = await fetch(`${server.url}/.well-known/mcp/server-card.json`, { method: 'POST' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toMatch(/GET/);
  });
});

describe('the documented shapes (the schemas /openapi.json publishes)', () => {
  it.each([
    ['/mcp', McpDiscoveryResponse],
    ['/mcp/server-card', ServerCard],
    ['/.well-known/mcp/manifest.json', McpManifest],
    ['/.well-known/mcp/connectors.json', McpConnectors],
    ['/.well-known/agent-card.json', AgentCard],
    ['/.well-known/ai-plugin.json', AiPlugin],
  ] as const)('%s matches its schema', async (path, schema) => {
    const { body } = await get(path);
    const result = schema.safeParse(body);
    expect(result.success, JSON.stringify(result.error?.issues)).toBe(true);
  });
});

describe('the well-known documents', () => {
  it('manifest.json describes the endpoint, auth and every tool from the registry', async () => {
    const { response, body } = await get('/.well-known/mcp/manifest.json');
    expect(response.status).toBe(200);
    expect(body.transport).toMatchObject({ type: 'streamable-http', url: `${SITE_URL}/mcp`, aliases: [`${SITE_URL}/api/mcp`, `${SITE_URL}/.well-known/mcp`] });
    expect(body.tools).toHaveLength(11);
    expect(body.authentication.scopes).toEqual(['mcp:read', 'mcp:tools:inquiry', 'mcp:tools:booking']);
    expect(body.resources.map((resource: { uri: string }) => resource.uri)).toEqual(['ui://site/service-inquiry', 'ui://site/consultation-booking']);
  });

  it('connectors.json gives a connector and a client configuration entry', async () => {
    const { body } = await get('/.well-known/mcp/connectors.json');
    expect(body.connectors[0]).toMatchObject({ type: 'mcp', transport: 'streamable-http', url: `${SITE_URL}/mcp`, authentication: { type: 'none' } });
    expect(body.connectors[0].tools).toHaveLength(11);
    expect(Object.values(body.clientConfig.mcpServers)).toEqual([{ type: 'http', url: `${SITE_URL}/mcp` }]);
  });

  it.each(['/.well-known/agent-card.json', '/.well-known/agent.json'])('%s is an A2A card with v0.3 and v1.0 fields', async (path) => {
    const { response, body } = await get(path);
    expect(response.status).toBe(200);
    for (const field of ['name', 'description', 'url', 'version', 'protocolVersion', 'capabilities', 'defaultInputModes', 'defaultOutputModes', 'skills', 'supportedInterfaces']) {
      expect(body, field).toHaveProperty(field);
    }
    expect(body.name).toBe('Pracownia Cyfrowa');
    // The card describes the A2A endpoint (tests/http/a2a.test.ts), not MCP, which it names in its description.
    expect(body.url).toBe(`${SITE_URL}/a2a`);
    expect(body.supportedInterfaces[0]).toMatchObject({ url: `${SITE_URL}/a2a`, protocolBinding: 'JSONRPC' });
    expect(body.skills.map((skill: { id: string }) => skill.id)).toEqual(['ask']);
    expect(body.description).toContain(`${SITE_URL}/mcp`);
    for (const skill of body.skills) expect(skill.tags.length).toBeGreaterThan(0);
  });

  it('ai-plugin.json points at the OpenAPI document and names the contact address', async () => {
    const { body } = await get('/.well-known/ai-plugin.json');
    expect(body).toMatchObject({
      schema_version: 'v1',
      name_for_model: 'website_services',
      auth: { type: 'none' },
      api: { type: 'openapi', url: `${SITE_URL}/openapi.json` },
      contact_email: 'biuro@pracownia.test',
      legal_info_url: `${SITE_URL}/en/privacy-policy/`,
    });
    expect(body.description_for_model).toContain(`${SITE_URL}/mcp`);
  });

  it('the GET /mcp discovery uses SITE_URL read at run time', async () => {
    const { body } = await get('/mcp');
    expect(body.serverCardUrl).toBe(`${SITE_URL}/mcp/server-card`);
    expect(body.endpoints).toEqual([`${SITE_URL}/mcp`, `${SITE_URL}/api/mcp`, `${SITE_URL}/.well-known/mcp`]);
  });
});
