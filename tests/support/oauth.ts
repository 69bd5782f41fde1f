/**
 * OAuth helpers for tests, built on oauth4webapi (a real OAuth client library): a signing key, a
 * server started with SITE_URL equal to its own loopback URL (issuer and audiences must match the
 * URL clients use), discovery, registration and the code flow through the authorize endpoint's
 * JSON answer (what a non-browser client gets instead of the consent page), or, when that answer
 * says a person must approve, through the consent form a person's browser posts at approve_at.
 */
import { exportJWK, generateKeyPair } from 'jose';
import * as oauth from 'oauth4webapi';
import { startServer, type TestServer } from './server';

/** oauth4webapi refuses plain http unless every call says so; test servers are loopback http. */
export const insecure = { [oauth.allowInsecureRequests]: true } as const;

export async function privateJwk(alg: 'ES256' | 'RS256' = 'ES256'): Promise<string> {
  const { privateKey } = await generateKeyPair(alg, { extractable: true });
  return JSON.stringify({ ...(await exportJWK(privateKey)), alg });
}

export const CLIENT_ID = 'site-backend';
export const CLIENT_SECRET = 'a-long-test-secret-0123456789-abcdefgh';

export async function startOAuthServer(settings: Record<string, string> = {}): Promise<TestServer> {
  const key = settings.OAUTH_SIGNING_KEY ?? (await privateJwk());
  return startServer((port) => ({
    SITE_URL: `http://127.0.0.1:${port}`,
    OAUTH_CLIENT_ID: CLIENT_ID,
    OAUTH_CLIENT_SECRET: CLIENT_SECRET,
    OAUTH_SIGNING_KEY: key,
    MAIL_PROVIDER: 'outbox',
    ...settings,
  }));
}

export async function discover(server: TestServer): Promise<oauth.AuthorizationServer> {
  const issuer = new URL(server.url);
  return oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...insecure }));
}

export const REDIRECT_URI = 'http://127.0.0.1:8976/callback';

export async function register(as: oauth.AuthorizationServer, metadata: Record<string, unknown> = {}): Promise<oauth.Client> {
  const response = await oauth.dynamicClientRegistrationRequest(
    as,
    { redirect_uris: [REDIRECT_URI], client_name: 'Test MCP host', token_endpoint_auth_method: 'none', ...metadata },
    insecure,
  );
  return oauth.processDynamicClientRegistrationResponse(response) as Promise<oauth.Client>;
}

export interface AuthorizeOptions {
  scope?: string;
  resource?: string;
  state?: string;
  redirectUri?: string;
  /** Extra or overriding parameters (attack cases); `null` removes one. */
  parameters?: Record<string, string | null>;
}

/** The authorize endpoint's URL for a PKCE request. */
export async function authorizeUrl(as: oauth.AuthorizationServer, client: oauth.Client, verifier: string, options: AuthorizeOptions = {}): Promise<URL> {
  const url = new URL(as.authorization_endpoint!);
  const parameters: Record<string, string | null> = {
    response_type: 'code',
    client_id: client.client_id,
    redirect_uri: options.redirectUri ?? REDIRECT_URI,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state: options.state ?? oauth.generateRandomState(),
    ...(options.scope ? { scope: options.scope } : {}),
    ...(options.resource ? { resource: options.resource } : {}),
    ...options.parameters,
  };
  for (const [name, value] of Object.entries(parameters)) if (value !== null) url.searchParams.set(name, value);
  return url;
}

/** Runs the code flow (JSON answer of the authorize endpoint) and returns the callback URL the client would receive. */
export async function authorizeJson(as: oauth.AuthorizationServer, client: oauth.Client, verifier: string, options: AuthorizeOptions = {}) {
  const url = await authorizeUrl(as, client, verifier, options);
  const response = await fetch(url, { headers: { Accept: 'application/json' } });
  const body = (await response.json()) as { code?: string; state?: string; redirect_to?: string; error?: string };
  return { response, body, state: url.searchParams.get('state') ?? undefined };
}

/**
 * What a person's browser does at an authorization URL: it shows the consent page, the person presses
 * Allow, the form posts (from this site's origin) and the 303 leads to the client's redirect URI.
 * Returns that callback URL, as the client receives it.
 */
export async function allowInBrowser(url: URL): Promise<URL> {
  const page = await fetch(url, { headers: { Accept: 'text/html' } });
  const html = await page.text();
  if (page.status !== 200 || !html.includes('name="decision" value="allow"')) throw new Error(`no consent page: ${page.status} ${html.slice(0, 300)}`);
  const form = new URLSearchParams([...url.searchParams.entries(), ['decision', 'allow']]);
  const allowed = await fetch(`${url.origin}${url.pathname}`, { method: 'POST', body: form, redirect: 'manual', headers: { Origin: url.origin, Accept: 'text/html' } });
  const location = allowed.headers.get('location');
  if (allowed.status !== 303 || !location) throw new Error(`consent refused: ${allowed.status} ${(await allowed.text()).slice(0, 300)}`);
  return new URL(location);
}

/**
 * The callback URL a client ends up with: the JSON answer's redirect_to, or, when it says a person must
 * approve, what the person's browser brings back from approve_at.
 */
export async function authorizeCallback(as: oauth.AuthorizationServer, client: oauth.Client, verifier: string, options: AuthorizeOptions = {}) {
  const { body, state } = await authorizeJson(as, client, verifier, options);
  const answer = body as typeof body & { approval_required?: boolean; approve_at?: string };
  if (answer.approval_required) return { callback: await allowInBrowser(new URL(answer.approve_at!)), state, person: true };
  if (!body.redirect_to) throw new Error(`authorize refused: ${JSON.stringify(body)}`);
  return { callback: new URL(body.redirect_to), state, person: false };
}

export async function codeFlow(as: oauth.AuthorizationServer, client: oauth.Client, options: AuthorizeOptions = {}) {
  const verifier = oauth.generateRandomCodeVerifier();
  const { callback: target, state } = await authorizeCallback(as, client, verifier, options);
  const callback = oauth.validateAuthResponse(as, client, target, state);
  const response = await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), callback, options.redirectUri ?? REDIRECT_URI, verifier, {
    ...insecure,
    ...(options.resource ? { additionalParameters: { resource: options.resource } } : {}),
  });
  return oauth.processAuthorizationCodeResponse(as, client, response);
}

export async function clientCredentials(as: oauth.AuthorizationServer, scope?: string, resource?: string) {
  const client: oauth.Client = { client_id: CLIENT_ID };
  const parameters: Record<string, string> = {};
  if (scope) parameters.scope = scope;
  if (resource) parameters.resource = resource;
  const response = await oauth.clientCredentialsGrantRequest(as, client, oauth.ClientSecretBasic(CLIENT_SECRET), parameters, insecure);
  return oauth.processClientCredentialsResponse(as, client, response);
}
