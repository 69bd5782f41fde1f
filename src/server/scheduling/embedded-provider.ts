/**
 * The embedded scheduling provider: slots from the office hours in content/office-hours.yaml,
 * bookings in the records database (SQLite in DATA_DIR, or PostgreSQL with DATABASE_URL; a slot at
 * most once, even across instances), confirmed by mail with an .ics invitation to the visitor and to
 * CONTACT_EMAIL.
 *
 * With Redis or Upstash configured, a booking first claims its slot in the shared store
 * (set-if-absent), so concurrent attempts on one slot meet there before they queue for the
 * database; the database's own check is what decides, and a claim lost with Redis loses no booking.
 */
import { bookingsStore } from './bookings-store';
import { sendOwnerNotification, sendVisitorConfirmation } from './confirmation';
import type { OfficeHours } from './office-hours-schema';
import { loadOfficeHours } from './office-hours';
import { earliestStart, generateSlots, horizonEnd, slotStartingAt } from './slot-generator';
import type { Settings } from '../base/settings';
import { getSharedStore } from '../store';
import { probeDatabase } from '../store/database';
import { SchedulingProviderError, type BookingOutcome, type SchedulingProvider } from '../providers/scheduling';
import { logger } from '../base/log';

export interface EmbeddedOptions {
  officeHours?: () => Promise<OfficeHours>;
  now?: () => Date;
}

export function createEmbeddedScheduling(settings: Settings, options: EmbeddedOptions = {}): SchedulingProvider {
  const officeHours = options.officeHours ?? loadOfficeHours;
  const now = options.now ?? (() => new Date());

  return {
    name: 'embedded',
    describe: () => ({ provider: 'office-hours', external: false }),
    probe: probeDatabase,
    changeMark: () => bookingsStore().changeMark(),

    async listFreeSlots({ from, to, limit }) {
      const hours = await officeHours();
      const busy = await bookingsStore().bookedIntervals(from, to, hours.bufferMinutes + hours.slotMinutes);
      return generateSlots(hours, { from, to, now: now(), busy, limit });
    },

    async book(request): Promise<BookingOutcome> {
      const hours = await officeHours();
      const current = now();
      if (request.start.getTime() < earliestStart(hours, current).getTime()) return { kind: 'unavailable', reason: 'past' };
      const slot = slotStartingAt(hours, request.start);
      if (!slot || slot.start.getTime() >= horizonEnd(hours, current).getTime()) return { kind: 'unavailable', reason: 'not_a_slot' };
      const claim = await claimSlot(slot.start, slot.end);
      if (!claim) return { kind: 'unavailable', reason: 'taken' };
      const stored = await bookingsStore().insertBooking(
        {
          start: slot.start,
          end: slot.end,
          fullName: request.fullName,
          email: request.email,
          phone: request.phone,
          notes: request.notes,
          timeZone: request.timeZone,
          locale: request.locale,
        },
        hours.bufferMinutes,
      );
      if (!stored) {
        await claim.release();
        return { kind: 'unavailable', reason: 'taken' };
      }
      // The owner learns of bookings only by mail: without that mail the booking is undone.
      try {
        await sendOwnerNotification(stored, settings);
      } catch (error) {
        await bookingsStore().deleteBooking(stored.id);
        await claim.release();
        throw new SchedulingProviderError('The booking could not be confirmed by e-mail, so nothing was booked.', {
          details: { reason: 'mail_failed' },
          cause: error,
        });
      }
      let confirmationSent: boolean;
      try {
        confirmationSent = await sendVisitorConfirmation(stored, settings);
      } catch (error) {
        confirmationSent = false;
        logger().error({ err: error }, '[scheduling] visitor confirmation failed');
      }
      return { kind: 'booked', id: stored.id, start: stored.start, end: stored.end, confirmationSent };
    },
  };
}

/**
 * Claims a slot in the shared store until it has passed; memory needs no claim (the database
 * already serialises the processes of one machine). Undefined when another instance holds it.
 */
export async function claimSlot(start: Date, end: Date): Promise<{ release(): Promise<void> } | undefined> {
  const store = getSharedStore();
  if (store.kind === 'memory') return { release: async () => {} };
  const key = slotClaimKey(start);
  const claimed = await store.setIfAbsent(key, 'booked', Math.max(60_000, end.getTime() - Date.now() + 3_600_000));
  return claimed ? { release: () => store.delete(key) } : undefined;
}

const slotClaimKey = (start: Date) => `slot:${start.toISOString()}`;

/** Frees a cancelled booking's slot claim, so every instance may book the slot again. */
export async function releaseSlotClaim(start: Date): Promise<void> {
  const store = getSharedStore();
  if (store.kind !== 'memory') await store.delete(slotClaimKey(start));
}
