/**
 * Rate limits against two built servers sharing one real redis-server: forged X-Forwarded-For does
 * not help (TRUST_PROXY=0), is honoured behind one trusted proxy (TRUST_PROXY=1), the two processes
 * share one limit, and killing Redis keeps requests served (each process falls back to memory).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiChecker, type OpenApiChecker } from '../support/openapi';
import { startRedis, startUpstashFake, type TestRedis } from '../support/redis';
import { startServer, type TestServer } from '../support/server';

const N = 3;
let redis: TestRedis;
let direct: TestServer; // TRUST_PROXY=0
let proxied: TestServer; // TRUST_PROXY=1
let api: OpenApiChecker;

beforeAll(async () => {
  redis = await startRedis();
  const limits = { RATE_LIMIT_SUBSCRIBE: String(N), RATE_LIMIT_UNSUBSCRIBE: String(N), RATE_LIMIT_CONTACT: String(N), REDIS_URL: redis.url };
  [direct, proxied] = await Promise.all([startServer({ ...limits, TRUST_PROXY: '0' }), startServer({ ...limits, TRUST_PROXY: '1' })]);
  api = await openApiChecker(direct.url);
});
afterAll(async () => {
  await Promise.all([direct?.stop(), proxied?.stop()]);
  await redis?.stop();
});

async function post(server: TestServer, path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const parsed = await api.check('POST', path, response);
  return { status: response.status, headers: response.headers, body: parsed };
}

describe('rate limits per client', () => {
  it(`allows ${N} requests, then answers 429 with Retry-After, whatever X-Forwarded-For says (TRUST_PROXY=0)`, async () => {
    const remaining: Array<string | null> = [];
    for (let index = 0; index < N; index++) {
      const answer = await post(direct, '/api/newsletter/unsubscribe', { email: 'a@example.org' }, { 'X-Forwarded-For': `203.0.113.${index}` });
      expect(answer.status).toBe(200);
      remaining.push(answer.headers.get('x-ratelimit-remaining'));
    }
    expect(remaining).toEqual(['2', '1', '0']);
    const over = await post(direct, '/api/newsletter/unsubscribe', { email: 'a@example.org' }, { 'X-Forwarded-For': '198.51.100.77' });
    expect(over.status).toBe(429);
    expect(over.body.error).toMatchObject({ code: 'rate_limited', retryable: true });
    const retryAfter = Number(over.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(over.headers.get('x-ratelimit-limit')).toBe(String(N));
    expect(over.headers.get('x-ratelimit-remaining')).toBe('0');
  });

  it('counts each client behind one trusted proxy separately (TRUST_PROXY=1, rightmost entry)', async () => {
    const as = (client: string) => post(proxied, '/api/contact', { name: 'Ann', email: 'a@example.org', message: 'x'.repeat(12) }, { 'X-Forwarded-For': `6.6.6.6, ${client}` });
    for (let index = 0; index < N; index++) expect((await as('192.0.2.10')).status).toBe(200);
    expect((await as('192.0.2.10')).status).toBe(429);
    // Another client of the same proxy has its own budget; the forged left entry is ignored.
    expect((await as('192.0.2.11')).status).toBe(200);
  });

  it('behind a proxy, every spelling of an IPv4 address (dotted, IPv4-mapped in any case or length) is one client', async () => {
    const as = (client: string) => post(proxied, '/api/newsletter/unsubscribe', { email: 'a@example.org' }, { 'X-Forwarded-For': client });
    const statuses = [];
    for (const spelling of ['198.51.100.20', '::ffff:198.51.100.20', '::FFFF:C633:6414', '0:0:0:0:0:ffff:c633:6414']) statuses.push((await as(spelling)).status);
    expect(statuses).toEqual([...Array(N).fill(200), 429]);
    // Another address in mapped hex is its own client, not one key shared by every mapped spelling.
    expect((await as('::ffff:c633:6415')).status).toBe(200);
  });

  it('shares one limit between two server processes through Redis', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < N + 2; index++) {
      const server = index % 2 === 0 ? direct : proxied;
      statuses.push((await post(server, '/api/subscribe', { email: `s${index}@example.org`, consent: true })).status);
    }
    expect(statuses).toEqual([...Array(N).fill(200), 429, 429]);
    const preflight = await fetch(`${direct.url}/api/subscribe`, { method: 'OPTIONS', headers: { Origin: 'https://x.example', 'Access-Control-Request-Method': 'POST' } });
    expect(preflight.headers.get('x-ratelimit-remaining')).toBe('0');
  });

  it('shares the limit with a process that reaches the same Redis through the Upstash REST API', async () => {
    const upstash = await startUpstashFake(redis.url);
    const viaRest = await startServer({ RATE_LIMIT_CONTACT: String(N), UPSTASH_REDIS_REST_URL: upstash.url, UPSTASH_REDIS_REST_TOKEN: upstash.token });
    try {
      const message = { name: 'Ann', email: 'a@example.org', message: 'x'.repeat(12) };
      const statuses: number[] = [];
      for (let index = 0; index < N + 1; index++) statuses.push((await post(index % 2 ? direct : viaRest, '/api/contact', message)).status);
      expect(statuses).toEqual([...Array(N).fill(200), 429]);
      expect(upstash.commands()).toBeGreaterThanOrEqual(2);
      // A preflight reads the shared standing (through /pipeline) without spending it.
      const preflight = await fetch(`${viaRest.url}/api/contact`, { method: 'OPTIONS', headers: { Origin: 'https://x.example', 'Access-Control-Request-Method': 'POST' } });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('x-ratelimit-remaining')).toBe('0');
    } finally {
      await viaRest.stop();
      await upstash.close();
    }
  });

  it('keeps serving when Redis dies: each process falls back to its own memory limiter', async () => {
    await redis.stop();
    const first = await post(direct, '/api/subscribe', { email: 'after@example.org', consent: true });
    expect(first.status).toBe(200);
    expect(first.headers.get('x-ratelimit-limit')).toBe(String(N));
    expect(first.headers.get('x-ratelimit-remaining')).toBe(String(N - 1));
    // The memory limiter still limits.
    for (let index = 1; index < N; index++) expect((await post(direct, '/api/subscribe', { email: `m${index}@example.org`, consent: true })).status).toBe(200);
    expect((await post(direct, '/api/subscribe', { email: 'over@example.org', consent: true })).status).toBe(429);
    // The log is written in batches (every 500 ms at most).
    await expect.poll(() => direct.output()).toMatch(/Redis unavailable/);
  });
});
