import { describe, expect, it } from 'vitest';
import { providersOf, wantsJson } from '../../src/server/status';
import { parseSettings } from '../../src/server/settings';
import { selectMailProvider } from '../../src/server/providers/mail';
import { selectListProvider } from '../../src/server/providers/newsletter';

describe('status negotiation', () => {
  const url = (query = '') => new URL(`http://x.test/status/${query}`);

  it('answers JSON for ?format=json or an Accept header that prefers JSON', () => {
    expect(wantsJson(url('?format=json'), 'text/html')).toBe(true);
    expect(wantsJson(url(), 'application/json')).toBe(true);
  });

  it('answers HTML to browsers and by default', () => {
    expect(wantsJson(url(), 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8')).toBe(false);
    expect(wantsJson(url(), null)).toBe(false);
    expect(wantsJson(url('?format=html'), 'application/json')).toBe(false);
  });
});

describe('status providers', () => {
  const providers = (environment: Record<string, string>) =>
    Object.fromEntries(providersOf(parseSettings(environment)).map((item) => [item.id, item.check.describe().provider]));

  it('reports the embedded defaults when nothing is configured', () => {
    expect(providers({})).toEqual({ mail: 'outbox', mailing_list: 'embedded', scheduling: 'office-hours', chat: 'none', counters: 'memory', database: 'sqlite' });
  });

  it('reports the configured external providers', () => {
    expect(providers({ RESEND_API_KEY: 'k', CAL_API_KEY: 'c', CAL_EVENT_TYPE_ID: '3', AI_GATEWAY_API_KEY: 'g', UPSTASH_REDIS_REST_URL: 'https://u.test', UPSTASH_REDIS_REST_TOKEN: 't' }))
      .toEqual({ mail: 'resend', mailing_list: 'resend', scheduling: 'cal.com', chat: 'gateway', counters: 'upstash', database: 'sqlite' });
    expect(providers({ CHAT_BASE_URL: 'http://127.0.0.1:11434/v1', REDIS_URL: 'redis://127.0.0.1:6379', MAIL_PROVIDER: 'off' }))
      .toMatchObject({ mail: 'off', mailing_list: 'off', chat: 'openai-compatible', counters: 'redis' });
    expect(providers({ AI_GATEWAY_API_KEY: 'g', PUBLIC_CHAT_ENABLED: 'false' }).chat).toBe('none');
  });

  it('reports the list the endpoints use: MAIL_PROVIDER=outbox with a Resend key keeps the embedded list', () => {
    const settings = parseSettings({ RESEND_API_KEY: 'k', MAIL_PROVIDER: 'outbox' });
    expect(providers({ RESEND_API_KEY: 'k', MAIL_PROVIDER: 'outbox' })).toMatchObject({ mail: 'outbox', mailing_list: 'embedded' });
    expect(selectListProvider(settings)?.name).toBe('embedded');
    expect(selectMailProvider(settings)?.name).toBe('outbox');
  });
});
