/**
 * The shared store: short-lived keys that every server process must see alike (rate-limit
 * counters, the chat's daily cap, OAuth codes and refresh tokens, slot claims). Redis when
 * REDIS_URL is set, Upstash REST when its two settings are, else process memory.
 *
 * Only the operations the project needs, each atomic in every backend.
 */
export interface Counter {
  value: number;
  /** Milliseconds before the counter resets. */
  msLeft: number;
}

export interface SharedStore {
  /** Which backend answers (for /status/ and logs). */
  readonly kind: 'redis' | 'upstash' | 'memory';
  /**
   * False when the backend is known to be away without asking it (a connection that is not up), so a
   * caller can go elsewhere at once; absent when the backend cannot tell (a stateless HTTP API).
   */
  reachable?(): boolean;
  /**
   * Adds `by` to a counter that expires `ttlMs` after its first increment (a fixed window) and
   * returns the new value and the time left before it resets.
   */
  increment(key: string, ttlMs: number, by?: number): Promise<Counter>;
  /** A counter's standing without changing it; null when it does not exist (or has expired). */
  readCounter(key: string): Promise<Counter | null>;
  /** Stores `value` under `key` for `ttlMs` only if the key is absent; true when it was stored. */
  setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean>;
  /** Reads and removes a key in one step (single-use codes): at most one caller gets the value. */
  getAndDelete(key: string): Promise<string | null>;
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  delete(key: string): Promise<void>;
}

/**
 * The increment of every Redis backend, as one script so the counter and its expiry are set
 * together (a crash between INCRBY and PEXPIRE would leave a counter that never resets).
 * KEYS[1] counter; ARGV[1] amount; ARGV[2] window in ms. Returns { value, ms left }.
 */
export const INCREMENT_SCRIPT = `
local value = redis.call('INCRBY', KEYS[1], ARGV[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  ttl = tonumber(ARGV[2])
end
return { value, ttl }
`;

/** KEYS[1] counter. Returns { value, ms left } or an empty array when absent. */
export const READ_COUNTER_SCRIPT = `
local value = redis.call('GET', KEYS[1])
if not value then return {} end
return { tonumber(value), redis.call('PTTL', KEYS[1]) }
`;

export function counterFrom(reply: unknown): Counter | null {
  if (!Array.isArray(reply) || reply.length < 2) return null;
  return { value: Number(reply[0]), msLeft: Math.max(0, Number(reply[1])) };
}
