/**
 * Scheduling behind one small interface: list the free slots in a window,
 * book a slot. The real provider is Cal.com API v2; the embedded default offers the office hours
 * from content/office-hours.yaml and keeps bookings in the records database.
 */
import type { Probeable } from './probe';

export interface SlotInterval {
  start: Date;
  /** Cal.com may omit the end; the embedded provider always sets it. */
  end?: Date;
}

export interface BookingRequest {
  /** The slot start as an instant. */
  start: Date;
  fullName: string;
  email: string;
  phone?: string;
  notes?: string;
  /** The attendee's IANA zone. */
  timeZone: string;
  locale: 'pl' | 'en';
}

export type BookingOutcome =
  | { kind: 'booked'; id: string; start: Date; end: Date; /** False when the visitor's confirmation mail failed. */ confirmationSent?: boolean }
  /** The slot cannot be booked: someone took it, it is past, or it was never a slot. */
  | { kind: 'unavailable'; reason: 'taken' | 'past' | 'not_a_slot'; detail?: string };

export interface SchedulingProvider extends Probeable {
  readonly name: 'calcom' | 'embedded';
  /** Free slots starting in [from, to), in time order; throws SchedulingProviderError on failure. */
  listFreeSlots(window: { from: Date; to: Date; limit?: number }): Promise<SlotInterval[]>;
  /** Books a slot; a slot that cannot be booked is an outcome, a provider failure a throw. */
  book(request: BookingRequest): Promise<BookingOutcome>;
  /** A value that changes when bookings may have changed outside this process (cached slot answers are keyed by it). */
  changeMark?(): Promise<number | string>;
  /** Bookings kept by the provider itself (Cal.com), soonest first; the embedded ones are in the database. */
  listBookings?(options: { all: boolean }): Promise<ProviderBooking[]>;
  /** Cancels a booking kept by the provider itself; a provider failure is a throw. */
  cancel?(id: string, reason: string): Promise<'cancelled' | 'already_cancelled' | 'not_found'>;
}

/** A booking as the provider keeps it (Cal.com: its uid, the first attendee). */
export interface ProviderBooking {
  id: string;
  start: Date;
  end: Date;
  fullName: string;
  email: string;
  phone?: string;
  timeZone: string;
  locale: string;
  status: 'open' | 'past' | 'cancelled';
  /** True when this site made it (metadata.source "website"). */
  fromSite: boolean;
}

/** A failure of the scheduling provider, with what the upstream said (for the link-only fallback). */
export class SchedulingProviderError extends Error {
  readonly status?: number;
  readonly details?: Record<string, unknown>;
  constructor(message: string, options: { status?: number; details?: Record<string, unknown>; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'SchedulingProviderError';
    this.status = options.status;
    this.details = options.details;
  }
}
