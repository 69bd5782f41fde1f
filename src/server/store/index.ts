/**
 * The process's shared store (see shared-store.ts): Redis when REDIS_URL is set, else Upstash REST
 * when both of its settings are, else memory. Redis and Upstash fall back to memory while away.
 */
import { Redis } from 'ioredis';
import { onShutdown } from '../base/lifecycle';
import { probeHttp, probeTimeoutMs, type Probeable, type ProbeResult } from '../providers/probe';
import { getSettings, type Settings } from '../base/settings';
import { withMemoryFallback } from './fallback-store';
import { createMemoryStore } from './memory-store';
import { createRedisStore, type RedisStore } from './redis-store';
import type { SharedStore } from './shared-store';
import { createUpstashStore } from './upstash-store';
import { logger } from '../base/log';

export type { Counter, SharedStore } from './shared-store';

let store: SharedStore | undefined;
let redis: RedisStore | undefined;

const log = (message: string) => logger().error(`[store] ${message}`);

export function sharedStoreKind(settings: Settings = getSettings()): SharedStore['kind'] {
  if (settings.REDIS_URL) return 'redis';
  if (settings.UPSTASH_REDIS_REST_URL && settings.UPSTASH_REDIS_REST_TOKEN) return 'upstash';
  return 'memory';
}

export function getSharedStore(): SharedStore {
  if (store) return store;
  const settings = getSettings();
  const memory = createMemoryStore();
  switch (sharedStoreKind(settings)) {
    case 'redis':
      redis = createRedisStore(settings.REDIS_URL!, log);
      // The graceful stop (src/server/node/shutdown.ts) closes the connection after the last request.
      onShutdown('shared store', closeSharedStore);
      return (store = withMemoryFallback(redis, memory, log));
    case 'upstash':
      return (store = withMemoryFallback(createUpstashStore(settings.UPSTASH_REDIS_REST_URL!, settings.UPSTASH_REDIS_REST_TOKEN!), memory, log));
    default:
      return (store = memory);
  }
}

/**
 * At start-up, give Redis a moment to connect so the first requests count where they belong. Only
 * the first connection is waited for: once made or given up, an outage costs a request nothing.
 */
export async function sharedStoreReady(): Promise<void> {
  getSharedStore();
  await redis?.firstConnection();
}

/** Closes the connection to Redis (graceful shutdown); the next use opens a new store. */
export async function closeSharedStore(): Promise<void> {
  const closing = redis?.close();
  store = undefined;
  redis = undefined;
  await closing;
}

/** /status/'s view of the shared store ("counters"): which backend, and whether it answers. */
export function storeStatus(settings: Settings): Probeable {
  const kind = sharedStoreKind(settings);
  return {
    describe: () => ({ provider: kind, external: kind !== 'memory' }),
    probe: async () =>
      kind === 'redis'
        ? probeRedis(settings.REDIS_URL!)
        : kind === 'upstash'
          ? probeHttp(`${settings.UPSTASH_REDIS_REST_URL!.replace(/\/+$/, '')}/ping`, { Authorization: `Bearer ${settings.UPSTASH_REDIS_REST_TOKEN}` })
          : { state: 'ok', detail: 'process memory (counters are per instance)' },
  };
}

/** A fresh connection, so the probe tells whether Redis answers now, not whether it did. */
async function probeRedis(url: string): Promise<ProbeResult> {
  const client = new Redis(url, { lazyConnect: true, connectTimeout: probeTimeoutMs, maxRetriesPerRequest: 0, enableOfflineQueue: false, retryStrategy: () => null });
  client.on('error', () => {}); // reported through the rejected promise below
  try {
    await client.connect();
    const answer = await client.ping();
    return { state: 'ok', detail: `PING answered ${answer}` };
  } catch (error) {
    const message = (error as Error).message;
    return /NOAUTH|WRONGPASS|invalid password/i.test(message) ? { state: 'key_refused', detail: 'Redis refused the password' } : { state: 'unreachable', detail: `Redis: ${message}` };
  } finally {
    client.disconnect();
  }
}
