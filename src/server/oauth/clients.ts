/**
 * OAuth clients: the one confidential client of the settings (OAUTH_CLIENT_ID/SECRET, client
 * credentials, and the code flow with OAUTH_REDIRECT_URIS) and public clients registered by MCP
 * hosts (RFC 7591), kept in the records database, which every server process shares.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { SCOPES, type Scope } from '../base/scopes';
import { getSettings } from '../base/settings';
import { getRecords } from '../store/database';
import { isMetadataDocumentUrl, metadataDocumentClient } from './client-metadata-document';
import { recordsClients, type ClientLifetimes, type ClientStore } from './client-store';
import { REFRESH_TOKEN_TTL } from './metadata';
import { configuredRedirectUris } from './redirect-uris';
export { configuredRedirectUris, redirectUriAllowed, redirectUriMatches } from './redirect-uris';

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

/**
 * A used client is kept as long as its refresh tokens live after its last token: past that, nothing it
 * holds works and its host registers again.
 */
export const USED_CLIENT_TTL = REFRESH_TOKEN_TTL;

export function clientLifetimes(): ClientLifetimes {
  return { unusedMs: getSettings().OAUTH_UNUSED_CLIENT_SECONDS * 1000, usedMs: USED_CLIENT_TTL * 1000 };
}

function clientStore(): ClientStore {
  return recordsClients(getRecords, clientLifetimes());
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

/**
 * The client a client_id names: the confidential one, a registered one, or the one an https client_id's
 * metadata document describes (fetched, or cached; a fetch spends `clientKey`'s hourly registrations and
 * a refused document throws invalid_client with the reason).
 */
export async function findClient(clientId: string, clientKey?: string): Promise<OAuthClient | undefined> {
  const confidential = confidentialClient();
  if (confidential && clientId === confidential.clientId) return confidential;
  if (isMetadataDocumentUrl(clientId)) return metadataDocumentClient(clientId, clientKey);
  if (!/^mcp_[A-Za-z0-9_-]{22,64}$/.test(clientId)) return undefined;
  return clientStore().find(clientId);
}

export async function saveClient(client: OAuthClient): Promise<void> {
  await clientStore().save(client);
}

/** The client obtained a token: a registered one is kept for USED_CLIENT_TTL from now. */
export async function markClientUsed(client: OAuthClient): Promise<void> {
  if (!client.confidential && !isMetadataDocumentUrl(client.clientId)) await clientStore().markUsed(client);
}

/** Registered clients the operator lets obtain codes without a person (OAUTH_PREAPPROVED_CLIENTS). */
export function isPreapproved(clientId: string): boolean {
  return (getSettings().OAUTH_PREAPPROVED_CLIENTS ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .includes(clientId);
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
