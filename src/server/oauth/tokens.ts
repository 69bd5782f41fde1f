/**
 * Access tokens: JWTs (RFC 9068 profile, `typ: at+jwt`) signed with the site's key, carrying iss,
 * aud, sub, client_id, scope, iat, exp, jti and, for tokens of a code flow, the grant id `gid` that
 * lets a detected code or refresh-token replay revoke them. Verification pins the algorithm, issuer,
 * audience and expiry (30 s of clock skew) and checks neither the grant nor the token (its jti,
 * RFC 7009) was revoked.
 */
import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT, errors } from 'jose';
import { isScope, type Scope } from '../base/scopes';
import { isAccessTokenRevoked, isRevoked } from './grants';
import { signingKey } from './keys';
import { ACCESS_TOKEN_TTL, issuer } from './metadata';

export const CLOCK_SKEW_S = 30;
const TOKEN_TYPE = 'at+jwt';

export interface AccessGrant {
  subject: string;
  clientId: string;
  scopes: Scope[];
  audience: string;
  grantId?: string;
}

export async function issueAccessToken(grant: AccessGrant): Promise<{ token: string; expiresIn: number }> {
  const key = await signingKey();
  const token = await new SignJWT({
    client_id: grant.clientId,
    scope: grant.scopes.join(' '),
    ...(grant.grantId ? { gid: grant.grantId } : {}),
  })
    .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: TOKEN_TYPE })
    .setIssuer(issuer())
    .setAudience(grant.audience)
    .setSubject(grant.subject)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_TTL}s`)
    .setJti(randomUUID())
    .sign(key.privateKey);
  return { token, expiresIn: ACCESS_TOKEN_TTL };
}

/** Who a valid token speaks for (ToolContext.auth and the rate-limit key use it). */
export interface TokenAuth {
  clientId: string;
  subject: string;
  scopes: Scope[];
  audience: string[];
  expiresAt: number;
  token: string;
}

export type Verification = { ok: true; auth: TokenAuth } | { ok: false; reason: string };

export async function verifyAccessToken(token: string, audiences: string[]): Promise<Verification> {
  const key = await signingKey();
  try {
    const { payload } = await jwtVerify(token, key.publicKey, {
      algorithms: [key.alg],
      issuer: issuer(),
      audience: audiences,
      typ: TOKEN_TYPE,
      clockTolerance: CLOCK_SKEW_S,
      requiredClaims: ['iss', 'aud', 'sub', 'exp', 'iat', 'jti'],
    });
    const { client_id: clientId, scope, gid } = payload as { client_id?: unknown; scope?: unknown; gid?: unknown };
    if (typeof clientId !== 'string' || typeof scope !== 'string') return { ok: false, reason: 'The token lacks client_id or scope.' };
    if (typeof gid === 'string' && (await isRevoked(gid))) return { ok: false, reason: 'The token was revoked.' };
    if (await isAccessTokenRevoked(payload.jti!)) return { ok: false, reason: 'The token was revoked.' };
    return {
      ok: true,
      auth: {
        clientId,
        subject: payload.sub!,
        scopes: scope.split(' ').filter(isScope),
        audience: ([] as string[]).concat(payload.aud ?? []),
        expiresAt: payload.exp!,
        token,
      },
    };
  } catch (error) {
    return { ok: false, reason: describe(error) };
  }
}

/** An unexpired access token this server signed, whatever its audience (revocation): its jti, client and expiry. */
export async function ownAccessToken(token: string): Promise<{ jti: string; clientId: string; expiresAt: number } | undefined> {
  const key = await signingKey();
  try {
    const { payload } = await jwtVerify(token, key.publicKey, {
      algorithms: [key.alg],
      issuer: issuer(),
      typ: TOKEN_TYPE,
      clockTolerance: CLOCK_SKEW_S,
      requiredClaims: ['exp', 'jti'],
    });
    const clientId = (payload as { client_id?: unknown }).client_id;
    return typeof clientId === 'string' ? { jti: payload.jti!, clientId, expiresAt: payload.exp! } : undefined;
  } catch {
    return undefined;
  }
}

function describe(error: unknown): string {
  if (error instanceof errors.JWTExpired) return 'The token has expired.';
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'aud') return 'The token was not issued for this resource (audience).';
    if (error.claim === 'iss') return 'The token was not issued by this server.';
    return `The token's ${error.claim} claim is not valid.`;
  }
  if (error instanceof errors.JWSSignatureVerificationFailed) return 'The token signature is not valid.';
  if (error instanceof errors.JOSEAlgNotAllowed) return 'The token is not signed with the algorithm this server uses.';
  return 'The token is malformed or not a token of this server.';
}
