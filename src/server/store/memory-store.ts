/** The shared store in process memory: the embedded default, and the fallback while Redis is down. */
import { LRUCache } from 'lru-cache';
import { fault } from '../base/errors';
import { keyKind, type SharedStore } from './shared-store';

interface Entry {
  value: string;
  expiresAt: number;
}

/**
 * Keys kept at most, per kind (about 200 bytes each: some 50 MiB each). Keys are made from request
 * data (a counter per client address and family, codes, claims), so a flood from many addresses must
 * meet a wall. Counters and caches live in a least-recently-used map of their own; security state
 * (shared-store.ts `keyKind`) is never dropped for space: past its bound a new key is refused.
 */
export const MEMORY_STORE_LIMITS = { bounded: 250_000, security: 250_000 };

/** What a refused security write tells the caller to wait: expired keys free room as time passes. */
export const FULL_RETRY_AFTER_SECONDS = 60;

export type MemoryStore = SharedStore & {
  /** Keys held now, expired ones not yet dropped included (what a test of the bound reads). */
  entryCount(): number;
};

export interface MemoryStoreLimits {
  bounded?: number;
  security?: number;
}

export function createMemoryStore(now: () => number = Date.now, limits: MemoryStoreLimits = {}): MemoryStore {
  const maxSecurity = limits.security ?? MEMORY_STORE_LIMITS.security;
  const security = new Map<string, Entry>();
  const bounded = new LRUCache<string, Entry>({ max: limits.bounded ?? MEMORY_STORE_LIMITS.bounded });
  let writes = 0;

  const mapOf = (key: string) => (keyKind(key) === 'security' ? security : bounded);

  function live(key: string): Entry | undefined {
    const map = mapOf(key);
    const entry = map.get(key);
    if (entry && entry.expiresAt <= now()) {
      map.delete(key);
      return undefined;
    }
    return entry;
  }

  function dropExpired() {
    const time = now();
    for (const [key, entry] of security) if (entry.expiresAt <= time) security.delete(key);
  }

  /**
   * Makes room for a new key. The bounded map drops its least recently used key by itself; the
   * security map drops only expired keys (swept now and then, and before a refusal) and refuses
   * when none has expired.
   */
  function roomFor(key: string) {
    if (keyKind(key) !== 'security' || security.has(key)) return;
    if (++writes % 1000 === 0) dropExpired();
    if (security.size < maxSecurity) return;
    dropExpired();
    if (security.size < maxSecurity) return;
    throw fault('service_unavailable.store_full', undefined, { headers: { 'Retry-After': String(FULL_RETRY_AFTER_SECONDS) } });
  }

  function put(key: string, value: string, ttlMs: number) {
    roomFor(key);
    mapOf(key).set(key, { value, expiresAt: now() + ttlMs });
  }

  return {
    kind: 'memory',
    entryCount: () => security.size + bounded.size,
    async increment(key, ttlMs, by = 1) {
      const entry = live(key);
      if (!entry) {
        put(key, String(by), ttlMs);
        return { value: by, msLeft: ttlMs };
      }
      const value = Number(entry.value) + by;
      entry.value = String(value);
      return { value, msLeft: entry.expiresAt - now() };
    },
    async readCounter(key) {
      const entry = live(key);
      return entry ? { value: Number(entry.value), msLeft: entry.expiresAt - now() } : null;
    },
    async setIfAbsent(key, value, ttlMs) {
      if (live(key)) return false;
      put(key, value, ttlMs);
      return true;
    },
    async getAndDelete(key) {
      const entry = live(key);
      mapOf(key).delete(key);
      return entry ? entry.value : null;
    },
    async get(key) {
      return live(key)?.value ?? null;
    },
    async set(key, value, ttlMs) {
      put(key, value, ttlMs);
    },
    async delete(key) {
      mapOf(key).delete(key);
    },
  };
}
