/**
 * MCP with OAuth through the official SDK client and its OAuth client provider, as an MCP host
 * does it: the 401 names the protected-resource document, the SDK discovers the authorization
 * server, registers itself (RFC 7591), sends the person to the authorize endpoint (here: the consent
 * page's Allow posted as the person's browser posts it; with enforcement on, a registered client gets
 * no code without it), exchanges the code with PKCE and the RFC 8707 resource, then calls the tool
 * with the bearer token.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { UnauthorizedError, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDocumentServer, type DocumentServer } from '../support/https-documents';
import { allowInBrowser, REDIRECT_URI, startOAuthServer } from '../support/oauth';
import { freePort } from '../support/ports';
import type { TestServer } from '../support/server';
import { offeredToolNames } from '../support/spec-tools';

interface HostOptions {
  /** Where this run listens (a loopback port that was free), default REDIRECT_URI. */
  redirectUrl?: string;
  /** What the host registers, default [REDIRECT_URI]. */
  registered?: string[];
  /** The https URL of the host's Client ID Metadata Document, used as client_id when the server supports it. */
  clientMetadataUrl?: string;
}

class TestHostProvider implements OAuthClientProvider {
  information?: OAuthClientInformationMixed;
  saved?: OAuthTokens;
  verifier?: string;
  code?: string;
  authorizationUrls: URL[] = [];
  readonly clientMetadataUrl?: string;

  constructor(private readonly options: HostOptions = {}) {
    this.clientMetadataUrl = options.clientMetadataUrl;
  }

  get redirectUrl() {
    return this.options.redirectUrl ?? REDIRECT_URI;
  }
  get clientMetadata(): OAuthClientMetadata {
    const redirectUris = this.options.registered ?? [REDIRECT_URI];
    return { client_name: 'SDK test host', redirect_uris: redirectUris, grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none' };
  }
  clientInformation() {
    return this.information;
  }
  saveClientInformation(information: OAuthClientInformationMixed) {
    this.information = information;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  async redirectToAuthorization(url: URL) {
    this.authorizationUrls.push(url);
    // The host opens the URL in the person's browser; the person presses Allow and the browser lands on the redirect URI.
    const target = await allowInBrowser(url);
    if (target.searchParams.get('state') !== url.searchParams.get('state')) throw new Error('state not returned');
    this.code = target.searchParams.get('code') ?? undefined;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier!;
  }
}

const contact = { name: 'Anna Test', email: 'anna@visitor.example', message: 'Proszę o kontakt w sprawie strony fundacji.', locale: 'pl' };
let write: TestServer;
let all: TestServer;
let documents: DocumentServer;
const clients: Client[] = [];

beforeAll(async () => {
  documents = await startDocumentServer();
  write = await startOAuthServer({ OAUTH_ENFORCEMENT: 'write' });
  all = await startOAuthServer({ OAUTH_ENFORCEMENT: 'all', ...documents.siteSettings });
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
  await Promise.all([write?.stop(), all?.stop(), documents?.stop()]);
});

function connectable(server: TestServer, provider: TestHostProvider, path = '/mcp') {
  const transport = new StreamableHTTPClientTransport(new URL(`${server.url}${path}`), { authProvider: provider });
  const client = new Client({ name: 'oauth-sdk-test', version: '1.0.0' });
  clients.push(client);
  return { client, transport };
}

describe('OAUTH_ENFORCEMENT=write', () => {
  it('reads without a token; a write tool triggers discovery, registration, authorization and token, then succeeds', async () => {
    const provider = new TestHostProvider();
    const { client, transport } = connectable(write, provider);
    await client.connect(transport);
    const read = (await client.callTool({ name: 'services_list', arguments: { locale: 'en' } })) as CallToolResult;
    expect(read.isError).toBeFalsy();
    expect(provider.authorizationUrls).toHaveLength(0);

    await expect(client.callTool({ name: 'contact_submit', arguments: contact })).rejects.toBeInstanceOf(UnauthorizedError);
    expect(provider.information?.client_id).toMatch(/^mcp_/);
    const authorization = provider.authorizationUrls[0]!;
    expect(authorization.origin + authorization.pathname).toBe(`${write.url}/.well-known/oauth2/authorize`);
    expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorization.searchParams.get('resource')).toBe(`${write.url}/mcp`);
    expect(authorization.searchParams.get('scope')).toBe('mcp:tools:inquiry');

    await transport.finishAuth(provider.code!);
    const claims = decodeJwt(provider.saved!.access_token);
    expect(claims).toMatchObject({ aud: `${write.url}/mcp`, scope: 'mcp:tools:inquiry', client_id: provider.information!.client_id, iss: write.url });
    expect(provider.saved!.refresh_token).toEqual(expect.any(String));

    const result = (await client.callTool({ name: 'contact_submit', arguments: contact })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ ok: true });
  });
});

describe('OAUTH_ENFORCEMENT=all', () => {
  it('refuses to connect without a token, then connects after the flow and calls tools', async () => {
    const provider = new TestHostProvider();
    const first = connectable(all, provider);
    await expect(first.client.connect(first.transport)).rejects.toBeInstanceOf(UnauthorizedError);
    // The scope the 401 asked for: every scope of the /mcp resource.
    expect(provider.authorizationUrls[0]!.searchParams.get('scope')).toBe('mcp:read mcp:tools:inquiry mcp:tools:booking');
    await first.transport.finishAuth(provider.code!);

    const { client, transport } = connectable(all, provider);
    await client.connect(transport);
    const { tools } = await client.listTools();
    expect(tools.length).toBe(11);
    const read = (await client.callTool({ name: 'pricing_get', arguments: { locale: 'en' } })) as CallToolResult;
    expect(read.isError).toBeFalsy();
    const written = (await client.callTool({ name: 'contact_submit', arguments: contact })) as CallToolResult;
    expect(written.structuredContent).toMatchObject({ ok: true });
    expect(provider.authorizationUrls).toHaveLength(1);
  });

  it('works the same on the /api/mcp alias with a token bound to that resource', async () => {
    const provider = new TestHostProvider();
    const first = connectable(all, provider, '/api/mcp');
    await expect(first.client.connect(first.transport)).rejects.toBeInstanceOf(UnauthorizedError);
    expect(provider.authorizationUrls[0]!.searchParams.get('resource')).toBe(`${all.url}/api/mcp`);
    await first.transport.finishAuth(provider.code!);
    const { client, transport } = connectable(all, provider, '/api/mcp');
    await client.connect(transport);
    expect((await client.listTools()).tools.length).toBe(11);
  });

  it('a host whose registered port is busy listens on another loopback port: the flow completes there (RFC 8252 §7.3)', async () => {
    const port = await freePort();
    const provider = new TestHostProvider({ registered: [REDIRECT_URI], redirectUrl: `http://127.0.0.1:${port}/callback` });
    const first = connectable(all, provider);
    await expect(first.client.connect(first.transport)).rejects.toBeInstanceOf(UnauthorizedError);
    expect((provider.information as { redirect_uris?: string[] } | undefined)?.redirect_uris).toEqual([REDIRECT_URI]);
    expect(provider.authorizationUrls[0]!.searchParams.get('redirect_uri')).toBe(`http://127.0.0.1:${port}/callback`);
    await first.transport.finishAuth(provider.code!);
    const { client, transport } = connectable(all, provider);
    await client.connect(transport);
    expect((await client.listTools()).tools.length).toBe(offeredToolNames.length);
  });

  it('a host known only by its Client ID Metadata Document (https, fetched by the server) registers nothing and gets a token', async () => {
    const clientId = `${documents.origin}/oauth/sdk-host.json`;
    const port = await freePort();
    // A port-less loopback redirect URI in the document: usable on whatever port the host listens.
    documents.set('/oauth/sdk-host.json', {
      headers: { 'Cache-Control': 'max-age=600' },
      body: JSON.stringify({ client_id: clientId, client_name: 'CIMD SDK host', redirect_uris: ['http://127.0.0.1/callback'], grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none' }),
    });
    const provider = new TestHostProvider({ clientMetadataUrl: clientId, redirectUrl: `http://127.0.0.1:${port}/callback`, registered: ['http://127.0.0.1/callback'] });
    const first = connectable(all, provider);
    await expect(first.client.connect(first.transport)).rejects.toBeInstanceOf(UnauthorizedError);
    expect(provider.information?.client_id).toBe(clientId);
    expect(provider.authorizationUrls[0]!.searchParams.get('client_id')).toBe(clientId);
    await first.transport.finishAuth(provider.code!);
    expect(decodeJwt(provider.saved!.access_token)).toMatchObject({ client_id: clientId, aud: `${all.url}/mcp` });
    expect(provider.saved!.refresh_token).toEqual(expect.any(String));
    // Fetched once: the consent page, the Allow and the token request used the cached document.
    expect(documents.hits('/oauth/sdk-host.json')).toBe(1);

    const { client, transport } = connectable(all, provider);
    await client.connect(transport);
    const written = (await client.callTool({ name: 'contact_submit', arguments: contact })) as CallToolResult;
    expect(written.structuredContent).toMatchObject({ ok: true });
  });
});
