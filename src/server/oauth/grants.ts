/**
 * Authorization codes and refresh tokens in the shared store, so any server process can redeem
 * what another issued. Keys are SHA-256 hashes of the secrets (a store dump holds nothing usable).
 *
 * Every code flow starts a grant (`gid`); the access and refresh tokens it yields carry it. Using a
 * code twice, or a rotated-away refresh token again, revokes the whole grant (RFC 6749 §4.1.2,
 * RFC 9700 §4.14.2): tokens already issued stop working at their next use.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Scope } from '../base/scopes';
import { getSharedStore } from '../store';
import { CODE_TTL, REFRESH_TOKEN_TTL } from './metadata';

/** How long a used code is remembered (to detect its reuse) after it expired. */
const USED_CODE_MEMORY_S = 10 * 60;

export interface CodeRecord {
  clientId: string;
  redirectUri: string;
  /** The redirect_uri parameter was sent in the authorization request (then the token request must repeat it). */
  redirectUriSent: boolean;
  scopes: Scope[];
  audience: string;
  /** The `resource` parameter, when the authorization request named one. */
  resource?: string;
  codeChallenge: string;
  grantId: string;
}

export interface RefreshRecord {
  clientId: string;
  subject: string;
  scopes: Scope[];
  audience: string;
  grantId: string;
}

export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');
const hash = (secret: string) => createHash('sha256').update(secret).digest('base64url');

const keys = {
  code: (secret: string) => `oauth:code:${hash(secret)}`,
  codeGrant: (secret: string) => `oauth:code-grant:${hash(secret)}`,
  refresh: (secret: string) => `oauth:refresh:${hash(secret)}`,
  refreshUsed: (secret: string) => `oauth:refresh-used:${hash(secret)}`,
  revoked: (grantId: string) => `oauth:revoked:${grantId}`,
  revokedJti: (jti: string) => `oauth:revoked-jti:${jti}`,
};

export function newGrantId(): string {
  return randomToken(16);
}

export async function createCode(record: CodeRecord): Promise<string> {
  const code = randomToken();
  const store = getSharedStore();
  await store.set(keys.codeGrant(code), record.grantId, (CODE_TTL + USED_CODE_MEMORY_S) * 1000);
  await store.set(keys.code(code), JSON.stringify(record), CODE_TTL * 1000);
  return code;
}

export type Redemption<T> = { kind: 'ok'; record: T } | { kind: 'reused' } | { kind: 'revoked' } | { kind: 'unknown' };

/** Takes a code out of the store (only one caller ever gets it); a second use revokes its grant. */
export async function redeemCode(code: string): Promise<Redemption<CodeRecord>> {
  const store = getSharedStore();
  const stored = await store.getAndDelete(keys.code(code));
  if (stored === null) {
    const grantId = await store.get(keys.codeGrant(code));
    if (grantId === null) return { kind: 'unknown' };
    await revokeGrant(grantId);
    return { kind: 'reused' };
  }
  // Only this caller has the code now. A replay racing it may revoke the grant a moment later: the
  // tokens issued from this record are then refused when presented (verification checks revocation),
  // so the one redemption still answers with them and every replay with invalid_grant.
  return { kind: 'ok', record: JSON.parse(stored) as CodeRecord };
}

export async function issueRefreshToken(record: RefreshRecord): Promise<string> {
  const token = randomToken();
  await getSharedStore().set(keys.refresh(token), JSON.stringify(record), REFRESH_TOKEN_TTL * 1000);
  return token;
}

/** Takes a refresh token out for rotation; presenting a rotated-away one again revokes the family. */
export async function takeRefreshToken(token: string): Promise<Redemption<RefreshRecord>> {
  const store = getSharedStore();
  const stored = await store.getAndDelete(keys.refresh(token));
  if (stored === null) {
    const grantId = await store.get(keys.refreshUsed(token));
    if (grantId === null) return { kind: 'unknown' };
    await revokeGrant(grantId);
    return { kind: 'reused' };
  }
  const record = JSON.parse(stored) as RefreshRecord;
  await store.set(keys.refreshUsed(token), record.grantId, REFRESH_TOKEN_TTL * 1000);
  if (await isRevoked(record.grantId)) return { kind: 'revoked' };
  return { kind: 'ok', record };
}

export async function revokeGrant(grantId: string): Promise<void> {
  await getSharedStore().set(keys.revoked(grantId), '1', REFRESH_TOKEN_TTL * 1000);
}

export async function isRevoked(grantId: string): Promise<boolean> {
  return (await getSharedStore().get(keys.revoked(grantId))) !== null;
}

/** The live refresh token's record, without spending it (revocation asks whose it is). */
export async function peekRefreshToken(token: string): Promise<RefreshRecord | undefined> {
  const stored = await getSharedStore().get(keys.refresh(token));
  return stored === null ? undefined : (JSON.parse(stored) as RefreshRecord);
}

/** A refresh token revoked (RFC 7009): it and every token of its grant stop working. */
export async function revokeRefreshToken(token: string, record: RefreshRecord): Promise<void> {
  await revokeGrant(record.grantId);
  await getSharedStore().getAndDelete(keys.refresh(token));
}

/** One access token revoked (RFC 7009) by its jti, remembered until it would have expired anyway. */
export async function revokeAccessTokenId(jti: string, ttlSeconds: number): Promise<void> {
  await getSharedStore().set(keys.revokedJti(jti), '1', Math.max(1, ttlSeconds) * 1000);
}

export async function isAccessTokenRevoked(jti: string): Promise<boolean> {
  return (await getSharedStore().get(keys.revokedJti(jti))) !== null;
}
