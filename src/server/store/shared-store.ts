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
 * Two kinds of keys, told apart by their prefix. Counters and caches (the per-client rate-limit
 * windows, the per-address daily shares, cached client metadata documents) are rebuilt by the next
 * request, so a full memory store may drop them, least recently used first: a dropped counter only
 * gives one address its budget back early. Every other key is security state (the chat's approval
 * secret, revocations, refresh-token and code records, replay guards, booking places, slot claims,
 * the deployment's daily caps): it ends only when its time is up, and a store with no room for a new
 * one refuses the write (503) rather than forget an old one. A new key family is security state
 * unless it is named here.
 */
export const BOUNDED_KEY_PREFIXES = ['rl:', 'oauth:registrations:', 'oauth:codes:', 'oauth:cimd:', 'daily-share:', 'store:probe'] as const;

export type KeyKind = 'bounded' | 'security';

export function keyKind(key: string): KeyKind {
  return BOUNDED_KEY_PREFIXES.some((prefix) => key.startsWith(prefix)) ? 'bounded' : 'security';
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
