/**
 * Rate limits per client and endpoint family, with rate-limiter-flexible. Over the limit is a
 * value (with the time to wait), not an exception.
 */
import { RateLimiterMemory, type RateLimiterAbstract, type RateLimiterRes } from 'rate-limiter-flexible';
import { getSettings, type Settings } from '../settings';
import type { RateLimitFamily } from './route-policy';

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

export function limitOf(family: RateLimitFamily, settings: Settings = getSettings()): number {
  return settings[settingOf[family]] as number;
}

const limiters = new Map<RateLimitFamily, RateLimiterAbstract>();

function limiterFor(family: RateLimitFamily): RateLimiterAbstract {
  let limiter = limiters.get(family);
  if (!limiter) {
    limiter = new RateLimiterMemory({ keyPrefix: `rl:${family}`, points: limitOf(family), duration: 60 });
    limiters.set(family, limiter);
  }
  return limiter;
}

export async function consumeRateLimit(family: RateLimitFamily, clientKey: string): Promise<RateLimitDecision> {
  const limit = limitOf(family);
  try {
    const result = await limiterFor(family).consume(clientKey, 1);
    return { allowed: true, limit, remaining: result.remainingPoints, retryAfterSeconds: 0 };
  } catch (rejection) {
    if (rejection instanceof Error) throw rejection;
    const result = rejection as RateLimiterRes;
    return { allowed: false, limit, remaining: 0, retryAfterSeconds: Math.max(1, Math.ceil(result.msBeforeNext / 1000)) };
  }
}
