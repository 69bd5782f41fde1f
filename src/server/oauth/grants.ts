/**
 * Authorization codes and refresh tokens in the shared store, so any server process can redeem
 * what another issued. Keys are SHA-256 hashes of the secrets (a store dump holds nothing usable).
 *
 * Every code flow starts a grant (`gid`); the access and refresh tokens it yields carry it. Using a
 * code twice, or a rotated-away refresh token again, revokes the whole grant (RFC 6749 §4.1.2,
 * RFC 9700 §4.14.2): tokens already issued stop working at their next use.
 *
 * Nothing grows per refresh: a refresh token is `<grant id>.<secret>`, its record is deleted when it is
 * rotated, and what reuse detection needs is one record per grant (the hashes of its last few
 * rotated-away tokens), rewritten at each rotation and ending with the grant's own lifetime.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Scope } from '../base/scopes';
import { getSharedStore } from '../store';
import { CODE_TTL, REFRESH_TOKEN_TTL } from './metadata';

/** How long a used code is remembered (to detect its reuse) after it expired. */
const USED_CODE_MEMORY_S = 10 * 60;

/**
 * Rotated-away refresh tokens a grant remembers. A replay is caught while its token is among the
 * grant's last few (a stolen token is replayed soon, by the thief or by the client it was stolen
 * from); an older one is refused as unknown, without revoking.
 */
export const REMEMBERED_ROTATIONS = 8;

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
  grant: (grantId: string) => `oauth:grant:${grantId}`,
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
  const token = `${record.grantId}.${randomToken()}`;
  await getSharedStore().set(keys.refresh(token), JSON.stringify(record), REFRESH_TOKEN_TTL * 1000);
  return token;
}

/** Takes a refresh token out for rotation; presenting a rotated-away one again revokes the family. */
export async function takeRefreshToken(token: string): Promise<Redemption<RefreshRecord>> {
  const store = getSharedStore();
  const stored = await store.getAndDelete(keys.refresh(token));
  if (stored === null) {
    const grantId = token.split('.', 2)[0]!;
    // Only a token the grant itself rotated away counts as a replay: a made-up one revokes nothing.
    if (!token.includes('.') || !(await rotatedAway(grantId)).includes(hash(token))) return { kind: 'unknown' };
    await revokeGrant(grantId);
    return { kind: 'reused' };
  }
  const record = JSON.parse(stored) as RefreshRecord;
  const remembered = [hash(token), ...(await rotatedAway(record.grantId))].slice(0, REMEMBERED_ROTATIONS);
  await store.set(keys.grant(record.grantId), JSON.stringify(remembered), REFRESH_TOKEN_TTL * 1000);
  if (await isRevoked(record.grantId)) return { kind: 'revoked' };
  return { kind: 'ok', record };
}

/** The hashes of a grant's last rotated-away refresh tokens, newest first. */
async function rotatedAway(grantId: string): Promise<string[]> {
  const stored = await getSharedStore().get(keys.grant(grantId));
  if (stored === null) return [];
  const hashes: unknown = JSON.parse(stored);
  return Array.isArray(hashes) ? hashes.filter((item): item is string => typeof item === 'string') : [];
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
