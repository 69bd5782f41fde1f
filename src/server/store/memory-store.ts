/** The shared store in process memory: the embedded default, and the fallback while Redis is down. */
import type { SharedStore } from './shared-store';

interface Entry {
  value: string;
  expiresAt: number;
}

/**
 * Keys kept at most (about 200 bytes each: some 100 MiB). Keys are made from request data (a counter
 * per client address and family, codes, claims), so a flood from many addresses must meet a wall:
 * past it, expired keys go first, then the oldest tenth (the nearest to expiring anyway).
 */
export const MEMORY_STORE_MAX_ENTRIES = 500_000;

export type MemoryStore = SharedStore & {
  /** Keys held now, expired ones not yet dropped included (what a test of the bound reads). */
  entryCount(): number;
};

export function createMemoryStore(now: () => number = Date.now, maxEntries = MEMORY_STORE_MAX_ENTRIES): MemoryStore {
  const entries = new Map<string, Entry>();
  let writes = 0;

  function live(key: string): Entry | undefined {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  }

  function dropExpired() {
    const time = now();
    for (const [key, entry] of entries) if (entry.expiresAt <= time) entries.delete(key);
  }

  // Expired keys are dropped when read; sweep now and then so unread ones do not pile up, and make
  // room before a new key when the store is full.
  function sweep() {
    if (++writes % 1000 === 0) dropExpired();
    if (entries.size < maxEntries) return;
    dropExpired();
    if (entries.size < maxEntries) return;
    let excess = entries.size - maxEntries + Math.max(1, Math.floor(maxEntries / 10));
    for (const key of entries.keys()) {
      if (excess-- <= 0) break;
      entries.delete(key);
    }
  }

  return {
    kind: 'memory',
    entryCount: () => entries.size,
    async increment(key, ttlMs, by = 1) {
      sweep();
      const entry = live(key);
      if (!entry) {
        entries.set(key, { value: String(by), expiresAt: now() + ttlMs });
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
      sweep();
      if (live(key)) return false;
      entries.set(key, { value, expiresAt: now() + ttlMs });
      return true;
    },
    async getAndDelete(key) {
      const entry = live(key);
      entries.delete(key);
      return entry ? entry.value : null;
    },
    async get(key) {
      return live(key)?.value ?? null;
    },
    async set(key, value, ttlMs) {
      sweep();
      entries.set(key, { value, expiresAt: now() + ttlMs });
    },
    async delete(key) {
      entries.delete(key);
    },
  };
}
