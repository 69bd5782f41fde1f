/**
 * Client ID Metadata Documents as an attacker would try them: the server fetches the https URL a
 * stranger names as client_id, so each guard is tried with a real https server on a loopback port (a
 * test CA the site trusts, that one host:port allowed by OAUTH_CIMD_TEST_HOSTS): a good document works
 * in the code flow and is fetched once; a document that names another client_id, a redirect, an
 * oversized or slow answer are refused; loopback, private and metadata-service addresses are refused
 * before any connection; and fetches spend the hourly registration budget.
 */
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDocumentServer, type DocumentServer } from '../support/https-documents';
import { authorizeUrl, codeFlow, discover, REDIRECT_URI, startOAuthServer } from '../support/oauth';
import type { TestServer } from '../support/server';

let documents: DocumentServer;
let server: TestServer;
let as: oauth.AuthorizationServer;

beforeAll(async () => {
  documents = await startDocumentServer();
  server = await startOAuthServer({ OAUTH_ENFORCEMENT: 'off', ...documents.siteSettings });
  as = await discover(server);
});
afterAll(async () => {
  await Promise.all([server?.stop(), documents?.stop()]);
});

const publish = (path: string, document: Record<string, unknown>, headers: Record<string, string> = {}) => {
  const clientId = `${documents.origin}${path}`;
  documents.set(path, { headers, body: JSON.stringify({ client_id: clientId, client_name: 'CIMD host', redirect_uris: [REDIRECT_URI], ...document }) });
  return clientId;
};

/** The authorize endpoint's answer to a client that does not ask for HTML (no redirect for client problems). */
async function authorize(clientId: string) {
  const url = await authorizeUrl(as, { client_id: clientId }, oauth.generateRandomCodeVerifier());
  const started = Date.now();
  const response = await fetch(url, { headers: { Accept: 'application/json' } });
  return { status: response.status, body: await response.json(), ms: Date.now() - started };
}

describe('a good document', () => {
  it('is advertised in the metadata, works in the code flow with no registration, and is fetched once (cached)', async () => {
    expect(as.client_id_metadata_document_supported).toBe(true);
    const clientId = publish('/good.json', { grant_types: ['authorization_code', 'refresh_token'] }, { 'Cache-Control': 'public, max-age=300' });
    const tokens = await codeFlow(as, { client_id: clientId, token_endpoint_auth_method: 'none' }, { scope: 'ask:query' });
    expect(tokens.refresh_token).toEqual(expect.any(String));
    const claims = JSON.parse(Buffer.from(tokens.access_token.split('.')[1]!, 'base64url').toString());
    expect(claims).toMatchObject({ client_id: clientId, scope: 'ask:query' });
    expect(documents.hits('/good.json')).toBe(1);
  });
});

describe('caching', () => {
  it('a document served with no-store (or max-age=0) is fetched anew at each use, never cached', async () => {
    const clientId = publish('/no-store.json', {}, { 'Cache-Control': 'no-store' });
    expect((await authorize(clientId)).status).toBe(200);
    expect((await authorize(clientId)).status).toBe(200);
    expect(documents.hits('/no-store.json')).toBe(2);
    const zero = publish('/max-age-0.json', {}, { 'Cache-Control': 'public, max-age=0' });
    await authorize(zero);
    await authorize(zero);
    expect(documents.hits('/max-age-0.json')).toBe(2);
  });
});

describe('refused documents (invalid_client, shown, never redirected)', () => {
  it('a document naming another client_id', async () => {
    documents.set('/impostor.json', { body: JSON.stringify({ client_id: `${documents.origin}/good.json`, redirect_uris: [REDIRECT_URI] }) });
    const { status, body } = await authorize(`${documents.origin}/impostor.json`);
    expect(status).toBe(400);
    expect(body).toMatchObject({ error: 'invalid_client', error_description: expect.stringContaining('client_id is not exactly the URL') });
  });

  it('a redirect (not followed: the target is never asked)', async () => {
    const target = publish('/target.json', {});
    documents.set('/moved.json', { status: 302, headers: { Location: target } });
    const { status, body } = await authorize(`${documents.origin}/moved.json`);
    expect(status).toBe(400);
    expect(body.error_description).toContain('redirects are not followed');
    expect(documents.hits('/target.json')).toBe(0);
  });

  it('a document over 5 KB', async () => {
    publish('/big.json', { client_name: 'x'.repeat(6000) });
    const { body } = await authorize(`${documents.origin}/big.json`);
    expect(body).toMatchObject({ error: 'invalid_client', error_description: expect.stringContaining('larger than 5120 bytes') });
  });

  it('an answer that takes longer than 3 s', async () => {
    const clientId = publish('/slow.json', {});
    documents.set('/slow.json', { delayMs: 6000, body: JSON.stringify({ client_id: clientId, redirect_uris: [REDIRECT_URI] }) });
    const { body, ms } = await authorize(clientId);
    console.log(`slow document refused after ${ms} ms`);
    expect(body.error_description).toContain('within 3 s');
    expect(ms).toBeLessThan(5000);
  });

  it('a redirect URI the document does not list (any other host), while its own loopback one works on any port', async () => {
    const clientId = publish('/strict.json', {});
    const evil = await authorizeUrl(as, { client_id: clientId }, oauth.generateRandomCodeVerifier(), { redirectUri: 'https://evil.example/callback' });
    const refused = await fetch(evil, { headers: { Accept: 'application/json' }, redirect: 'manual' });
    expect(refused.status).toBe(400);
    expect(refused.headers.get('location')).toBeNull();
    const otherPort = await authorizeUrl(as, { client_id: clientId }, oauth.generateRandomCodeVerifier(), { redirectUri: 'http://127.0.0.1:50123/callback' });
    const answer = await (await fetch(otherPort, { headers: { Accept: 'application/json' } })).json();
    expect(answer.redirect_to).toMatch(/^http:\/\/127\.0\.0\.1:50123\/callback\?code=/);
  });

  it('a document asking for client secrets or foreign https redirect URIs', async () => {
    publish('/secret.json', { token_endpoint_auth_method: 'client_secret_basic' });
    expect((await authorize(`${documents.origin}/secret.json`)).body.error_description).toContain('only public clients');
    publish('/elsewhere.json', { redirect_uris: ['https://evil.example/callback'] });
    expect((await authorize(`${documents.origin}/elsewhere.json`)).body.error_description).toContain('is not allowed');
  });
});

describe('server-side request forgery', () => {
  const port = () => documents.host.split(':')[1];
  it.each([
    ['a loopback port the test did not allow', () => `https://127.0.0.1:${Number(port()) + 1}/client.json`],
    ['a host name resolving to loopback (the allowance is for one literal address)', () => `https://localhost:${port()}/client.json`],
    ['a private address', () => 'https://10.1.2.3/client.json'],
    ['the cloud metadata service', () => 'https://169.254.169.254/latest/meta-data.json'],
    ['an IPv6 unique-local address', () => 'https://[fd00::1]/client.json'],
    ['an IPv4-mapped IPv6 loopback', () => 'https://[::ffff:7f00:1]/client.json'],
    ['an IPv4-compatible IPv6 loopback (::/96)', () => `https://[::7f00:1]:${port()}/client.json`],
    ['an IPv4-compatible private address', () => 'https://[::a01:203]/client.json'],
    ['an IPv4-translated loopback (::ffff:0:0:0/96)', () => `https://[::ffff:0:7f00:1]:${port()}/client.json`],
    ['a NAT64 loopback', () => 'https://[64:ff9b::7f00:1]/client.json'],
    ['a 6to4 address embedding a private one', () => 'https://[2002:a01:203::1]/client.json'],
    ['a Teredo address', () => 'https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/client.json'],
  ])('refuses %s before connecting, without saying what it resolves to', async (_name, clientIdOf) => {
    const { status, body, ms } = await authorize(clientIdOf());
    expect(status).toBe(400);
    expect(body).toMatchObject({ error: 'invalid_client', error_description: expect.stringContaining('not a public internet address') });
    expect(body.error_description).not.toMatch(/resolves|127\.0\.0\.1|::1\b|10\.1\.2\.3/);
    expect(ms).toBeLessThan(1000);
  });

  it('refuses made-up and internal host names with the same words as a private address, before any lookup', async () => {
    const answers = [];
    for (const host of ['intranet', 'printer.local', 'db.internal', 'nothing-here.invalid', 'router.home.arpa', 'metadata.google.internal']) {
      const { status, body, ms } = await authorize(`https://${host}/client.json`);
      expect(status, host).toBe(400);
      expect(ms, host).toBeLessThan(1000);
      answers.push(body.error_description);
    }
    expect(new Set(answers).size).toBe(1);
    expect(answers[0]).toContain('not a public internet address');
  });

  it('an http client_id is not a metadata document (unknown client), nor a URL without a path', async () => {
    for (const clientId of [`http://${documents.host}/client.json`, `${documents.origin}/`, `${documents.origin}/a/../client.json`]) {
      const { body } = await authorize(clientId);
      expect(body.error, clientId).toBe('invalid_client');
      expect(body.error_description, clientId).toContain('Unknown client_id');
    }
  });
});

describe('the hourly budget', () => {
  it('each fetch spends a registration of the caller\'s address; past OAUTH_REGISTRATIONS_PER_HOUR, 429 and no fetch', async () => {
    const capped = await startOAuthServer({ OAUTH_ENFORCEMENT: 'off', OAUTH_REGISTRATIONS_PER_HOUR: '2', ...documents.siteSettings });
    try {
      const cappedAs = await discover(capped);
      const ask = async (path: string) => {
        const url = await authorizeUrl(cappedAs, { client_id: publish(path, {}) }, oauth.generateRandomCodeVerifier());
        return fetch(url, { headers: { Accept: 'application/json' } });
      };
      expect((await ask('/budget-1.json')).status).toBe(200);
      expect((await ask('/budget-2.json')).status).toBe(200);
      // Cached: no fetch, nothing spent.
      expect((await ask('/budget-1.json')).status).toBe(200);
      const over = await ask('/budget-3.json');
      expect(over.status).toBe(429);
      expect(over.headers.get('retry-after')).toMatch(/^\d+$/);
      expect((await over.json()).error).toBe('temporarily_unavailable');
      expect(documents.hits('/budget-3.json')).toBe(0);
    } finally {
      await capped.stop();
    }
  });
});
