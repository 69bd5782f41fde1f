/**
 * Client ID Metadata Documents (draft-ietf-oauth-client-id-metadata-document; the MCP authorization
 * spec's preferred registration): a client whose `client_id` is an https URL is described by the JSON
 * document at that URL, which this server fetches. Fetching a URL a stranger names is a server-side
 * request forgery risk, so the fetch is fenced: https only (the certificate checked as usual); every
 * address the host resolves to must be public (no loopback, private, link-local, shared, multicast or
 * reserved range, no IPv6 form that embeds an IPv4 address), internal and single-label names are
 * refused without a lookup, and the connection goes to the checked address itself, so a second DNS
 * answer cannot swap it (rebinding); at most 5 KB within 3 s; no redirects; each fetch spends one of
 * the caller's hourly registrations (OAUTH_REGISTRATIONS_PER_HOUR). A refusal never says what a name
 * resolves to. A good document is cached in the shared store as its Cache-Control says, at most 24
 * hours, and not at all under no-store, no-cache or max-age=0.
 *
 * OAUTH_CIMD_TEST_HOSTS lets a test reach its own https server on a loopback address: only loopback
 * literals with a port can be listed, https and certificate checks still apply, and every start warns.
 */
import { createHash } from 'node:crypto';
import { Resolver } from 'node:dns/promises';
import { request } from 'node:https';
import { BlockList, isIP } from 'node:net';
import { SCOPES, isScope, type Scope } from '../base/scopes';
import { getSettings } from '../base/settings';
import { getSharedStore } from '../store';
import { spendRegistration } from './caps';
import type { GrantType, OAuthClient } from './clients';
import { redirectUriAllowed } from './redirect-uris';
import { OAuthError } from './errors';

export const MAX_DOCUMENT_BYTES = 5 * 1024;
export const FETCH_TIMEOUT_MS = 3000;
const MAX_CACHE_S = 24 * 3600;
const DEFAULT_CACHE_S = 3600;
const MAX_REDIRECT_URIS = 10;

/** Whether a client_id names a metadata document: an https URL with a path, no fragment, credentials or dot segments. */
export function isMetadataDocumentUrl(clientId: string): boolean {
  if (!clientId.startsWith('https://') || clientId.length > 2000) return false;
  let url: URL;
  try {
    url = new URL(clientId);
  } catch {
    return false;
  }
  if (url.hash || clientId.includes('#') || url.username || url.password) return false;
  if (url.pathname === '/' || /(^|\/)\.\.?(\/|$)/.test(clientId.slice(url.origin.length).split('?')[0]!)) return false;
  // The URL must be the client_id character for character (no normalisation hides a different one).
  return url.href === clientId;
}

// IPv4: the special-purpose ranges of the IANA registry that are not globally reachable.
const blockedV4 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24],
  ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) blockedV4.addSubnet(network, prefix, 'ipv4');
// IPv6 is an allow list: public unicast is 2000::/3 and nothing else. Outside it lie every form that
// embeds or reaches an IPv4 address (compatible ::/96, mapped ::ffff:0:0/96, translated ::ffff:0:0:0/96,
// NAT64 64:ff9b::/96 and 64:ff9b:1::/48), unspecified, loopback, discard, unique-local, link- and
// site-local and multicast, so no embedded address needs decoding. Inside it, refused: the IETF
// protocol block with Teredo (2001::/23), documentation (2001:db8::/32, 3fff::/20) and 6to4 (2002::/16).
const globalUnicastV6 = new BlockList();
globalUnicastV6.addSubnet('2000::', 3, 'ipv6');
const blockedV6 = new BlockList();
for (const [network, prefix] of [['2001::', 23], ['2001:db8::', 32], ['2002::', 16], ['3fff::', 20]] as const) blockedV6.addSubnet(network, prefix, 'ipv6');

/** Whether an address is on the public internet (what a metadata document's host must resolve to). */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 4) return !blockedV4.check(address, 'ipv4');
  return globalUnicastV6.check(address, 'ipv6') && !blockedV6.check(address, 'ipv6');
}

/**
 * Top-level names that never lead to the public internet (special-use names of RFC 6761 and later,
 * and the ones networks use inside): refused without a lookup.
 */
const internalTopLevel = new Set(['localhost', 'local', 'internal', 'test', 'example', 'invalid', 'onion', 'arpa', 'alt', 'lan', 'home', 'corp', 'intranet', 'private', 'localdomain']);

/**
 * Whether a host name may be looked up at all: a fully qualified DNS name (two labels or more, letters,
 * digits and hyphens, an alphabetic or punycode top level) outside the internal names. A single label
 * would be completed by the resolver's search domains into a local name.
 */
export function isPublicHostName(hostname: string): boolean {
  const labels = hostname.toLowerCase().replace(/\.$/, '').split('.');
  if (labels.length < 2 || hostname.length > 253) return false;
  if (!labels.every((label) => /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(label))) return false;
  const top = labels.at(-1)!;
  return /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/.test(top) && !internalTopLevel.has(top);
}

/** The loopback host:port pairs a test lets the fetch reach (OAUTH_CIMD_TEST_HOSTS). */
function testHosts(): string[] {
  return (getSettings().OAUTH_CIMD_TEST_HOSTS ?? '').split(',').map((entry) => entry.trim()).filter(Boolean);
}

const refuse = (reason: string) => new OAuthError('invalid_client.metadata_document', { reason });
// One answer for a private address, a name that does not resolve and one that resolves inside: the
// caller learns nothing about this server's network or its resolver.
const notPublic = () => refuse('its host is not a public internet address.');

// DNS queries straight to the configured servers (c-ares): no hosts file, no search domains, no mDNS.
const resolver = new Resolver({ timeout: 1000, tries: 2 });

async function resolveAll(hostname: string): Promise<string[]> {
  const answers = await Promise.allSettled([resolver.resolve4(hostname), resolver.resolve6(hostname)]);
  return answers.flatMap((answer) => (answer.status === 'fulfilled' ? answer.value : []));
}

/** The one address the fetch will connect to: every address of the host checked, the first used. */
async function checkedAddress(url: URL): Promise<string> {
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(hostname) && testHosts().includes(url.host)) return hostname;
  if (!isIP(hostname) && !isPublicHostName(hostname)) throw notPublic();
  const addresses = isIP(hostname) ? [hostname] : await resolveAll(hostname);
  if (!addresses.length || !addresses.every(isPublicAddress)) throw notPublic();
  return addresses[0]!;
}

interface Fetched {
  body: string;
  cacheControl: string | undefined;
}

function get(url: URL, address: string): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const literal = isIP(url.hostname.replace(/^\[|\]$/g, '')) !== 0;
    const req = request({
      host: address,
      port: url.port || 443,
      path: `${url.pathname}${url.search}`,
      method: 'GET',
      // The certificate is checked against the URL's host name, not the address connected to.
      ...(literal ? {} : { servername: url.hostname }),
      headers: { Host: url.host, Accept: 'application/json', 'User-Agent': 'client-metadata-fetch' },
      agent: false,
    });
    let settled = false;
    const settle = (outcome: { fetched: Fetched } | { error: unknown }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if ('fetched' in outcome) resolve(outcome.fetched);
      else {
        const { error } = outcome;
        // The error's code only: its message names the address connected to.
        const code = (error as NodeJS.ErrnoException).code;
        reject(error instanceof OAuthError ? error : refuse(`it could not be fetched${code ? ` (${code})` : ''}.`));
      }
      req.destroy();
    };
    const timer = setTimeout(() => settle({ error: refuse(`no complete answer within ${FETCH_TIMEOUT_MS / 1000} s.`) }), FETCH_TIMEOUT_MS);
    req.on('error', (error) => settle({ error }));
    req.on('response', (response) => {
      const status = response.statusCode ?? 0;
      if (status !== 200) {
        settle({ error: refuse(status >= 300 && status < 400 ? `the URL answered ${status}; redirects are not followed.` : `the URL answered ${status}.`) });
        return;
      }
      const type = String(response.headers['content-type'] ?? '').split(';', 1)[0]!.trim().toLowerCase();
      if (type !== 'application/json' && !type.endsWith('+json')) {
        settle({ error: refuse(`the URL answered ${type || 'no Content-Type'}, not application/json.`) });
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_DOCUMENT_BYTES) settle({ error: refuse(`the document is larger than ${MAX_DOCUMENT_BYTES} bytes.`) });
        else chunks.push(chunk);
      });
      response.on('error', (error) => settle({ error }));
      response.on('end', () => {
        const cacheControl = response.headers['cache-control'];
        settle({ fetched: { body: Buffer.concat(chunks).toString('utf8'), cacheControl: Array.isArray(cacheControl) ? cacheControl.join(',') : cacheControl } });
      });
    });
    req.end();
  });
}

/** Redirect URIs a document may list: those registration allows, and https URIs on the client_id's own host. */
function documentRedirectAllowed(uri: string, clientUrl: URL): boolean {
  if (redirectUriAllowed(uri)) return true;
  try {
    const url = new URL(uri);
    return url.protocol === 'https:' && url.host === clientUrl.host && !url.hash && !uri.includes('#') && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** The document as a client, or the reason it is not one. */
export function clientOfDocument(clientId: string, text: string, now = Date.now()): OAuthClient {
  let document: Record<string, unknown>;
  try {
    document = JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw refuse('it is not JSON.');
  }
  if (!document || typeof document !== 'object' || Array.isArray(document)) throw refuse('it is not a JSON object.');
  if (document.client_id !== clientId) throw refuse('its client_id is not exactly the URL it was fetched from.');
  const method = document.token_endpoint_auth_method ?? 'none';
  if (method !== 'none' || document.client_secret !== undefined) {
    throw refuse('only public clients are accepted (token_endpoint_auth_method none, no client_secret).');
  }
  const clientUrl = new URL(clientId);
  const redirectUris = document.redirect_uris;
  if (!Array.isArray(redirectUris) || redirectUris.length === 0 || redirectUris.length > MAX_REDIRECT_URIS) {
    throw refuse(`redirect_uris must list 1 to ${MAX_REDIRECT_URIS} URIs.`);
  }
  for (const uri of redirectUris) {
    if (typeof uri !== 'string' || uri.length > 2000 || !documentRedirectAllowed(uri, clientUrl)) {
      throw refuse(`redirect URI ${JSON.stringify(uri).slice(0, 200)} is not allowed: http on a loopback address, https on ${clientUrl.host}, or one the site lists.`);
    }
  }
  const grantTypes = document.grant_types ?? ['authorization_code'];
  if (!Array.isArray(grantTypes) || !grantTypes.includes('authorization_code') || grantTypes.some((grant) => grant !== 'authorization_code' && grant !== 'refresh_token')) {
    throw refuse('grant_types may hold only authorization_code and refresh_token.');
  }
  const responseTypes = document.response_types ?? ['code'];
  if (!Array.isArray(responseTypes) || responseTypes.length !== 1 || responseTypes[0] !== 'code') throw refuse('response_types must be ["code"].');
  let scopes: Scope[] = [...SCOPES];
  if (typeof document.scope === 'string' && document.scope.trim()) {
    const requested = document.scope.split(' ').filter(Boolean);
    scopes = [...new Set(requested.filter(isScope))];
    if (!scopes.length) throw refuse(`scope names none of ${SCOPES.join(' ')}.`);
  }
  const name = typeof document.client_name === 'string' ? document.client_name.replace(/[\u0000-\u001f\u007f-\u009f]/g, '').trim().slice(0, 100) : '';
  return {
    clientId,
    clientName: name || clientUrl.host,
    redirectUris: redirectUris as string[],
    grantTypes: [...new Set(grantTypes as GrantType[])],
    scopes,
    tokenEndpointAuthMethod: 'none',
    confidential: false,
    issuedAt: Math.floor(now / 1000),
  };
}

/**
 * Seconds to keep a document: its max-age (s-maxage first), at most 24 hours, 1 hour when unsaid; 0
 * (not kept, fetched again at each use) for no-store, no-cache or a max-age of 0.
 */
export function cacheSeconds(cacheControl: string | undefined): number {
  if (!cacheControl) return DEFAULT_CACHE_S;
  const directives = cacheControl.toLowerCase().split(',').map((part) => part.trim());
  if (directives.some((directive) => directive === 'no-store' || directive === 'no-cache')) return 0;
  const age = (name: string) => {
    const found = directives.find((directive) => directive.startsWith(`${name}=`));
    const value = found ? Number.parseInt(found.slice(name.length + 1).replace(/"/g, ''), 10) : Number.NaN;
    return Number.isFinite(value) ? value : undefined;
  };
  const seconds = age('s-maxage') ?? age('max-age') ?? DEFAULT_CACHE_S;
  return Math.min(MAX_CACHE_S, Math.max(0, seconds));
}

const cacheKey = (clientId: string) => `oauth:cimd:${createHash('sha256').update(clientId).digest('base64url')}`;

/** The client a metadata document URL describes: from the cache, or fetched (spending one registration of `clientKey`). */
export async function metadataDocumentClient(clientId: string, clientKey: string | undefined): Promise<OAuthClient> {
  const store = getSharedStore();
  const cached = await store.get(cacheKey(clientId));
  if (cached) return JSON.parse(cached) as OAuthClient;
  const url = new URL(clientId);
  const address = await checkedAddress(url);
  await spendRegistration(clientKey);
  const fetched = await get(url, address);
  const client = clientOfDocument(clientId, fetched.body);
  const seconds = cacheSeconds(fetched.cacheControl);
  if (seconds > 0) await store.set(cacheKey(clientId), JSON.stringify(client), seconds * 1000);
  return client;
}
