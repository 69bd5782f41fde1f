/**
 * Hostile traffic at the OAuth server, written as the attacks: a script registering clients in a loop
 * meets the hourly cap per IP; a script collecting codes meets the code cap; under enforcement a script
 * gets no code for a client it registered (only the consent page's Allow gives one), while the
 * configured confidential client and a pre-approved registered client get theirs without a person;
 * a registered client nobody used is forgotten after OAUTH_UNUSED_CLIENT_SECONDS, a used one is kept.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authorizeJson,
  authorizeUrl,
  CLIENT_ID,
  codeFlow,
  discover,
  insecure,
  privateJwk,
  REDIRECT_URI,
  register,
  startOAuthServer,
} from '../support/oauth';
import type { TestServer } from '../support/server';

const servers: TestServer[] = [];
const started = async (settings: Record<string, string>) => {
  const server = await startOAuthServer(settings);
  servers.push(server);
  return server;
};
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
});

const registration = (server: TestServer, metadata: Record<string, unknown>, headers: Record<string, string> = {}) =>
  fetch(`${server.url}/.well-known/oauth2/register`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(metadata) });

/** About the largest registration the endpoint accepts: a body just under its 16 KiB limit, 10 redirect URIs and a 100-character name. */
function largestRegistration(index: number) {
  return {
    client_name: `n${index}`.padEnd(100, 'x'),
    redirect_uris: Array.from({ length: 10 }, (_, uri) => `http://127.0.0.1:${1000 + uri}/${'p'.repeat(1555)}${String(index).padStart(3, '0')}`),
  };
}

describe('a script registering clients in a loop', () => {
  let server: TestServer;
  beforeAll(async () => {
    // Default cap (OAUTH_REGISTRATIONS_PER_HOUR unset); TRUST_PROXY=1 so a second address can be shown apart.
    server = await started({ TRUST_PROXY: '1' });
  });

  it('is refused with 429, the OAuth error shape and Retry-After once the hourly cap is spent', async () => {
    const statuses: number[] = [];
    let refused: Response | undefined;
    for (let attempt = 0; attempt < 100 && !refused; attempt++) {
      const response = await registration(server, largestRegistration(attempt), { 'X-Forwarded-For': '198.51.100.7' });
      statuses.push(response.status);
      if (response.status === 429) refused = response;
      else await response.body?.cancel();
    }
    const allowed = statuses.filter((status) => status === 201).length;
    console.log(`registrations allowed to one IP before 429: ${allowed} of ${statuses.length} attempts`);
    expect(allowed).toBe(20);
    expect(refused!.status).toBe(429);
    expect(Number(refused!.headers.get('retry-after'))).toBeGreaterThan(3500);
    expect(Number(refused!.headers.get('retry-after'))).toBeLessThanOrEqual(3600);
    expect(refused!.headers.get('cache-control')).toBe('no-store');
    const body = await refused!.json();
    expect(body.error).toBe('temporarily_unavailable');
    expect(body.error_description).toContain('OAUTH_REGISTRATIONS_PER_HOUR');

    // Nothing of the refused one was stored; another address has its own budget.
    const other = await registration(server, { redirect_uris: [REDIRECT_URI] }, { 'X-Forwarded-For': '203.0.113.9' });
    expect(other.status).toBe(201);

    // What the cap bounds: the stored bytes of the largest client, times a day of the cap.
    const database = new DatabaseSync(join(server.dataDir, 'site.sqlite'), { readOnly: true });
    try {
      const row = database.prepare('SELECT MAX(length(client_id) + length(metadata) + length(created_at) + 8) AS bytes, COUNT(*) AS clients FROM oauth_clients').get() as { bytes: number; clients: number };
      expect(row.clients).toBe(21);
      const perDay = (row.bytes * 20 * 24) / 1024 / 1024;
      console.log(`largest client row: ${(row.bytes / 1024).toFixed(1)} KiB; at the default cap one IP stores at most ${perDay.toFixed(1)} MiB a day, and unused clients are gone after 24 h`);
      expect(row.bytes).toBeGreaterThan(15 * 1024);
      expect(perDay).toBeLessThan(8);
    } finally {
      database.close();
    }
  });

  it('does not spend the budget on registrations that are refused for their metadata', async () => {
    const bad = await registration(server, { redirect_uris: ['https://evil.example/cb'] }, { 'X-Forwarded-For': '192.0.2.44' });
    expect(bad.status).toBe(400);
    for (let index = 0; index < 20; index++) {
      const response = await registration(server, { redirect_uris: [REDIRECT_URI] }, { 'X-Forwarded-For': '192.0.2.44' });
      expect(response.status, `registration ${index + 1}`).toBe(201);
    }
    expect((await registration(server, { redirect_uris: [REDIRECT_URI] }, { 'X-Forwarded-For': '192.0.2.44' })).status).toBe(429);
  });
});

describe('a script collecting codes (OAUTH_ENFORCEMENT=off)', () => {
  let server: TestServer;
  let as: oauth.AuthorizationServer;
  beforeAll(async () => {
    server = await started({ OAUTH_CODES_PER_HOUR: '5' });
    as = await discover(server);
  });

  it('gets codes from the JSON form up to the hourly cap, then 429 there and on the consent form', async () => {
    const client = await register(as);
    let issued = 0;
    let refused: Awaited<ReturnType<typeof authorizeJson>> | undefined;
    for (let attempt = 0; attempt < 20 && !refused; attempt++) {
      const answer = await authorizeJson(as, client, oauth.generateRandomCodeVerifier());
      if (answer.body.code) issued++;
      else refused = answer;
    }
    console.log(`codes issued to one IP before 429 (OAUTH_CODES_PER_HOUR=5): ${issued}`);
    expect(issued).toBe(5);
    expect(refused!.response.status).toBe(429);
    expect(Number(refused!.response.headers.get('retry-after'))).toBeGreaterThan(3500);
    expect(refused!.body).toMatchObject({ error: 'temporarily_unavailable' });
    expect(refused!.body.code).toBeUndefined();

    // A person's browser is held to the same budget: the form answers a 429 page, no redirect, no code.
    const url = await authorizeUrl(as, client, oauth.generateRandomCodeVerifier());
    const form = new URLSearchParams([...url.searchParams.entries(), ['decision', 'allow']]);
    const page = await fetch(as.authorization_endpoint!, { method: 'POST', body: form, redirect: 'manual', headers: { Origin: server.url, Accept: 'text/html' } });
    expect(page.status).toBe(429);
    expect(page.headers.get('location')).toBeNull();
    expect(page.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await page.text()).toContain('temporarily_unavailable');
  });
});

describe('a script under OAUTH_ENFORCEMENT=write', () => {
  let server: TestServer;
  let as: oauth.AuthorizationServer;
  beforeAll(async () => {
    server = await started({ OAUTH_ENFORCEMENT: 'write', OAUTH_REDIRECT_URIS: 'https://backend.example/callback' });
    as = await discover(server);
  });

  it('registers a client but its JSON authorize answer holds no code, only where a person must approve', async () => {
    const client = await register(as);
    const verifier = oauth.generateRandomCodeVerifier();
    const { response, body, state } = await authorizeJson(as, client, verifier, { scope: 'ask:query mcp:tools:inquiry' });
    expect(response.status).toBe(200);
    const answer = body as Record<string, unknown>;
    expect(answer).toMatchObject({ approval_required: true, state, iss: server.url, redirect_uri: REDIRECT_URI });
    expect(answer.code).toBeUndefined();
    expect(answer.redirect_to).toBeUndefined();
    expect(JSON.stringify(answer)).not.toMatch(/code=/);
    // approve_at is the same request, to open in a browser.
    const approveAt = new URL(answer.approve_at as string);
    const sent = await authorizeUrl(as, client, verifier, { scope: 'ask:query mcp:tools:inquiry', state });
    expect(approveAt.origin + approveAt.pathname).toBe(as.authorization_endpoint);
    expect(Object.fromEntries(approveAt.searchParams)).toEqual(Object.fromEntries(sent.searchParams));

    // The script cannot use what it got: no code, so no token, so /ask stays closed.
    const ask = await fetch(`${server.url}/ask`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ query: 'cennik' }) });
    expect(ask.status).toBe(401);
  });

  it('gets the code once a person presses Allow on the consent page at approve_at, and the token works', async () => {
    const client = await register(as);
    const tokens = await codeFlow(as, client, { scope: 'ask:query' });
    expect(tokens.scope).toBe('ask:query');
    const ask = await fetch(`${server.url}/ask`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${tokens.access_token}` }, body: JSON.stringify({ query: 'cennik' }) });
    expect(ask.status).toBe(200);
  });

  it('still gives the configured confidential client its code without a person', async () => {
    const confidential: oauth.Client = { client_id: CLIENT_ID };
    const verifier = oauth.generateRandomCodeVerifier();
    const { body } = await authorizeJson(as, confidential, verifier, { redirectUri: 'https://backend.example/callback', scope: 'ask:query' });
    expect(body.code).toEqual(expect.any(String));
    expect((body as Record<string, unknown>).approval_required).toBeUndefined();
  });
});

describe('a client the operator pre-approved (OAUTH_PREAPPROVED_CLIENTS)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'oauth-preapproved-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('gets its code from the JSON form without a person; another registered client does not', async () => {
    const key = await privateJwk();
    // The operator's automation registers once; the operator lists its id and restarts the server.
    const first = await startOAuthServer({ OAUTH_ENFORCEMENT: 'all', OAUTH_SIGNING_KEY: key, DATA_DIR: dataDir });
    let automation: oauth.Client;
    try {
      automation = await register(await discover(first), { client_name: 'Nightly report' });
    } finally {
      await first.stop();
    }
    const server = await started({ OAUTH_ENFORCEMENT: 'all', OAUTH_SIGNING_KEY: key, DATA_DIR: dataDir, OAUTH_PREAPPROVED_CLIENTS: automation.client_id });
    const as = await discover(server);

    const verifier = oauth.generateRandomCodeVerifier();
    const { body, state } = await authorizeJson(as, automation, verifier, { scope: 'mcp:read' });
    expect(body.code).toEqual(expect.any(String));
    const callback = oauth.validateAuthResponse(as, automation, new URL(body.redirect_to!), state);
    const tokens = await oauth.processAuthorizationCodeResponse(
      as,
      automation,
      await oauth.authorizationCodeGrantRequest(as, automation, oauth.None(), callback, REDIRECT_URI, verifier, insecure),
    );
    expect(tokens.scope).toBe('mcp:read');

    // The same name and redirect URI registered by anyone else is not the pre-approved client.
    const lookalike = await register(as, { client_name: 'Nightly report' });
    const copied = await authorizeJson(as, lookalike, oauth.generateRandomCodeVerifier(), { scope: 'mcp:read' });
    expect(copied.body.code).toBeUndefined();
    expect((copied.body as Record<string, unknown>).approval_required).toBe(true);
  });

  it('refuses to start with a redirect URI or a name in the list, naming the setting', async () => {
    await expect(startOAuthServer({ OAUTH_PREAPPROVED_CLIENTS: REDIRECT_URI })).rejects.toThrow(/exited with 1[\s\S]*OAUTH_PREAPPROVED_CLIENTS/);
  });
});

describe('registered clients nobody uses (OAUTH_UNUSED_CLIENT_SECONDS=2)', () => {
  it('are forgotten after the unused lifetime; a client that obtained a token is kept', async () => {
    const server = await started({ OAUTH_UNUSED_CLIENT_SECONDS: '2' });
    const as = await discover(server);
    const unused = await register(as);
    const used = await register(as);
    const tokens = await codeFlow(as, used, { scope: 'ask:query' });
    await new Promise((resolve) => setTimeout(resolve, 2_500));

    const gone = await authorizeJson(as, unused, oauth.generateRandomCodeVerifier());
    expect(gone.response.status).toBe(400);
    expect(gone.body.error).toBe('invalid_client');
    const refreshed = await oauth.processRefreshTokenResponse(as, used, await oauth.refreshTokenGrantRequest(as, used, oauth.None(), tokens.refresh_token!, insecure));
    expect(refreshed.access_token).toEqual(expect.any(String));
    expect((await authorizeJson(as, used, oauth.generateRandomCodeVerifier())).body.code).toEqual(expect.any(String));
    // The next registration clears the forgotten rows from the database.
    await register(as);
    const database = new DatabaseSync(join(server.dataDir, 'site.sqlite'), { readOnly: true });
    try {
      const ids = (database.prepare('SELECT client_id FROM oauth_clients').all() as Array<{ client_id: string }>).map((row) => row.client_id);
      expect(ids).not.toContain(unused.client_id);
      expect(ids).toContain(used.client_id);
    } finally {
      database.close();
    }
  });
});
