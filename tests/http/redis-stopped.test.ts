/**
 * A Redis that is stopped (the process gone: connections refused) behind a built server. The breaker
 * knows from the connection's state that Redis is away, so a request costs a few milliseconds, not a
 * command timeout; the slot lookup still answers with slots (bookings and their change mark live in
 * the records database, Redis only caches); and once a Redis
 * listens again on the same port, the counters are kept there again.
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startRedis, type TestRedis } from '../support/redis';
import { startServer, type TestServer } from '../support/server';

let redis: TestRedis;
let server: TestServer;

beforeAll(async () => {
  redis = await startRedis();
  server = await startServer({ REDIS_URL: redis.url });
});
afterAll(async () => {
  await server?.stop();
  await redis?.stop();
});

async function timedAsk(): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const response = await fetch(`${server.url}/ask?query=${encodeURIComponent('kopie zapasowe')}`);
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function askCounters(url: string): Promise<string[]> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0 });
  try {
    await client.connect();
    return await client.keys('rl:ask:*');
  } finally {
    client.disconnect();
  }
}

describe('a stopped Redis', () => {
  it('costs a request a few milliseconds, slots are still offered, and counters return to Redis when it is back', async () => {
    for (let index = 0; index < 5; index++) expect((await timedAsk()).status).toBe(200);
    expect(await askCounters(redis.url)).not.toEqual([]);
    const port = redis.port;
    await redis.stop();

    const REQUESTS = 20;
    const answers = [];
    for (let index = 0; index < REQUESTS; index++) answers.push(await timedAsk());
    const ms = answers.map((answer) => answer.ms);
    console.log(`[redis-stopped] /ask while Redis is stopped: median ${median(ms).toFixed(1)} ms, slowest ${Math.max(...ms).toFixed(1)} ms over ${REQUESTS}`);
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    // A behavioural bound (no wait on Redis), far above a normal answer and far below a command timeout.
    expect(median(ms)).toBeLessThan(100);

    const started = performance.now();
    const slots = await fetch(`${server.url}/api/consultation/slots`);
    const slotsMs = performance.now() - started;
    const body = (await slots.json()) as { ok: boolean; mode: string; bookingUrl: string; slots: unknown[] };
    console.log(`[redis-stopped] slots while Redis is stopped: ${slots.status} ${body.mode} in ${slotsMs.toFixed(0)} ms`);
    expect(slots.status).toBe(200);
    expect(body).toMatchObject({ ok: true, mode: 'slots' });
    expect(body.slots.length).toBeGreaterThan(0);
    expect(body.bookingUrl).toMatch(/^https?:/);
    expect(slotsMs).toBeLessThan(1_000);

    redis = await startRedis({ port });
    await vi.waitFor(
      async () => {
        await timedAsk();
        expect(await askCounters(redis.url)).not.toEqual([]);
      },
      { timeout: 15_000, interval: 250 },
    );
    expect(server.output()).toMatch(/answers again|Redis is back/);
  });
});
