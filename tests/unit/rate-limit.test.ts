import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumeRateLimit, peekRateLimit } from '../../src/server/http/rate-limit';
import { routeFor } from '../../src/server/http/routes';
import { sharedStoreKind as rateLimitStore } from '../../src/server/store';
import { parseSettings, resetSettingsForTests } from '../../src/server/settings';

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
    const first = await consumeRateLimit('ask', 'client-a');
    const second = await consumeRateLimit('ask', 'client-a');
    const third = await consumeRateLimit('ask', 'client-a');
    expect([first, second].map((decision) => [decision.allowed, decision.remaining])).toEqual([[true, 1], [true, 0]]);
    expect(third).toMatchObject({ allowed: false, limit: 2, remaining: 0 });
    expect(third.retryAfterSeconds).toBeGreaterThanOrEqual(59);
    expect(third.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect((await consumeRateLimit('ask', 'client-b')).allowed).toBe(true);
  });

  it('reports a standing without spending it', async () => {
    await consumeRateLimit('ask', 'client-c');
    expect(await peekRateLimit('ask', 'client-c')).toEqual({ limit: 2, remaining: 1 });
    expect(await peekRateLimit('ask', 'client-c')).toEqual({ limit: 2, remaining: 1 });
    expect(await peekRateLimit('ask', 'nobody-yet')).toEqual({ limit: 2, remaining: 2 });
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
