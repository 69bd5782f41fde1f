/**
 * Daily caps of model calls for the whole deployment, counted in the shared store so that every
 * server process on one Redis spends the same budget. The day is the site's day: it starts at
 * midnight in Europe/Warsaw, and the counter expires then. Two caps, so machines never close the
 * visitors' chat: `chat` (CHAT_DAILY_REQUEST_CAP, the website chat) and `ask` (ASK_CONVERSATIONAL_DAILY_CAP,
 * the conversational answers of /ask and /a2a). Beside each cap, a share per client address (IPv6
 * by /64): one address spends at most its share of a day, so it cannot drain the cap for everyone.
 */
import { createHash } from 'node:crypto';
import { fault } from '../base/errors';
import { getSharedStore, sharedStoreReady, type SharedStore } from './index';

export const SITE_TIME_ZONE = 'Europe/Warsaw';

const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: SITE_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
const partsFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: SITE_TIME_ZONE, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric',
});

/** The site's calendar day of an instant, as YYYY-MM-DD. */
export function siteDay(at: Date): string {
  return dayFormat.format(at);
}

/** Milliseconds by which Warsaw's wall clock is ahead of UTC at an instant. */
function offsetAt(at: number): number {
  const parts = Object.fromEntries(partsFormat.formatToParts(new Date(at)).map((part) => [part.type, Number(part.value)]));
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return wall - Math.floor(at / 1000) * 1000;
}

/** The instant the next site day begins (midnight in Europe/Warsaw, DST included). */
export function nextSiteDayStart(at: Date): Date {
  const [year, month, day] = siteDay(at).split('-').map(Number) as [number, number, number];
  const midnightAsUtc = Date.UTC(year, month - 1, day + 1);
  // Midnight never falls in a DST gap in Warsaw (changes happen at 02:00/03:00), so one correction is exact.
  return new Date(midnightAsUtc - offsetAt(midnightAsUtc - offsetAt(midnightAsUtc)));
}

export interface CapStanding {
  limit: number;
  used: number;
  remaining: number;
  resetsAt: Date;
}

export type DailyCapName = 'chat' | 'ask';

const keyOf = (at: Date, name: DailyCapName) => `${name}:daily:${siteDay(at)}`;

/** The process's store, once Redis had its moment to connect (the first requests count where they belong). */
async function sharedStore(): Promise<SharedStore> {
  await sharedStoreReady();
  return getSharedStore();
}

/** Today's standing without spending a request (for GET /api/chat/status). */
export async function peekDailyCap(limit: number, now = new Date(), given?: SharedStore, name: DailyCapName = 'chat'): Promise<CapStanding> {
  const store = given ?? (await sharedStore());
  const used = (await store.readCounter(keyOf(now, name)))?.value ?? 0;
  return { limit, used, remaining: Math.max(0, limit - used), resetsAt: nextSiteDayStart(now) };
}

/**
 * Spends one request of today's budget, atomically (the store's increment); over the cap it throws
 * daily_cap_reached with Retry-After up to the next site day.
 */
export async function consumeDailyCap(limit: number, now = new Date(), given?: SharedStore, name: DailyCapName = 'chat'): Promise<CapStanding> {
  const store = given ?? (await sharedStore());
  const resetsAt = nextSiteDayStart(now);
  const msLeft = resetsAt.getTime() - now.getTime();
  // A little longer than the day, so a counter never vanishes before the key changes.
  const { value } = await store.increment(keyOf(now, name), msLeft + 60_000);
  if (value > limit) {
    const seconds = Math.max(1, Math.ceil(msLeft / 1000));
    throw fault('daily_cap_reached.chat', { limit, resetsAt: resetsAt.toISOString(), seconds }, {
      headers: { 'Retry-After': String(seconds) },
    });
  }
  return { limit, used: value, remaining: Math.max(0, limit - value), resetsAt };
}

/** One address's share of a cap: its rate-limit key (src/server/http/client-ip.ts) and how many a day (0: no share). */
export interface AddressShare {
  ipKey: string;
  limit: number;
}

// Hashed: the shared store never holds an address in clear.
const shareKeyOf = (at: Date, name: DailyCapName, ipKey: string) =>
  `daily-share:${name}:${siteDay(at)}:${createHash('sha256').update(ipKey).digest('base64url').slice(0, 22)}`;

/** Whether an address has spent its share of today's cap, without spending anything (GET /api/chat/status). */
export async function addressShareSpent(share: AddressShare, now = new Date(), given?: SharedStore, name: DailyCapName = 'chat'): Promise<boolean> {
  if (share.limit <= 0) return false;
  const store = given ?? (await sharedStore());
  return ((await store.readCounter(shareKeyOf(now, name, share.ipKey)))?.value ?? 0) >= share.limit;
}

/**
 * Spends one request of an address's share of today's cap, then one of the cap itself. An address
 * over its share is refused before it touches the cap (429 daily_cap_reached with Retry-After to the
 * next site day), so everyone else keeps being answered.
 */
export async function consumeDailyBudget(
  limit: number,
  share: AddressShare,
  now = new Date(),
  given?: SharedStore,
  name: DailyCapName = 'chat',
): Promise<CapStanding> {
  const store = given ?? (await sharedStore());
  if (share.limit > 0) {
    const resetsAt = nextSiteDayStart(now);
    const msLeft = resetsAt.getTime() - now.getTime();
    const { value } = await store.increment(shareKeyOf(now, name, share.ipKey), msLeft + 60_000);
    if (value > share.limit) {
      const seconds = Math.max(1, Math.ceil(msLeft / 1000));
      throw fault('daily_cap_reached.address_share', { limit: share.limit, resetsAt: resetsAt.toISOString(), seconds }, {
        headers: { 'Retry-After': String(seconds) },
      });
    }
  }
  return consumeDailyCap(limit, now, store, name);
}
