/**
 * The shared store on Upstash's Redis REST API, through `@upstash/redis`. Values stay strings
 * (no automatic JSON decoding) and each call gives up after 500 ms without retrying, so the
 * fall-back wrapper can answer from memory when Upstash is slow or away.
 */
import { Redis } from '@upstash/redis';
import { counterFrom, INCREMENT_SCRIPT, READ_COUNTER_SCRIPT, type SharedStore } from './shared-store';

/** Each call gives up after this long (a slow Upstash should not hold requests: memory answers meanwhile). */
const TIMEOUT_MS = 500;

export function createUpstashStore(url: string, token: string, timeoutMs = TIMEOUT_MS): SharedStore {
  const client = new Redis({
    url,
    token,
    automaticDeserialization: false,
    enableTelemetry: false,
    retry: false,
    signal: () => AbortSignal.timeout(timeoutMs),
  });
  const text = (value: unknown) => (value === null || value === undefined ? null : String(value));
  return {
    kind: 'upstash',
    async increment(key, ttlMs, by = 1) {
      return counterFrom(await client.eval(INCREMENT_SCRIPT, [key], [String(by), String(ttlMs)]))!;
    },
    async readCounter(key) {
      return counterFrom(await client.eval(READ_COUNTER_SCRIPT, [key], []));
    },
    async setIfAbsent(key, value, ttlMs) {
      return (await client.set(key, value, { nx: true, px: ttlMs })) === 'OK';
    },
    async getAndDelete(key) {
      return text(await client.getdel(key));
    },
    async get(key) {
      return text(await client.get(key));
    },
    async set(key, value, ttlMs) {
      await client.set(key, value, { px: ttlMs });
    },
    async delete(key) {
      await client.del(key);
    },
  };
}
