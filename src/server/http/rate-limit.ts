/**
 * Rate limits per client and endpoint family, with rate-limiter-flexible. Over the limit is a
 * value (with the time to wait), not an exception.
 *
 * Store: Redis when REDIS_URL is set (counters shared by every server process), else process memory.
 * Redis is insured by a memory limiter: when Redis is down or slow, each process limits on its own
 * and requests keep being served. A family is a RATE_LIMIT_* setting (requests per minute per client);
 * to add one, add it to RateLimitFamily and the path table in route-policy.ts and to `settingOf` here.
 */
import { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  type RateLimiterAbstract,
  type RateLimiterRes,
} from 'rate-limiter-flexible';
import { getSettings, type Settings } from '../settings';
import type { RateLimitFamily } from './route-policy';
import { createUpstashClient } from './upstash';

export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Whole seconds until the client may try again (only meaningful when not allowed). */
  retryAfterSeconds: number;
}

const settingOf: Record<RateLimitFamily, keyof Settings> = {
  subscribe: 'RATE_LIMIT_SUBSCRIBE',
  unsubscribe: 'RATE_LIMIT_UNSUBSCRIBE',
  contact: 'RATE_LIMIT_CONTACT',
  mcp: 'RATE_LIMIT_MCP',
  ask: 'RATE_LIMIT_ASK',
  slots: 'RATE_LIMIT_SLOTS',
  chat: 'RATE_LIMIT_CHAT',
  oauth: 'RATE_LIMIT_OAUTH',
};

/** The window of every family: limits are per minute. */
export const WINDOW_SECONDS = 60;

export function limitOf(family: RateLimitFamily, settings: Settings = getSettings()): number {
  return settings[settingOf[family]] as number;
}

/** Which store the counters live in, for logs and the status page. */
export function rateLimitStore(settings: Settings = getSettings()): 'redis' | 'upstash' | 'memory' {
  if (settings.REDIS_URL) return 'redis';
  if (settings.UPSTASH_REDIS_REST_URL && settings.UPSTASH_REDIS_REST_TOKEN) return 'upstash';
  return 'memory';
}

let redis: Redis | undefined;
let redisWasReady = false;

function redisClient(url: string): Redis {
  if (!redis) {
    redis = new Redis(url, {
      // Fail fast instead of queueing while disconnected: the memory insurance answers meanwhile.
      enableOfflineQueue: false,
      commandTimeout: 500,
      connectTimeout: 2_000,
      maxRetriesPerRequest: 0,
      retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
    });
    let reported = false;
    redis.on('ready', () => {
      redisWasReady = true;
      if (reported) console.log('[rate-limit] Redis is back; counters are shared again.');
      reported = false;
    });
    const report = (reason: string) => {
      if (!reported) console.error(`[rate-limit] Redis unavailable (${reason}); limiting in memory meanwhile.`);
      reported = true;
    };
    redis.on('error', (error) => report(error.message));
    redis.on('close', () => redisWasReady && report('connection closed'));
  }
  return redis;
}

/** At start-up, give Redis a moment to connect so the first requests are counted where they belong. */
async function awaitFirstConnection(client: Redis, ms = 1_000): Promise<void> {
  if (redisWasReady || client.status === 'ready') return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    client.once('ready', done);
    function done() {
      clearTimeout(timer);
      client.off('ready', done);
      resolve();
    }
  });
}

const limiters = new Map<RateLimitFamily, RateLimiterAbstract>();

function limiterFor(family: RateLimitFamily, settings: Settings): RateLimiterAbstract {
  let limiter = limiters.get(family);
  if (limiter) return limiter;
  const options = { keyPrefix: `rl:${family}`, points: limitOf(family, settings), duration: WINDOW_SECONDS };
  const memory = new RateLimiterMemory(options);
  const store = rateLimitStore(settings);
  if (store === 'redis') {
    limiter = new RateLimiterRedis({ ...options, storeClient: redisClient(settings.REDIS_URL!), rejectIfRedisNotReady: true, insuranceLimiter: memory });
  } else if (store === 'upstash') {
    limiter = new RateLimiterRedis({
      ...options,
      storeClient: createUpstashClient(settings.UPSTASH_REDIS_REST_URL!, settings.UPSTASH_REDIS_REST_TOKEN!),
      // The adapter speaks the node-redis calling convention (eval with keys/arguments).
      useRedisPackage: true,
      insuranceLimiter: memory,
    });
  } else {
    limiter = memory;
  }
  limiters.set(family, limiter);
  return limiter;
}

export async function consumeRateLimit(family: RateLimitFamily, clientKey: string): Promise<RateLimitDecision> {
  const settings = getSettings();
  const limit = limitOf(family, settings);
  const limiter = limiterFor(family, settings);
  if (redis) await awaitFirstConnection(redis);
  try {
    const result = await limiter.consume(clientKey, 1);
    return { allowed: true, limit, remaining: result.remainingPoints, retryAfterSeconds: 0 };
  } catch (rejection) {
    if (rejection instanceof Error) {
      // Only reachable if the insurance itself failed: serve the request rather than fail it.
      console.error('[rate-limit] limiter failed, request let through:', rejection.message);
      return { allowed: true, limit, remaining: limit, retryAfterSeconds: 0 };
    }
    const result = rejection as RateLimiterRes;
    return { allowed: false, limit, remaining: 0, retryAfterSeconds: Math.max(1, Math.ceil(result.msBeforeNext / 1000)) };
  }
}

/**
 * The client's standing without spending a request (for CORS preflights, which carry the headers
 * too but must not eat into the budget of the request they precede).
 */
export async function peekRateLimit(family: RateLimitFamily, clientKey: string): Promise<{ limit: number; remaining: number }> {
  const settings = getSettings();
  const limit = limitOf(family, settings);
  try {
    const result = await limiterFor(family, settings).get(clientKey);
    return { limit, remaining: result ? result.remainingPoints : limit };
  } catch {
    return { limit, remaining: limit };
  }
}
