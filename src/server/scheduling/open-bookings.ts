/**
 * The limit of open bookings one person may hold (BOOKING_MAX_OPEN_PER_EMAIL per e-mail address,
 * BOOKING_MAX_OPEN_PER_IP per client address), for every door and both providers: before a booking
 * reaches the provider it takes a place for its address and for its caller in the shared store.
 *
 * A place is a key `booking-open:<kind>:<hash>:<n>` (n below the limit) taken with set-if-absent,
 * atomic in every backend, so concurrent bookings cannot overshoot; it expires when the booked slot
 * ends, so a consultation stops counting once it has passed. Cal.com bookings count the same way
 * (only those made through this site are seen, which are the ones an attacker could make). A kept
 * booking also records its places under `booking-places:<booking id>`, so cancelling it through the
 * site (its mail's link, the admin command) frees them; one cancelled elsewhere (on Cal.com, by a
 * reply to the mail) keeps them until its slot would have ended: the limit errs on the strict side.
 * With the memory store the places live in the server process, like the rate limits: a restart
 * forgets them, and the admin command (another process) cannot free them.
 */
import { createHash, randomUUID } from 'node:crypto';
import { AppError, fault } from '../base/errors';
import type { Caller } from '../http/caller';
import { getSharedStore } from '../store';

/** Until the booked slot's end is known, a place lasts this long after the asked start. */
const PROVISIONAL_MS = 12 * 3_600_000;

/**
 * One person's address, however it is spelled: case, a "+tag" (subaddressing sends every variant to
 * one mailbox) and, for Gmail, dots in the local part make no difference.
 */
export function normaliseEmail(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  local = local.split('+')[0] || local;
  if (domain === 'googlemail.com') domain = 'gmail.com';
  if (domain === 'gmail.com') local = local.replace(/\./g, '');
  return `${local}@${domain}`;
}

export interface OpenBookingLimits {
  perEmail: number;
  perIp: number;
}

interface Holder {
  kind: 'email' | 'ip';
  id: string;
  limit: number;
}

/** The places one booking holds until it is kept (booked) or released (anything else). */
export interface Places {
  /** The booking was made: its places last until the slot ends, recorded under the booking's id. */
  keep(end: Date, bookingId: string): Promise<void>;
  /** Nothing was booked: the places are free again. */
  release(): Promise<void>;
}

function placeKey(holder: Holder, index: number): string {
  // Hashed: the shared store never holds an address in clear.
  const hash = createHash('sha256').update(`${holder.kind}:${holder.id}`).digest('base64url').slice(0, 22);
  return `booking-open:${holder.kind}:${hash}:${index}`;
}

function limitReached(holder: Holder): AppError {
  return holder.kind === 'email'
    ? fault('booking_limit_reached.email', { limit: holder.limit }, { field: 'email' })
    : fault('booking_limit_reached.network', { limit: holder.limit });
}

/**
 * Takes one place per holder for a booking of the slot starting at `start`; throws
 * booking_limit_reached (holding nothing) when the address or the caller has no place left.
 */
export async function takePlaces(email: string, caller: Caller, start: Date, limits: OpenBookingLimits, now = Date.now()): Promise<Places> {
  const store = getSharedStore();
  const holders: Holder[] = [
    { kind: 'email' as const, id: normaliseEmail(email), limit: limits.perEmail },
    { kind: 'ip' as const, id: caller.ipKey, limit: limits.perIp },
  ].filter((holder) => holder.limit > 0);
  const token = randomUUID();
  const taken: string[] = [];
  const release = async () => {
    await Promise.all(taken.map((key) => store.delete(key)));
  };
  const ttl = Math.max(60_000, start.getTime() - now + PROVISIONAL_MS);
  for (const holder of holders) {
    let place: string | undefined;
    for (let index = 0; index < holder.limit && !place; index++) {
      const key = placeKey(holder, index);
      if (await store.setIfAbsent(key, token, ttl)) place = key;
    }
    if (!place) {
      await release();
      throw limitReached(holder);
    }
    taken.push(place);
  }
  return {
    async keep(end, bookingId) {
      const left = end.getTime() - Date.now();
      if (left <= 0) return release();
      await Promise.all(taken.map((key) => store.set(key, token, left)));
      await store.set(bookingPlacesKey(bookingId), JSON.stringify({ token, keys: taken }), left);
    },
    release,
  };
}

function bookingPlacesKey(bookingId: string): string {
  return `booking-places:${createHash('sha256').update(bookingId).digest('base64url').slice(0, 22)}`;
}

/**
 * Frees the places a cancelled booking holds; false when none are recorded in this store (the slot
 * has passed, the booking was made before places were recorded, or the memory store of another
 * process holds them). A place already taken over by a newer booking (its token differs) is left.
 */
export async function releaseBookingPlaces(bookingId: string): Promise<boolean> {
  const store = getSharedStore();
  const places = await takeRecordedPlaces(bookingId);
  if (!places) return false;
  await Promise.all(
    places.keys.map(async (key) => {
      if ((await store.get(key)) === places.token) await store.delete(key);
    }),
  );
  return true;
}

/** Takes (reads and deletes) the places recorded for a booking: undefined when none, or unreadable. */
async function takeRecordedPlaces(bookingId: string): Promise<{ recorded: string; token: unknown; keys: string[] } | undefined> {
  const recorded = await getSharedStore().getAndDelete(bookingPlacesKey(bookingId));
  if (!recorded) return undefined;
  let places: { token?: unknown; keys?: unknown };
  try {
    places = JSON.parse(recorded);
  } catch {
    return undefined;
  }
  const keys = Array.isArray(places.keys) ? places.keys.filter((key): key is string => typeof key === 'string') : [];
  return { recorded, token: places.token, keys };
}

/**
 * A moved booking keeps the places its visitor holds: they are recorded under the new booking's id
 * and last until the new slot ends. False when none are recorded in this store.
 */
export async function transferBookingPlaces(fromId: string, toId: string, end: Date): Promise<boolean> {
  const store = getSharedStore();
  const places = await takeRecordedPlaces(fromId);
  if (!places) return false;
  const left = end.getTime() - Date.now();
  await Promise.all(
    places.keys.map(async (key) => {
      if ((await store.get(key)) === places.token) await store.set(key, String(places.token), left);
    }),
  );
  await store.set(bookingPlacesKey(toId), places.recorded, left);
  return true;
}
