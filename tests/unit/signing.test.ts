import { createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetSettingsForTests } from '../../src/server/base/settings';

const dataDir = mkdtempSync(join(tmpdir(), 'signing-'));
let signing: typeof import('../../src/server/base/signing');

beforeAll(async () => {
  process.env.DATA_DIR = dataDir;
  delete process.env.LINK_SIGNING_SECRET;
  resetSettingsForTests();
  signing = await import('../../src/server/base/signing');
});
afterAll(() => {
  delete process.env.DATA_DIR;
  resetSettingsForTests();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('signed link tokens', () => {
  it('generates the secret once and keeps it in DATA_DIR', () => {
    const secret = signing.linkSigningSecret();
    expect(secret.length).toBeGreaterThanOrEqual(48);
    expect(readFileSync(join(dataDir, 'link-signing-secret'), 'utf8').trim()).toBe(secret);
    expect(signing.linkSigningSecret()).toBe(secret);
  });

  it('reads back what it signed, for the same purpose only', () => {
    const token = signing.signToken('newsletter-confirm', { email: 'anna@example.org', locale: 'pl' }, 60_000, 1_000_000);
    expect(signing.verifyToken('newsletter-confirm', token, 1_000_001)).toEqual({ ok: true, data: { email: 'anna@example.org', locale: 'pl' }, expiresAt: 1_060_000 });
    expect(signing.verifyToken('newsletter-unsubscribe', token)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses a token whose data or signature was changed, and garbage', () => {
    const token = signing.signToken('newsletter-unsubscribe', { email: 'anna@example.org', locale: 'en' });
    const [body, signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ p: 'newsletter-unsubscribe', d: { email: 'boss@example.org', locale: 'en' } })).toString('base64url');
    expect(signing.verifyToken('newsletter-unsubscribe', `${forged}.${signature}`)).toEqual({ ok: false, reason: 'invalid' });
    expect(signing.verifyToken('newsletter-unsubscribe', `${body}.${signature!.slice(0, -2)}AA`)).toEqual({ ok: false, reason: 'invalid' });
    for (const junk of [null, '', 'x', 'a.b.c', `${body}.`, '.'.repeat(3000)]) expect(signing.verifyToken('newsletter-unsubscribe', junk).ok).toBe(false);
  });

  it('says when a token has expired, and unexpiring tokens stay valid', () => {
    const issued = Date.parse('2026-01-01T00:00:00Z');
    const token = signing.signToken('newsletter-confirm', { email: 'a@b.example', locale: 'pl' }, 1_000, issued);
    expect(signing.verifyToken('newsletter-confirm', token, issued + 999).ok).toBe(true);
    expect(signing.verifyToken('newsletter-confirm', token, issued + 1_001)).toEqual({ ok: false, reason: 'expired' });
    const forever = signing.signToken('newsletter-unsubscribe', { email: 'a@b.example', locale: 'pl' }, undefined, issued);
    expect(signing.verifyToken('newsletter-unsubscribe', forever, issued + 10 * 365 * 86_400_000).ok).toBe(true);
  });
});

describe('a link signed with an empty key', () => {
  const forged = (key: string) => {
    const body = Buffer.from(JSON.stringify({ p: 'newsletter-confirm', d: { email: 'victim@example.org', locale: 'pl' } })).toString('base64url');
    return `${body}.${createHmac('sha256', key).update(body).digest('base64url')}`;
  };

  it('is refused by a server with its secret', () => {
    expect(signing.verifyToken('newsletter-confirm', forged(''))).toEqual({ ok: false, reason: 'invalid' });
  });

  it('is never checked against an empty secret file: the file is refused, naming it and LINK_SIGNING_SECRET', () => {
    const emptyDir = mkdtempSync(join(tmpdir(), 'signing-empty-'));
    writeFileSync(join(emptyDir, 'link-signing-secret'), '');
    process.env.DATA_DIR = emptyDir;
    resetSettingsForTests();
    try {
      expect(() => signing.verifyToken('newsletter-confirm', forged(''))).toThrow(
        new RegExp(`^The secret file ${join(emptyDir, 'link-signing-secret')} is empty: .* or set LINK_SIGNING_SECRET`),
      );
      expect(readFileSync(join(emptyDir, 'link-signing-secret'), 'utf8')).toBe('');
    } finally {
      process.env.DATA_DIR = dataDir;
      resetSettingsForTests();
      rmSync(emptyDir, { recursive: true, force: true });
    }
  });
});
