import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Probeable } from '../../src/server/providers/probe';
import { forgetProbes, PROBE_RESULT_TTL_MS, providersOf, statusReport, wantsJson } from '../../src/server/adapters/status';
import { parseSettings } from '../../src/server/base/settings';
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

describe('status probes kept and shared', () => {
  afterEach(() => {
    vi.useRealTimers();
    forgetProbes();
  });

  const counting = (state: 'ok' | 'unreachable', detail: string) => {
    const probe = { calls: 0 };
    const check: Probeable = {
      describe: () => ({ provider: 'resend', external: true }),
      probe: async () => {
        probe.calls++;
        await new Promise((resolve) => setTimeout(resolve, 20));
        return { state, detail };
      },
    };
    return { probe, check };
  };

  it('probes once for any number of concurrent reports, then again only after the kept time', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const settings = parseSettings({});
    const mail = counting('ok', 'api.resend.com answered HTTP 200');
    const chat = counting('unreachable', '10.0.0.5:11434: ECONNREFUSED');
    const providers = [{ id: 'mail' as const, check: mail.check }, { id: 'chat' as const, check: chat.check }];
    const reports = await Promise.all(Array.from({ length: 50 }, () => statusReport(settings, providers)));
    expect([mail.probe.calls, chat.probe.calls]).toEqual([1, 1]);
    vi.setSystemTime(Date.now() + PROBE_RESULT_TTL_MS - 1000);
    await statusReport(settings, providers);
    expect([mail.probe.calls, chat.probe.calls]).toEqual([1, 1]);
    vi.setSystemTime(Date.now() + 2000);
    await statusReport(settings, providers);
    expect([mail.probe.calls, chat.probe.calls]).toEqual([2, 2]);
    // What the public sees: the state and a reason from the closed list, never the probe's own words.
    expect(reports[0]!.providers.map(({ state, detail }) => ({ state, detail }))).toEqual([
      { state: 'ok', detail: 'answered the check' },
      { state: 'unreachable', detail: 'no answer in time, or an error' },
    ]);
    expect(JSON.stringify(reports)).not.toMatch(/resend\.com|10\.0\.0\.5|ECONNREFUSED/);
  });
});
