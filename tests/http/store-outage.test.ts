/**
 * A Redis that hangs (SIGSTOP: connections stay open, nothing answers) behind a built server under
 * steady /ask traffic. Every answer stays correct, the server stops asking Redis after the first
 * timeout (the circuit opens; only the background probe knocks), and once Redis answers again the
 * counters are shared there again. Redis counts the commands it was sent while it hung: they are
 * processed when it resumes, so INFO commandstats tells how often the server waited on it.
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startRedis, type TestRedis } from '../support/redis';
import { startServer, type TestServer } from '../support/server';

let redis: TestRedis;
let server: TestServer;
let admin: Redis;

beforeAll(async () => {
  redis = await startRedis();
  server = await startServer({ REDIS_URL: redis.url });
  admin = new Redis(redis.url);
});
afterAll(async () => {
  admin?.disconnect();
  await server?.stop();
  await redis?.stop();
});

/** Scripts Redis has run (the store's increments and counter reads are scripts). */
async function scriptCalls(): Promise<number> {
  const info = await admin.info('commandstats');
  return [...info.matchAll(/^cmdstat_(?:eval|evalsha):calls=(\d+)/gm)].reduce((sum, match) => sum + Number(match[1]), 0);
}

const ask = async () => {
  const response = await fetch(`${server.url}/ask?query=${encodeURIComponent('kopie zapasowe')}`);
  await response.arrayBuffer();
  return response.status;
};

describe('a hanging Redis', () => {
  it('is asked once, not on every request, while it hangs; sharing resumes when it answers', async () => {
    for (let index = 0; index < 5; index++) expect(await ask()).toBe(200);
    const before = await scriptCalls();
    const REQUESTS = 40;
    redis.signal('SIGSTOP');
    const started = performance.now();
    const statuses = [];
    try {
      for (let index = 0; index < REQUESTS; index++) statuses.push(await ask());
    } finally {
      redis.signal('SIGCONT');
    }
    const seconds = (performance.now() - started) / 1000;
    expect(statuses.every((status) => status === 200)).toBe(true);
    // What the server sent while Redis hung is run now: the first request's, and the probes'.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const sent = (await scriptCalls()) - before;
    console.log(`[store-outage] ${REQUESTS} requests while Redis hung: all 200 in ${seconds.toFixed(2)} s; Redis was sent ${sent} commands meanwhile`);
    expect(sent).toBeLessThan(REQUESTS / 4);
    await vi.waitFor(() => expect(server.output()).toMatch(/answers again/), { timeout: 10_000, interval: 100 });
    const resumed = await scriptCalls();
    expect(await ask()).toBe(200);
    expect(await scriptCalls()).toBeGreaterThan(resumed);
  });
});
