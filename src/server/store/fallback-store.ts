/**
 * Keeps the site serving while the shared backend is away, as a circuit breaker. An operation that
 * fails on Redis or Upstash is answered by this process's memory; `failuresToOpen` failures in a row
 * open the circuit, and from then on every operation is answered by memory at once (counted per
 * instance meanwhile, as docs/operations.md says) instead of each request waiting on a backend that is gone.
 * A backend that says it is not connected (Redis's connection is down) opens the circuit at once,
 * before any operation waits on it. One slow answer on a busy machine does not open it: while the
 * circuit is closed, every operation still goes to the backend, so slot claims stay shared. A probe in the background asks the backend
 * again every `probeIntervalMs`; when it answers, the circuit closes and keys are shared again. Each
 * change is logged once.
 */
import { fault } from '../base/errors';
import { FULL_RETRY_AFTER_SECONDS } from './memory-store';
import { keyKind, type SharedStore } from './shared-store';

/**
 * A Redis at its memory limit (`maxmemory` with the `noeviction` policy) refuses writes with an OOM
 * error. It is not away: reads still answer, so the circuit stays closed. A counter or cache write is
 * answered from memory meanwhile; a security write is refused (503), since process memory would hide
 * it from every other process.
 */
const OUT_OF_MEMORY = /\bOOM\b|max(imum)? data size/i;

export interface FallbackOptions {
  /** How often the background probe asks a backend that failed. */
  probeIntervalMs?: number;
  /** Failed operations in a row (no success between them) that open the circuit. */
  failuresToOpen?: number;
}

/** The key the probe reads: any read proves the backend answers. */
const PROBE_KEY = 'store:probe';

export function withMemoryFallback(primary: SharedStore, memory: SharedStore, log: (message: string) => void, options: FallbackOptions = {}): SharedStore {
  const probeIntervalMs = options.probeIntervalMs ?? 1_000;
  const failuresToOpen = options.failuresToOpen ?? 3;
  const name = primary.kind === 'redis' ? 'Redis' : 'Upstash';
  let open = false;
  let failuresInARow = 0;

  function failed(error: unknown, atOnce = false) {
    if (open || (++failuresInARow < failuresToOpen && !atOnce)) return;
    open = true;
    log(`${name} unavailable (${(error as Error)?.message ?? error}); using process memory meanwhile.`);
    scheduleProbe();
  }

  function scheduleProbe() {
    const timer = setTimeout(async () => {
      try {
        await primary.readCounter(PROBE_KEY);
        open = false;
        failuresInARow = 0;
        log(`${name} answers again; keys are shared again.`);
      } catch {
        scheduleProbe();
      }
    }, probeIntervalMs);
    // A probe never keeps a stopping process alive.
    timer.unref();
  }

  const attempt = <Args extends [string, ...unknown[]], Result>(operation: (store: SharedStore, ...args: Args) => Promise<Result>) =>
    async (...args: Args): Promise<Result> => {
      if (open) return operation(memory, ...args);
      if (primary.reachable?.() === false) {
        failed(new Error('not connected'), true);
        return operation(memory, ...args);
      }
      try {
        const result = await operation(primary, ...args);
        failuresInARow = 0;
        return result;
      } catch (error) {
        if (OUT_OF_MEMORY.test((error as Error)?.message ?? '')) {
          if (keyKind(args[0]) === 'security') throw fault('service_unavailable.store_full', undefined, { headers: { 'Retry-After': String(FULL_RETRY_AFTER_SECONDS) } });
          return operation(memory, ...args);
        }
        failed(error);
        return operation(memory, ...args);
      }
    };
  return {
    kind: primary.kind,
    reachable: () => !open && primary.reachable?.() !== false,
    increment: attempt((store, key: string, ttlMs: number, by?: number) => store.increment(key, ttlMs, by)),
    readCounter: attempt((store, key: string) => store.readCounter(key)),
    setIfAbsent: attempt((store, key: string, value: string, ttlMs: number) => store.setIfAbsent(key, value, ttlMs)),
    getAndDelete: attempt((store, key: string) => store.getAndDelete(key)),
    get: attempt((store, key: string) => store.get(key)),
    set: attempt((store, key: string, value: string, ttlMs: number) => store.set(key, value, ttlMs)),
    delete: attempt((store, key: string) => store.delete(key)),
  };
}
