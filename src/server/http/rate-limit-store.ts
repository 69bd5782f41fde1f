/**
 * rate-limiter-flexible over the project's shared store: the library keeps its semantics (points,
 * duration, RateLimiterRes with msBeforeNext), the store decides where counters live (Redis,
 * Upstash or memory) and falls back to memory while its backend is away.
 */
import { RateLimiterRes } from 'rate-limiter-flexible';
import RateLimiterStoreAbstract from 'rate-limiter-flexible/lib/RateLimiterStoreAbstract.js';
import type { Counter, SharedStore } from '../store';

export class RateLimiterSharedStore extends RateLimiterStoreAbstract {
  private readonly store: SharedStore;

  constructor(options: { store: SharedStore; points: number; duration: number; keyPrefix: string }) {
    super({ storeClient: options.store, points: options.points, duration: options.duration, keyPrefix: options.keyPrefix });
    this.store = options.store;
  }

  // The base class's hooks (called by consume, get and delete).
  _upsert(key: string, points: number, msDuration: number): Promise<Counter> {
    return this.store.increment(key, msDuration, points);
  }

  _get(key: string): Promise<Counter | null> {
    return this.store.readCounter(key);
  }

  async _delete(key: string): Promise<boolean> {
    await this.store.delete(key);
    return true;
  }

  _getRateLimiterRes(_key: string, changedPoints: number, counter: Counter): RateLimiterRes {
    return new RateLimiterRes(Math.max(this.points - counter.value, 0), counter.msLeft, counter.value, counter.value === changedPoints);
  }
}
