/**
 * Signed tokens for links in mails (confirm a subscription, unsubscribe, cancel a booking), the owner's
 * link to /status/ (`npm run admin -- status-link`) and for the forms'
 * anti-spam challenge. One secret, LINK_SIGNING_SECRET; when unset it is generated once and kept in
 * DATA_DIR/link-signing-secret, so links stay valid across restarts (production warns at start, in
 * settings-warnings.ts: several servers must share one explicit secret).
 *
 * A token is `base64url(JSON {p, d, e}) "." base64url(HMAC-SHA256)`: the purpose `p` is inside the
 * signed part, so a token made for one purpose never passes for another.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { join } from 'node:path';
import { readOrCreateSecret } from './secret-file.ts';
import { getSettings } from './settings.ts';
import { MIN_SECRET_LENGTH } from './settings-warnings.ts';

export type TokenPurpose = 'newsletter-confirm' | 'newsletter-unsubscribe' | 'booking-cancel' | 'status-owner';

/** `expiresAt` (ms) is the signed expiry, when the token has one. */
export type TokenCheck<Data> = { ok: true; data: Data; expiresAt?: number } | { ok: false; reason: 'invalid' | 'expired' };

const SECRET_FILE = 'link-signing-secret';
let cached: { dataDir: string; secret: string } | undefined;

/**
 * The signing secret: the setting, or the one kept in DATA_DIR (created on first use, whole, the same for
 * every process). A kept file too short to be a secret throws SecretFileError naming the file and what to
 * do; `npm start` calls this before it listens, so a server never runs on such a file.
 */
export function linkSigningSecret(): string {
  const settings = getSettings();
  if (settings.LINK_SIGNING_SECRET) return settings.LINK_SIGNING_SECRET;
  if (cached?.dataDir === settings.DATA_DIR) return cached.secret;
  const file = join(settings.DATA_DIR, SECRET_FILE);
  const secret = readOrCreateSecret(file, {
    minLength: MIN_SECRET_LENGTH,
    generate: () => randomBytes(48).toString('base64url'),
    setting: 'LINK_SIGNING_SECRET',
  });
  cached = { dataDir: settings.DATA_DIR, secret };
  return secret;
}

/** A key for one use, derived from the secret (the anti-spam challenge must not share the link key). */
export function derivedSecret(use: string): string {
  return createHmac('sha256', linkSigningSecret()).update(`derive:${use}`).digest('base64url');
}

function mac(body: string): Buffer {
  return createHmac('sha256', linkSigningSecret()).update(body).digest();
}

/** Signs `data` for `purpose`; `ttlMs` undefined means the token does not expire. */
export function signToken(purpose: TokenPurpose, data: Record<string, string>, ttlMs?: number, now = Date.now()): string {
  const body = Buffer.from(JSON.stringify({ p: purpose, d: data, ...(ttlMs ? { e: now + ttlMs } : {}) })).toString('base64url');
  return `${body}.${mac(body).toString('base64url')}`;
}

/** Checks signature, purpose and expiry; never throws for a malformed token. */
export function verifyToken<Data extends Record<string, string>>(purpose: TokenPurpose, token: string | null | undefined, now = Date.now()): TokenCheck<Data> {
  if (!token || token.length > 2048) return { ok: false, reason: 'invalid' };
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return { ok: false, reason: 'invalid' };
  const expected = mac(body);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'invalid' };
  let parsed: { p?: unknown; d?: unknown; e?: unknown };
  try {
    parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  if (parsed.p !== purpose || typeof parsed.d !== 'object' || parsed.d === null) return { ok: false, reason: 'invalid' };
  if (typeof parsed.e === 'number' && parsed.e < now) return { ok: false, reason: 'expired' };
  return { ok: true, data: parsed.d as Data, ...(typeof parsed.e === 'number' ? { expiresAt: parsed.e } : {}) };
}
