/**
 * Moves an embedded booking to another free slot (the visitor's link in the confirmation mail): the
 * new slot is booked and the old one cancelled in one step of the bookings store, so the visitor never
 * ends with none or two; a slot taken meanwhile changes nothing. Then the old slot's claim is freed,
 * the visitor's open-booking places follow the new booking, and both sides are mailed: the old
 * time's cancellation and the new time's confirmation (with its own link), each with its invitation.
 *
 * Cal.com bookings are not moved here: Cal.com's own mails carry its reschedule link.
 */
import { logger } from '../base/log';
import { claimSlot, releaseSlotClaim } from './embedded-provider';
import { getSchedulingProvider } from './provider';
import type { Settings } from '../base/settings';
import { bookingsStore, type BookingRecord, type StoredBooking } from './bookings-store';
import { mailOwnerCancellation, mailVisitorCancellation } from './cancellation';
import { sendOwnerNotification, sendVisitorConfirmation } from './confirmation';
import { forgetSlotAnswers } from './index';
import { slotLabel } from './labels';
import { loadOfficeHours } from './office-hours';
import { transferBookingPlaces } from './open-bookings';
import { earliestStart, horizonEnd, slotStartingAt } from './slot-generator';

export type RescheduleOutcome =
  | { kind: 'moved'; from: StoredBooking; to: StoredBooking; mailed: { visitor: boolean; owner: boolean } }
  /** Booked by someone else meanwhile, or not a free slot of the office hours (any more). */
  | { kind: 'unavailable' }
  | { kind: 'already_cancelled' | 'past'; booking: BookingRecord }
  | { kind: 'not_found' }
  /** The provider is not the embedded one. */
  | { kind: 'not_offered' };

export async function rescheduleBooking(id: string, start: Date, settings: Settings, now = new Date()): Promise<RescheduleOutcome> {
  if (getSchedulingProvider().name !== 'embedded') return { kind: 'not_offered' };
  const known = await bookingsStore().findBooking(id);
  if (!known) return { kind: 'not_found' };
  if (known.cancelledAt) return { kind: 'already_cancelled', booking: known };
  if (known.start.getTime() <= now.getTime()) return { kind: 'past', booking: known };

  const hours = await loadOfficeHours();
  const slot = Number.isNaN(start.getTime()) ? undefined : slotStartingAt(hours, start);
  if (!slot || slot.start.getTime() < earliestStart(hours, now).getTime() || slot.start.getTime() >= horizonEnd(hours, now).getTime()) {
    return { kind: 'unavailable' };
  }
  const claim = await claimSlot(slot.start, slot.end);
  if (!claim) return { kind: 'unavailable' };
  const moved = await bookingsStore().moveBooking(id, slot, hours.bufferMinutes, now);
  if (moved.kind !== 'moved') {
    await claim.release();
    if (moved.kind === 'taken') return { kind: 'unavailable' };
    const again = await bookingsStore().findBooking(id);
    return again ? { kind: 'already_cancelled', booking: again } : { kind: 'not_found' };
  }
  const { from, to } = moved;
  await releaseSlotClaim(from.start);
  await transferBookingPlaces(from.id, to.id, to.end);
  forgetSlotAnswers();

  const mailed = { visitor: true, owner: true };
  const reason = `przeniesiona przez osobę na ${slotLabel(to, 'pl', 'Europe/Warsaw')} (Europe/Warsaw), nowy identyfikator ${to.id}`;
  const steps: Array<[keyof typeof mailed, () => Promise<unknown>]> = [
    ['owner', () => mailOwnerCancellation(from, settings, 'visitor', reason)],
    ['owner', () => sendOwnerNotification(to, settings)],
    ['visitor', () => mailVisitorCancellation(from, settings, 'visitor')],
    ['visitor', () => sendVisitorConfirmation(to, settings)],
  ];
  for (const [side, send] of steps) {
    await send().catch((error) => {
      mailed[side] = false;
      logger().error({ err: error }, `[scheduling] ${side} reschedule mail failed`);
    });
  }
  return { kind: 'moved', from, to, mailed };
}
