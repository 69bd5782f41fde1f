/**
 * The shared store on Redis (ioredis). Commands fail fast instead of queueing while Redis is away
 * (no offline queue, 500 ms command timeout), and `reachable()` tells without a command whether the
 * connection is up, so the fall-back wrapper answers from memory before any wait.
 */
import { Redis } from 'ioredis';
import { counterFrom, INCREMENT_SCRIPT, READ_COUNTER_SCRIPT, type SharedStore } from './shared-store';

export interface RedisStore extends SharedStore {
  readonly client: Redis;
  /** Resolves once connected, or after `ms` (the first requests should count in Redis when it is there). */
  ready(ms?: number): Promise<void>;
  /**
   * Resolves once the first connection is made or given up (2 s after the store was made): the one
   * wait a process ever pays, and only at its start. Later outages are answered at once.
   */
  firstConnection(): Promise<void>;
  close(): Promise<void>;
}

export function createRedisStore(url: string, log: (message: string) => void): RedisStore {
  const client = new Redis(url, {
    enableOfflineQueue: false,
    commandTimeout: 500,
    connectTimeout: 2_000,
    maxRetriesPerRequest: 0,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  let wasReady = false;
  let reported = false;
  let closing = false;
  client.on('ready', () => {
    wasReady = true;
    if (reported) log('Redis is back; keys are shared again.');
    reported = false;
  });
  const report = (reason: string) => {
    if (!reported) log(`Redis unavailable (${reason}); using process memory meanwhile.`);
    reported = true;
  };
  client.on('error', (error) => report(error.message));
  client.on('close', () => wasReady && !closing && report('connection closed'));

  function ready(ms = 1_000): Promise<void> {
    if (client.status === 'ready') return Promise.resolve();
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      client.once('ready', done);
      function done() {
        clearTimeout(timer);
        client.off('ready', done);
        resolve();
      }
    });
  }
  // Commands fail at once while disconnected (no offline queue); the first ones of a process wait for
  // the first connection instead (up to the connect timeout), or an instance that just started would
  // answer them from its own memory: a slot claimed there is not claimed for the other instances.
  let firstSettled = false;
  const firstConnection = ready(2_000).then(() => {
    firstSettled = true;
  });
  const connected = async <Result>(command: () => Promise<Result>): Promise<Result> => {
    if (!wasReady) await firstConnection;
    return command();
  };

  return {
    kind: 'redis',
    client,
    ready,
    firstConnection: () => firstConnection,
    // Until the first connection is settled a command waits for it; after, only a ready connection is asked.
    reachable: () => client.status === 'ready' || !firstSettled,
    async close() {
      // Closed on purpose (a graceful stop, the end of an admin command): nothing to report.
      closing = true;
      await client.quit().catch(() => client.disconnect());
    },
    async increment(key, ttlMs, by = 1) {
      return counterFrom(await connected(() => client.eval(INCREMENT_SCRIPT, 1, key, by, ttlMs)))!;
    },
    async readCounter(key) {
      return counterFrom(await connected(() => client.eval(READ_COUNTER_SCRIPT, 1, key)));
    },
    async setIfAbsent(key, value, ttlMs) {
      return (await connected(() => client.set(key, value, 'PX', ttlMs, 'NX'))) === 'OK';
    },
    async getAndDelete(key) {
      return connected(() => client.getdel(key));
    },
    async get(key) {
      return connected(() => client.get(key));
    },
    async set(key, value, ttlMs) {
      await connected(() => client.set(key, value, 'PX', ttlMs));
    },
    async delete(key) {
      await connected(() => client.del(key));
    },
  };
}
