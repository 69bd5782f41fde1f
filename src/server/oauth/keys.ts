/**
 * The signing key: OAUTH_SIGNING_KEY (a private JWK) or, when it is unset (only allowed with
 * OAUTH_ENFORCEMENT=off, see settings.ts), a key made up at start and lost at exit. The public half
 * is served at /.well-known/jwks.json; the algorithm is fixed by the key, never taken from a token.
 */
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';
import { getSettings } from '../base/settings';

export type SigningAlgorithm = 'ES256' | 'ES384' | 'ES512' | 'EdDSA' | 'RS256' | 'PS256';

export interface SigningKey {
  alg: SigningAlgorithm;
  kid: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  publicJwk: JWK;
  ephemeral: boolean;
}

const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'];

/** The algorithm a private JWK signs with (its `alg` when it names one we accept, else by key type). */
export function algorithmOf(jwk: JWK): SigningAlgorithm | undefined {
  const allowed: SigningAlgorithm[] = ['ES256', 'ES384', 'ES512', 'EdDSA', 'RS256', 'PS256'];
  if (jwk.alg) return (allowed as string[]).includes(jwk.alg) ? (jwk.alg as SigningAlgorithm) : undefined;
  if (jwk.kty === 'EC') return ({ 'P-256': 'ES256', 'P-384': 'ES384', 'P-521': 'ES512' } as const)[jwk.crv as 'P-256'];
  if (jwk.kty === 'OKP' && jwk.crv === 'Ed25519') return 'EdDSA';
  if (jwk.kty === 'RSA') return 'RS256';
  return undefined;
}

async function load(): Promise<SigningKey> {
  const configured = getSettings().OAUTH_SIGNING_KEY;
  if (!configured) {
    const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
    const publicJwk = await exportJWK(publicKey);
    const kid = await calculateJwkThumbprint(publicJwk);
    return { alg: 'ES256', kid, privateKey, publicKey, publicJwk: { ...publicJwk, kid, alg: 'ES256', use: 'sig' }, ephemeral: true };
  }
  // settings.ts has already checked that this is a private asymmetric JWK of a supported algorithm.
  const jwk = JSON.parse(configured) as JWK;
  const alg = algorithmOf(jwk)!;
  const publicMembers = Object.fromEntries(Object.entries(jwk).filter(([name]) => !PRIVATE_MEMBERS.includes(name) && name !== 'key_ops')) as JWK;
  const kid = jwk.kid ?? (await calculateJwkThumbprint(publicMembers));
  const privateKey = (await importJWK(jwk, alg)) as CryptoKey;
  const publicKey = (await importJWK(publicMembers, alg)) as CryptoKey;
  return { alg, kid, privateKey, publicKey, publicJwk: { ...publicMembers, kid, alg, use: 'sig' }, ephemeral: false };
}

let loading: Promise<SigningKey> | undefined;

export function signingKey(): Promise<SigningKey> {
  return (loading ??= load());
}

/** The JWK Set of /.well-known/jwks.json. */
export async function jwks(): Promise<{ keys: JWK[] }> {
  return { keys: [(await signingKey()).publicJwk] };
}
