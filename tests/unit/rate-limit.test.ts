import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumeRateLimit, peekRateLimit } from '../../src/server/http/rate-limit';
import { routeFor } from '../../src/server/http/route-table';
import { sharedStoreKind as rateLimitStore } from '../../src/server/store';
import { parseSettings, resetSettingsForTests } from '../../src/server/base/settings';

beforeAll(() => {
  process.env.RATE_LIMIT_ASK = '2';
  resetSettingsForTests();
});
afterAll(() => {
  delete process.env.RATE_LIMIT_ASK;
  resetSettingsForTests();
});

describe('the memory limiter', () => {
  it('allows the limit, then refuses with the seconds to wait, per client', async () => {
    const first = await consumeRateLimit('ask', { ipKey: 'client-a' });
    const second = await consumeRateLimit('ask', { ipKey: 'client-a' });
    const third = await consumeRateLimit('ask', { ipKey: 'client-a' });
    expect([first, second].map((decision) => [decision.allowed, decision.remaining])).toEqual([[true, 1], [true, 0]]);
    expect(third).toMatchObject({ allowed: false, limit: 2, remaining: 0 });
    expect(third.retryAfterSeconds).toBeGreaterThanOrEqual(59);
    expect(third.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect((await consumeRateLimit('ask', { ipKey: 'client-b' })).allowed).toBe(true);
  });

  it('reports a standing without spending it', async () => {
    await consumeRateLimit('ask', { ipKey: 'client-c' });
    expect(await peekRateLimit('ask', { ipKey: 'client-c' })).toEqual({ limit: 2, remaining: 1 });
    expect(await peekRateLimit('ask', { ipKey: 'client-c' })).toEqual({ limit: 2, remaining: 1 });
    expect(await peekRateLimit('ask', { ipKey: 'nobody-yet' })).toEqual({ limit: 2, remaining: 2 });
  });
});

describe('a token never widens a budget', () => {
  it('spends the address and the client: fresh clients on one address share its budget', async () => {
    const outcomes = [];
    for (const clientId of ['minted-1', 'minted-2', 'minted-3', 'minted-4']) outcomes.push((await consumeRateLimit('ask', { ipKey: '198.51.100.7', clientId })).allowed);
    expect(outcomes).toEqual([true, true, false, false]);
  });

  it('answers the narrower of the two: a spent client is refused on a fresh address', async () => {
    await consumeRateLimit('ask', { ipKey: '198.51.100.8', clientId: 'busy' });
    await consumeRateLimit('ask', { ipKey: '198.51.100.9', clientId: 'busy' });
    expect(await consumeRateLimit('ask', { ipKey: '198.51.100.10', clientId: 'busy' })).toMatchObject({ allowed: false, remaining: 0 });
    expect(await peekRateLimit('ask', { ipKey: '198.51.100.11', clientId: 'busy' })).toEqual({ limit: 2, remaining: 0 });
  });
});

describe('the store and the path table', () => {
  it('chooses Redis, then Upstash, then memory', () => {
    expect(rateLimitStore(parseSettings({ REDIS_URL: 'redis://127.0.0.1:1', UPSTASH_REDIS_REST_URL: 'https://u.example', UPSTASH_REDIS_REST_TOKEN: 't' }))).toBe('redis');
    expect(rateLimitStore(parseSettings({ UPSTASH_REDIS_REST_URL: 'https://u.example', UPSTASH_REDIS_REST_TOKEN: 't' }))).toBe('upstash');
    expect(rateLimitStore(parseSettings({}))).toBe('memory');
  });

  it.each([
    ['/api/subscribe', 'subscribe'],
    ['/api/newsletter/unsubscribe', 'unsubscribe'],
    ['/api/contact', 'contact'],
    ['/api/unknown', undefined],
    ['/api', undefined],
    ['/openapi.json', undefined],
  ])('counts %s in family %s', (path, family) => {
    expect(routeFor(path)?.family).toBe(family);
    expect(routeFor(path)?.cors).toBe(true);
  });
});
