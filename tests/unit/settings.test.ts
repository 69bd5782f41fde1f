import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { parseSettings, settingNames, SettingsError } from '../../src/server/base/settings';

describe('settings', () => {
  it('gives the documented defaults for an empty environment', () => {
    const settings = parseSettings({});
    expect(settings.SITE_URL).toBe('http://localhost:4321');
    expect(settings.PORT).toBe(4321);
    expect(settings.mailProvider).toBe('outbox');
    expect(settings.RATE_LIMIT_SLOTS).toBe(20);
    expect(settings.RATE_LIMIT_CHAT).toBe(20);
    expect(settings.OAUTH_ENFORCEMENT).toBe('off');
    expect(settings.TRUST_PROXY).toBe(0);
  });

  it('chooses Resend when a key is set and no provider is named', () => {
    expect(parseSettings({ RESEND_API_KEY: 're_test' }).mailProvider).toBe('resend');
    expect(parseSettings({ RESEND_API_KEY: 're_test', MAIL_PROVIDER: 'off' }).mailProvider).toBe('off');
  });

  it('drops a trailing slash from SITE_URL', () => {
    expect(parseSettings({ SITE_URL: 'https://example.org/' }).SITE_URL).toBe('https://example.org');
  });

  it('names the setting and what it accepts when a value is wrong', () => {
    expect(() => parseSettings({ OAUTH_ENFORCEMENT: 'sometimes' })).toThrow(SettingsError);
    expect(() => parseSettings({ OAUTH_ENFORCEMENT: 'sometimes' })).toThrow(/OAUTH_ENFORCEMENT="sometimes"/);
    expect(() => parseSettings({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => parseSettings({ MAIL_PROVIDER: 'resend' })).toThrow(/needs RESEND_API_KEY/);
    expect(() => parseSettings({ DATABASE_URL: 'mysql://db.example/site' })).toThrow(/DATABASE_URL="mysql:\/\/db\.example\/site": a postgres:\/\/ or postgresql:\/\/ URL/);
    expect(parseSettings({ DATABASE_URL: 'postgresql://site:secret@db.example:5432/site' }).DATABASE_URL).toBe('postgresql://site:secret@db.example:5432/site');
  });

  it('never shows a password or a secret in the message about a wrong value', () => {
    const message = (environment: Record<string, string>) => {
      try {
        parseSettings(environment);
      } catch (error) {
        return (error as Error).message;
      }
      throw new Error('expected a SettingsError');
    };
    const url = message({ DATABASE_URL: 'mysql://site:hunter2-password@db.example/site' });
    expect(url).toContain('DATABASE_URL="mysql://site:***@db.example/site"');
    expect(url).not.toContain('hunter2');
    const secret = message({ LINK_SIGNING_SECRET: 'short-but-secret' });
    expect(secret).toContain('LINK_SIGNING_SECRET=(16 characters, not shown)');
    expect(secret).not.toContain('short-but-secret');
  });

  it('lists every setting in .env.example', () => {
    const example = readFileSync(new URL('../../.env.example', import.meta.url), 'utf8');
    for (const name of settingNames) expect(example).toMatch(new RegExp(`^#? ?${name}=`, 'm'));
  });
});
