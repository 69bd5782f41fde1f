/**
 * Rate limits as data: a limiter spec says how many requests (`points`) per window, and whether
 * they are counted per client or for the whole deployment (a daily cap). Counters live in the
 * shared store (Redis, Upstash or memory), so several instances share them. Over the limit is a
 * value carrying the seconds to wait, not an exception.
 *
 * The endpoint families are RATE_LIMIT_* settings (requests per minute per client); to add one, add
 * it to RateLimitFamily (route-table.ts), `settingOf` here and the route table.
 */
import { RateLimiterRes } from 'rate-limiter-flexible';
import { getSettings, type Settings } from '../base/settings';
import { AppError, fault } from '../base/errors';
import { getSharedStore, sharedStoreReady } from '../store';
import type { Caller } from './caller';
import { RateLimiterSharedStore } from './rate-limit-store';
import type { RateLimitFamily } from './route-table';
import { logger } from '../base/log';

export type { RateLimitFamily };

export interface LimiterSpec {
  /** Names the counters (the key prefix); stable across instances. */
  name: string;
  points: number;
  windowSeconds: number;
  /** `client`: one budget per client key; `global`: one budget for the whole deployment. */
  per: 'client' | 'global';
}

export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Whole seconds until the client may try again (only meaningful when not allowed). */
  retryAfterSeconds: number;
  /** Which window refused: a family's minute (absent) or its daily bound. */
  window?: 'day';
}

const settingOf: Record<RateLimitFamily, keyof Settings> = {
  subscribe: 'RATE_LIMIT_SUBSCRIBE',
  unsubscribe: 'RATE_LIMIT_UNSUBSCRIBE',
  contact: 'RATE_LIMIT_CONTACT',
  mcp: 'RATE_LIMIT_MCP',
  ask: 'RATE_LIMIT_ASK',
  slots: 'RATE_LIMIT_SLOTS',
  booking: 'RATE_LIMIT_BOOKING',
  chat: 'RATE_LIMIT_CHAT',
  oauth: 'RATE_LIMIT_OAUTH',
};

/** The window of every endpoint family: limits are per minute. */
export const WINDOW_SECONDS = 60;

export function limitOf(family: RateLimitFamily, settings: Settings = getSettings()): number {
  return settings[settingOf[family]] as number;
}

/** The spec of an endpoint family: its setting's requests per minute, per client. */
export function familySpec(family: RateLimitFamily, settings: Settings = getSettings()): LimiterSpec {
  return { name: `rl:${family}`, points: limitOf(family, settings), windowSeconds: WINDOW_SECONDS, per: 'client' };
}

const limiters = new Map<string, RateLimiterSharedStore>();

function limiterFor(spec: LimiterSpec): RateLimiterSharedStore {
  const id = `${spec.name}|${spec.points}|${spec.windowSeconds}`;
  let limiter = limiters.get(id);
  if (!limiter) {
    limiter = new RateLimiterSharedStore({ store: getSharedStore(), keyPrefix: spec.name, points: spec.points, duration: spec.windowSeconds });
    limiters.set(id, limiter);
  }
  return limiter;
}

const keyOf = (spec: LimiterSpec, clientKey: string | undefined) => (spec.per === 'global' ? 'all' : (clientKey ?? 'unknown'));

/** Spends one request of the budget (the client's, or the deployment's for a global spec). */
export async function consume(spec: LimiterSpec, clientKey?: string): Promise<RateLimitDecision> {
  await sharedStoreReady();
  try {
    const result = await limiterFor(spec).consume(keyOf(spec, clientKey), 1);
    return { allowed: true, limit: spec.points, remaining: result.remainingPoints, retryAfterSeconds: 0 };
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) {
      // Only reachable if memory itself failed: serve the request rather than fail it.
      logger().error(`[rate-limit] limiter failed, request let through: ${(rejection as Error).message}`);
      return { allowed: true, limit: spec.points, remaining: spec.points, retryAfterSeconds: 0 };
    }
    return { allowed: false, limit: spec.points, remaining: 0, retryAfterSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)) };
  }
}

/** The standing without spending a request (CORS preflights carry the headers too). */
export async function peek(spec: LimiterSpec, clientKey?: string): Promise<{ limit: number; remaining: number }> {
  try {
    const result = await limiterFor(spec).get(keyOf(spec, clientKey));
    return { limit: spec.points, remaining: result ? result.remainingPoints : spec.points };
  } catch {
    return { limit: spec.points, remaining: spec.points };
  }
}

/**
 * The daily bound beside a family's minute, where an action stores what it is sent: each contact
 * message is kept in the records database and (without a mail provider) as an outbox file, so the
 * minute's limit alone let one address fill the disk by tens of megabytes a day.
 */
function dailySpec(family: RateLimitFamily, settings: Settings = getSettings()): LimiterSpec | undefined {
  if (family !== 'contact') return undefined;
  return { name: 'rl:contact:day', points: settings.RATE_LIMIT_CONTACT_DAILY, windowSeconds: 86_400, per: 'client' };
}

/** The budgets a caller spends: its address always, and its OAuth client as well when it has one. */
function keysOf(caller: Caller): string[] {
  return caller.clientId ? [caller.ipKey, `client:${caller.clientId}`] : [caller.ipKey];
}

/**
 * Spends one request of an action's family for a caller. The address's budget is always spent, the
 * client's too when a token named one: the answer is the narrower of the two, so a token anyone can
 * mint never buys a fresh budget.
 */
export async function consumeRateLimit(family: RateLimitFamily, caller: Caller): Promise<RateLimitDecision> {
  const spec = familySpec(family);
  let narrowest: RateLimitDecision | undefined;
  for (const key of keysOf(caller)) {
    const decision = await consume(spec, key);
    if (!decision.allowed) return decision;
    if (!narrowest || decision.remaining < narrowest.remaining) narrowest = decision;
  }
  const daily = dailySpec(family);
  if (daily) {
    for (const key of keysOf(caller)) {
      const decision = await consume(daily, key);
      if (!decision.allowed) return { ...decision, window: 'day' };
    }
  }
  return narrowest!;
}

export async function peekRateLimit(family: RateLimitFamily, caller: Caller): Promise<{ limit: number; remaining: number }> {
  const standings = await Promise.all(keysOf(caller).map((key) => peek(familySpec(family), key)));
  return standings.reduce((narrowest, standing) => (standing.remaining < narrowest.remaining ? standing : narrowest));
}

/** The refusal of a spent budget: 429 with Retry-After, the same words at every door. */
export function rateLimited(decision: RateLimitDecision): AppError {
  return fault(decision.window === 'day' ? 'rate_limited.per_day' : 'rate_limited.per_minute', { limit: decision.limit, retryAfter: decision.retryAfterSeconds }, {
    headers: { 'Retry-After': String(decision.retryAfterSeconds) },
  });
}

/**
 * Spends an action's budget from inside a door other than the action's own endpoint (an MCP tool,
 * a chat tool): throws the refusal instead of answering it.
 */
export async function spendActionBudget(family: RateLimitFamily, caller: Caller): Promise<void> {
  const decision = await consumeRateLimit(family, caller);
  if (!decision.allowed) throw rateLimited(decision);
}
