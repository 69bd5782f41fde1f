/**
 * Free consultation slots from office hours: a pure function of the office hours, a window, the
 * current instant and the busy intervals (bookings). Wall-clock times are computed in the office
 * hours' zone and turned into instants per day, so both DST change days come out right.
 */
import { dayOffRanges, type OfficeHours } from './office-hours-schema';
import { addDays, instantOfWallTime, localDateAt, weekdayOf } from './time-zones';

export interface Interval {
  start: Date;
  end: Date;
}

export interface SlotWindow {
  /** First instant a slot may start at (inclusive). */
  from: Date;
  /** Slots must start before this instant. */
  to: Date;
  now: Date;
  /** Booked intervals; slots overlapping them (with the buffer around them) are not free. */
  busy?: Interval[];
  limit?: number;
}

const MINUTE = 60_000;

/** Every slot the weekly hours define on one local date, ignoring notice, horizon and bookings. */
export function slotsOnDate(officeHours: OfficeHours, date: string): Interval[] {
  if (isDayOff(officeHours, date)) return [];
  const step = officeHours.slotMinutes + officeHours.bufferMinutes;
  const slots: Interval[] = [];
  for (const span of officeHours.weeklyHours[weekdayOf(date)]) {
    for (let minutes = span.from; minutes + officeHours.slotMinutes <= span.to; minutes += step) {
      const start = instantOfWallTime(date, minutes, officeHours.timeZone);
      // A wall time skipped by the spring DST change has no slot.
      if (!start) continue;
      slots.push({ start, end: new Date(start.getTime() + officeHours.slotMinutes * MINUTE) });
    }
  }
  return slots.sort((a, b) => a.start.getTime() - b.start.getTime());
}

export function isDayOff(officeHours: OfficeHours, date: string): boolean {
  return dayOffRanges(officeHours).some((range) => range.from <= date && date <= range.to);
}

/** The earliest instant a slot may start: now plus the notice period. */
export function earliestStart(officeHours: OfficeHours, now: Date): Date {
  return new Date(now.getTime() + officeHours.noticeHours * 60 * MINUTE);
}

/** The instant after which no slot is offered: now plus the horizon. */
export function horizonEnd(officeHours: OfficeHours, now: Date): Date {
  return new Date(now.getTime() + officeHours.horizonDays * 24 * 60 * MINUTE);
}

function overlaps(slot: Interval, busy: Interval, bufferMinutes: number): boolean {
  const buffer = bufferMinutes * MINUTE;
  return slot.start.getTime() < busy.end.getTime() + buffer && busy.start.getTime() < slot.end.getTime() + buffer;
}

/** Free slots in the window, in time order, at most `limit`. */
export function generateSlots(officeHours: OfficeHours, window: SlotWindow): Interval[] {
  const lower = Math.max(window.from.getTime(), earliestStart(officeHours, window.now).getTime());
  const upper = Math.min(window.to.getTime(), horizonEnd(officeHours, window.now).getTime());
  if (upper <= lower) return [];
  const busy = window.busy ?? [];
  const limit = window.limit ?? Number.POSITIVE_INFINITY;
  const zone = officeHours.timeZone;
  // Local dates of the office-hours zone that can hold an instant of the window.
  const lastDate = localDateAt(new Date(upper), zone);
  const free: Interval[] = [];
  for (let date = localDateAt(new Date(lower), zone); date <= lastDate; date = addDays(date, 1)) {
    for (const slot of slotsOnDate(officeHours, date)) {
      const start = slot.start.getTime();
      if (start < lower || start >= upper) continue;
      if (busy.some((interval) => overlaps(slot, interval, officeHours.bufferMinutes))) continue;
      free.push(slot);
      if (free.length >= limit) return free;
    }
  }
  return free;
}

/** The slot of the office hours that starts exactly at `start`, if any (bookings ignored). */
export function slotStartingAt(officeHours: OfficeHours, start: Date): Interval | undefined {
  const date = localDateAt(start, officeHours.timeZone);
  return slotsOnDate(officeHours, date).find((slot) => slot.start.getTime() === start.getTime());
}
