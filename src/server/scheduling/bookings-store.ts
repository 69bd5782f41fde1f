/**
 * Consultation bookings of the embedded provider, in the records database (bookings-records.ts),
 * which every instance and the admin commands share. A slot is booked at most once, atomically, and
 * a cancelled booking frees its slot at once while staying listed for the owner.
 */
import { recordsBookings } from './bookings-records';

export interface NewBooking {
  start: Date;
  end: Date;
  fullName: string;
  email: string;
  phone?: string;
  notes?: string;
  timeZone: string;
  locale: string;
}

export interface StoredBooking extends NewBooking {
  id: string;
}

/** Who cancelled: the owner (admin command) or the visitor (the link in their mail). */
export type CancelledBy = 'owner' | 'visitor';

export interface BookingRecord extends StoredBooking {
  createdAt: Date;
  /** Set once cancelled. */
  cancelledAt?: Date;
  cancelledBy?: CancelledBy;
}

/** A reschedule: both bookings (the old one now cancelled), or why nothing changed. */
export type MoveOutcome = { kind: 'moved'; from: StoredBooking; to: StoredBooking } | { kind: 'taken' } | { kind: 'not_booked' };

export interface BookingsStore {
  /** Booked intervals that touch [from - margin, to + margin). */
  bookedIntervals(from: Date, to: Date, marginMinutes: number): Promise<Array<{ start: Date; end: Date }>>;
  /** Stores the booking unless an overlapping one (with the buffer) exists: then undefined. */
  insertBooking(booking: NewBooking, bufferMinutes: number): Promise<StoredBooking | undefined>;
  /** Removes a booking whose confirmation could not be sent, so the slot is free again. */
  deleteBooking(id: string): Promise<void>;
  /** Bookings not yet started, soonest first; with `all`, also past and cancelled ones (by start). */
  listBookings(options?: { all?: boolean; now?: Date }): Promise<BookingRecord[]>;
  /** A booking by id, booked or cancelled; undefined when there is none. */
  findBooking(id: string): Promise<BookingRecord | undefined>;
  /**
   * Cancels a booking in one step (two cancels cannot both succeed): the booking as it was, or
   * undefined when it was not booked (already cancelled, or never).
   */
  cancelStoredBooking(id: string, by: CancelledBy, now?: Date): Promise<StoredBooking | undefined>;
  /**
   * Moves a booking to another slot in one step: the new booking (a new id, the same visitor) is
   * stored and the old one cancelled by the visitor together, or nothing changes (the slot clashes
   * with another booking, or the old one is no longer booked).
   */
  moveBooking(id: string, slot: { start: Date; end: Date }, bufferMinutes: number, now?: Date): Promise<MoveOutcome>;
  /**
   * A mark that changes when another process (another server, the admin command) has written:
   * cached slot answers made under an older mark are not reused, so a booking cancelled elsewhere is
   * offered again at once.
   */
  changeMark(): Promise<number | string>;
}

export const bookingsStore = (): BookingsStore => recordsBookings;
