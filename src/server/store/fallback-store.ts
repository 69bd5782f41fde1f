/**
 * Keeps the site serving while the shared backend is away: each operation that fails on Redis or
 * Upstash is answered by this process's memory instead (counted per instance meanwhile, as the
 * README says), and the outage is logged once until the backend answers again.
 */
import type { SharedStore } from './shared-store';

export function withMemoryFallback(primary: SharedStore, memory: SharedStore, log: (message: string) => void): SharedStore {
  let failing = false;
  const attempt = <Args extends unknown[], Result>(operation: (store: SharedStore, ...args: Args) => Promise<Result>) =>
    async (...args: Args): Promise<Result> => {
      try {
        const result = await operation(primary, ...args);
        if (failing) log(`${primary.kind} answers again; keys are shared again.`);
        failing = false;
        return result;
      } catch (error) {
        if (!failing) log(`${primary.kind === 'redis' ? 'Redis' : 'Upstash'} unavailable (${(error as Error).message}); using process memory meanwhile.`);
        failing = true;
        return operation(memory, ...args);
      }
    };
  return {
    kind: primary.kind,
    increment: attempt((store, key: string, ttlMs: number, by?: number) => store.increment(key, ttlMs, by)),
    readCounter: attempt((store, key: string) => store.readCounter(key)),
    setIfAbsent: attempt((store, key: string, value: string, ttlMs: number) => store.setIfAbsent(key, value, ttlMs)),
    getAndDelete: attempt((store, key: string) => store.getAndDelete(key)),
    get: attempt((store, key: string) => store.get(key)),
    set: attempt((store, key: string, value: string, ttlMs: number) => store.set(key, value, ttlMs)),
    delete: attempt((store, key: string) => store.delete(key)),
  };
}
