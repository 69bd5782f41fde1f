/**
 * The shared store's operations behave alike on every backend: process memory, a real
 * redis-server, and the same Redis reached through Upstash's REST API (@upstash/redis over the fake).
 */
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { withMemoryFallback } from '../../src/server/store/fallback-store';
import { createMemoryStore } from '../../src/server/store/memory-store';
import { createRedisStore, type RedisStore } from '../../src/server/store/redis-store';
import type { SharedStore } from '../../src/server/store/shared-store';
import { createUpstashStore } from '../../src/server/store/upstash-store';
import { startRedis, startUpstashFake, type TestRedis } from '../support/redis';

let redis: TestRedis;
let redisStore: RedisStore;
let upstash: Awaited<ReturnType<typeof startUpstashFake>>;
const logs: string[] = [];

beforeAll(async () => {
  redis = await startRedis();
  redisStore = createRedisStore(redis.url, (message) => logs.push(message));
  await redisStore.ready(5_000);
  upstash = await startUpstashFake(redis.url);
});
afterAll(async () => {
  await redisStore?.close();
  await upstash?.close();
  await redis?.stop();
});

const backends: Array<[string, () => SharedStore]> = [
  ['memory', () => createMemoryStore()],
  ['redis', () => redisStore],
  // A generous timeout: these tests are about semantics, not about how fast a loaded machine answers.
  ['upstash', () => createUpstashStore(upstash.url, upstash.token, 10_000)],
];

describe.each(backends)('the %s store', (name, storeOf) => {
  const key = (suffix: string) => `test:${name}:${suffix}:${Math.random().toString(36).slice(2)}`;

  it('counts in a fixed window that starts with the first increment', async () => {
    const store = storeOf();
    const counter = key('count');
    expect(await store.readCounter(counter)).toBeNull();
    const first = await store.increment(counter, 60_000);
    const second = await store.increment(counter, 60_000, 2);
    expect([first.value, second.value]).toEqual([1, 3]);
    expect(second.msLeft).toBeGreaterThan(55_000);
    expect(second.msLeft).toBeLessThanOrEqual(60_000);
    expect((await store.readCounter(counter))?.value).toBe(3);
  });

  it('forgets a counter when its window ends', async () => {
    const store = storeOf();
    const counter = key('expire');
    await store.increment(counter, 80);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(await store.readCounter(counter)).toBeNull();
    expect((await store.increment(counter, 80)).value).toBe(1);
  });

  it('stores a key only when it is absent', async () => {
    const store = storeOf();
    const claim = key('claim');
    expect(await store.setIfAbsent(claim, 'first', 60_000)).toBe(true);
    expect(await store.setIfAbsent(claim, 'second', 60_000)).toBe(false);
    expect(await store.get(claim)).toBe('first');
  });

  it('gives a single-use value to exactly one of many concurrent takers', async () => {
    const store = storeOf();
    const code = key('code');
    await store.set(code, '{"client":"x"}', 60_000);
    const taken = await Promise.all(Array.from({ length: 20 }, () => store.getAndDelete(code)));
    expect(taken.filter((value) => value !== null)).toEqual(['{"client":"x"}']);
    expect(await store.get(code)).toBeNull();
  });

  it('deletes', async () => {
    const store = storeOf();
    const plain = key('plain');
    await store.set(plain, 'v', 60_000);
    await store.delete(plain);
    expect(await store.get(plain)).toBeNull();
  });
});

describe('the memory fall-back (a circuit breaker)', () => {
  /** A backend that counts the calls it gets and fails while `down`. */
  function flakyBackend() {
    const backend = { down: true, calls: 0 };
    const failing = <Result>(answer: () => Result) => async (): Promise<Result> => {
      backend.calls++;
      if (backend.down) throw new Error('connection refused');
      return answer();
    };
    const store: SharedStore = {
      ...createMemoryStore(),
      kind: 'redis',
      increment: failing(() => ({ value: 100, msLeft: 1000 })),
      readCounter: failing(() => null),
    };
    return { backend, store };
  }

  it('answers from memory at once while the backend is away, probes it in the background, and shares again when it is back', async () => {
    const messages: string[] = [];
    const { backend, store: flaky } = flakyBackend();
    const store = withMemoryFallback(flaky, createMemoryStore(), (message) => messages.push(message), { probeIntervalMs: 20 });
    expect((await store.increment('k', 1000)).value).toBe(1);
    expect(messages).toEqual([]);
    // Three failures in a row open the circuit: a thousand operations more do not touch the backend (only the probe does).
    for (let index = 0; index < 1000; index++) await store.increment('k', 1000);
    expect((await store.increment('k', 1000)).value).toBe(1002);
    expect(backend.calls).toBeLessThanOrEqual(4);
    expect(messages).toEqual([expect.stringMatching(/^Redis unavailable \(connection refused\)/)]);
    backend.down = false;
    await vi.waitFor(() => expect(messages[1]).toMatch(/answers again/), { timeout: 2_000, interval: 10 });
    expect((await store.increment('k', 1000)).value).toBe(100);
    expect(messages).toHaveLength(2);
  });

  it('stays closed through a failure now and then: every operation still asks the backend', async () => {
    const messages: string[] = [];
    const { backend, store: flaky } = flakyBackend();
    const store = withMemoryFallback(flaky, createMemoryStore(), (message) => messages.push(message), { probeIntervalMs: 20 });
    for (let round = 0; round < 5; round++) {
      backend.down = true;
      await store.increment('k', 1000);
      await store.increment('k', 1000);
      backend.down = false;
      expect((await store.increment('k', 1000)).value).toBe(100);
    }
    expect(backend.calls).toBe(15);
    expect(messages).toEqual([]);
  });
});

describe('the memory fall-back over a real Redis that stops', () => {
  it('goes to memory before any command waits once the connection is down, and back to Redis once it is up', async () => {
    let own = await startRedis();
    const messages: string[] = [];
    const backend = createRedisStore(own.url, () => {});
    await backend.ready(5_000);
    const store = withMemoryFallback(backend, createMemoryStore(), (message) => messages.push(message), { probeIntervalMs: 50 });
    try {
      expect((await store.increment('stopping', 60_000)).value).toBe(1);
      const port = own.port;
      await own.stop();
      await vi.waitFor(() => expect(backend.reachable?.()).toBe(false), { timeout: 5_000, interval: 10 });
      const started = performance.now();
      for (let index = 0; index < 100; index++) await store.increment('stopping', 60_000);
      const perOperation = (performance.now() - started) / 100;
      console.log(`[shared-store] with Redis stopped: ${perOperation.toFixed(3)} ms per increment`);
      // Memory's pace, not a command timeout's (500 ms).
      expect(perOperation).toBeLessThan(5);
      expect(messages).toEqual([expect.stringMatching(/^Redis unavailable \(not connected\)/)]);
      own = await startRedis({ port });
      await vi.waitFor(() => expect(messages[1]).toMatch(/answers again/), { timeout: 10_000, interval: 20 });
      // A fresh Redis: the counter starts there again.
      expect((await store.increment('stopping', 60_000)).value).toBe(1);
    } finally {
      await backend.close();
      await own.stop();
    }
  });
});

describe('the memory fall-back over an Upstash that hangs', () => {
  it('costs the first few operations the call timeout each, then memory answers at once', async () => {
    // Accepts connections and never answers: what a hung REST endpoint looks like.
    const sockets = new Set<Socket>();
    const hanging = createServer((socket) => void sockets.add(socket));
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    const { port } = hanging.address() as AddressInfo;
    const store = withMemoryFallback(createUpstashStore(`http://127.0.0.1:${port}`, 'token'), createMemoryStore(), () => {}, { probeIntervalMs: 60_000 });
    try {
      const took: number[] = [];
      for (let index = 0; index < 20; index++) {
        const started = performance.now();
        await store.increment('hung', 60_000);
        took.push(performance.now() - started);
      }
      console.log(`[shared-store] Upstash hanging: ${took.map((ms) => ms.toFixed(0)).join(', ')} ms`);
      // Three calls give up after the 500 ms timeout and open the circuit; the rest never wait.
      expect(took.slice(0, 3).every((ms) => ms >= 450 && ms < 1_500)).toBe(true);
      expect(Math.max(...took.slice(3))).toBeLessThan(50);
      expect((await store.readCounter('hung'))?.value).toBe(20);
    } finally {
      for (const socket of sockets) socket.destroy();
      hanging.close();
    }
  });
});

describe('the memory store under a flood of distinct keys', () => {
  it('holds at most its bound of counters, dropping the least recently used', async () => {
    let time = 0;
    const store = createMemoryStore(() => time, { bounded: 1000 });
    // The attack: a counter per client address, from 20,000 addresses, all live in the same minute.
    for (let n = 0; n < 20_000; n++) await store.increment(`rl:ask:198.51.${n >> 8}.${n & 255}`, 60_000);
    console.log(`memory store after 20,000 distinct keys with a bound of 1,000: ${store.entryCount()} keys`);
    expect(store.entryCount()).toBeLessThanOrEqual(1000);
    // The newest keys are kept.
    expect(await store.readCounter('rl:ask:198.51.78.31')).toMatchObject({ value: 1 });
    time += 61_000;
    await store.set('rl:after', 'x', 60_000);
    expect(store.entryCount()).toBeLessThanOrEqual(1000);
  });

  it('never drops security state for counters and caches, however many come', async () => {
    let time = 0;
    const store = createMemoryStore(() => time, { bounded: 1000, security: 1000 });
    const day = 24 * 60 * 60 * 1000;
    // What the flood evicted before: the approval secret, revocations, booking places, the replay guard, the day's cap.
    const security = {
      'chat:approval-secret': 'secret',
      'oauth:revoked:grant-1': '1',
      'oauth:revoked-jti:jti-1': '1',
      'oauth:grant:grant-2': '["hash"]',
      'booking-open:ip:abc:0': 'token',
      'booking-places:def': '{}',
      'chat:call:ghi': '1',
      'altcha:used:nonce': '1',
    };
    for (const [key, value] of Object.entries(security)) await store.set(key, value, 30 * day);
    await store.increment('chat:daily:2026-12-07', day);
    time += 1000;
    for (let n = 0; n < 20_000; n++) {
      await store.increment(`rl:chat:2001:db8:${n.toString(16)}::/64`, 60_000);
      await store.set(`oauth:cimd:${n}`, '{}', 60_000);
      await store.increment(`daily-share:chat:2026-12-07:${n}`, day);
    }
    for (const [key, value] of Object.entries(security)) expect(await store.get(key), key).toBe(value);
    expect(await store.readCounter('chat:daily:2026-12-07')).toMatchObject({ value: 1 });
    expect(store.entryCount()).toBeLessThanOrEqual(1000 + Object.keys(security).length + 1);
  });

  it('refuses a new security key with 503 and Retry-After when its room is full, keeps the old ones, and takes new ones once old ones expire', async () => {
    let time = 0;
    const store = createMemoryStore(() => time, { security: 10 });
    for (let n = 0; n < 10; n++) await store.set(`oauth:revoked:grant-${n}`, '1', 60_000);
    const refusal = await store.set('oauth:revoked:grant-10', '1', 60_000).catch((error: unknown) => error);
    expect(refusal).toMatchObject({ status: 503, code: 'service_unavailable', retryable: true, headers: { 'Retry-After': '60' } });
    expect(await store.setIfAbsent('chat:call:new', '1', 60_000).catch((error: unknown) => error)).toMatchObject({ status: 503 });
    for (let n = 0; n < 10; n++) expect(await store.get(`oauth:revoked:grant-${n}`)).toBe('1');
    // A key already held may still change (a counter of the day's cap goes on counting).
    await store.set('oauth:revoked:grant-3', '2', 60_000);
    // Counters and caches are not held back by a full security store.
    await store.increment('rl:ask:192.0.2.1', 60_000);
    time += 61_000;
    await store.set('oauth:revoked:grant-10', '1', 60_000);
    expect(await store.get('oauth:revoked:grant-10')).toBe('1');
  });
});

describe('a Redis at its memory limit (noeviction)', () => {
  it('refuses a security write with 503 instead of keeping it in one process, answers counters from memory, and stays on Redis', async () => {
    const full = await startRedis();
    const backend = createRedisStore(full.url, () => {});
    try {
      await backend.ready(5_000);
      await backend.set('oauth:revoked:before', '1', 60_000);
      await backend.client.config('SET', 'maxmemory-policy', 'noeviction');
      await backend.client.config('SET', 'maxmemory', '1');
      const messages: string[] = [];
      const store = withMemoryFallback(backend, createMemoryStore(), (message) => messages.push(message), { failuresToOpen: 1 });
      const refusal = await store.set('oauth:revoked:after', '1', 60_000).catch((error: unknown) => error);
      expect(refusal).toMatchObject({ status: 503, code: 'service_unavailable' });
      expect(await store.increment('rl:ask:192.0.2.1', 60_000)).toMatchObject({ value: 1 });
      // Not an outage: reads still come from Redis, where the earlier revocation is.
      expect(messages).toEqual([]);
      expect(await store.get('oauth:revoked:before')).toBe('1');
    } finally {
      await backend.close();
      await full.stop();
    }
  });
});
