/**
 * OAuth clients: the one confidential client of the settings (OAUTH_CLIENT_ID/SECRET, client
 * credentials, and the code flow with OAUTH_REDIRECT_URIS) and public clients registered by MCP
 * hosts (RFC 7591), kept in the embedded database, or in the shared store when it is Redis or
 * Upstash so every server process knows them.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { SCOPES, type Scope } from '../scopes';
import { getSettings } from '../settings';
import { getSharedStore } from '../store';
import { migrate } from '../store/database';

export type GrantType = 'authorization_code' | 'client_credentials' | 'refresh_token';

export interface OAuthClient {
  clientId: string;
  clientName?: string;
  redirectUris: string[];
  grantTypes: GrantType[];
  scopes: Scope[];
  tokenEndpointAuthMethod: 'none' | 'client_secret_basic' | 'client_secret_post';
  confidential: boolean;
  issuedAt: number;
}

const REGISTRATION_TTL_MS = 365 * 24 * 3600 * 1000;

const schema = `
CREATE TABLE IF NOT EXISTS oauth_clients (
  client_id TEXT PRIMARY KEY,
  metadata TEXT NOT NULL,
  created_at TEXT NOT NULL
);`;

function useSharedStore(): boolean {
  return getSharedStore().kind !== 'memory';
}

/** Redirect URIs a client may register or use: loopback addresses on any port, plus the listed OAUTH_REDIRECT_URIS. */
export function redirectUriAllowed(uri: string): boolean {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return false;
  }
  if (url.hash || uri.includes('#') || url.username || url.password) return false;
  if (configuredRedirectUris().includes(uri)) return true;
  return url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
}

export function configuredRedirectUris(): string[] {
  return (getSettings().OAUTH_REDIRECT_URIS ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

function confidentialClient(): OAuthClient | undefined {
  const settings = getSettings();
  if (!settings.OAUTH_CLIENT_ID || !settings.OAUTH_CLIENT_SECRET) return undefined;
  const redirectUris = configuredRedirectUris();
  return {
    clientId: settings.OAUTH_CLIENT_ID,
    clientName: settings.OAUTH_CLIENT_ID,
    redirectUris,
    grantTypes: redirectUris.length ? ['client_credentials', 'authorization_code', 'refresh_token'] : ['client_credentials'],
    scopes: [...SCOPES],
    tokenEndpointAuthMethod: 'client_secret_basic',
    confidential: true,
    issuedAt: 0,
  };
}

export async function findClient(clientId: string): Promise<OAuthClient | undefined> {
  const confidential = confidentialClient();
  if (confidential && clientId === confidential.clientId) return confidential;
  if (!/^mcp_[A-Za-z0-9_-]{22,64}$/.test(clientId)) return undefined;
  if (useSharedStore()) {
    const stored = await getSharedStore().get(`oauth:client:${clientId}`);
    return stored ? (JSON.parse(stored) as OAuthClient) : undefined;
  }
  const row = migrate('oauth_clients', schema).prepare('SELECT metadata FROM oauth_clients WHERE client_id = ?').get(clientId) as
    | { metadata: string }
    | undefined;
  return row ? (JSON.parse(row.metadata) as OAuthClient) : undefined;
}

export async function saveClient(client: OAuthClient): Promise<void> {
  if (useSharedStore()) {
    await getSharedStore().set(`oauth:client:${client.clientId}`, JSON.stringify(client), REGISTRATION_TTL_MS);
    return;
  }
  migrate('oauth_clients', schema)
    .prepare('INSERT INTO oauth_clients (client_id, metadata, created_at) VALUES (?, ?, ?)')
    .run(client.clientId, JSON.stringify(client), new Date(client.issuedAt * 1000).toISOString());
}

/** The confidential client's secret check, in constant time (both sides hashed to equal length first). */
export function secretMatches(clientId: string, secret: string): boolean {
  const settings = getSettings();
  if (!settings.OAUTH_CLIENT_ID || !settings.OAUTH_CLIENT_SECRET) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  const idOk = timingSafeEqual(digest(clientId), digest(settings.OAUTH_CLIENT_ID));
  const secretOk = timingSafeEqual(digest(secret), digest(settings.OAUTH_CLIENT_SECRET));
  return idOk && secretOk;
}
