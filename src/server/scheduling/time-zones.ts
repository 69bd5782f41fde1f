/**
 * Wall-clock arithmetic in IANA time zones with Intl only (no Temporal, no date library).
 * A "local date" is a YYYY-MM-DD string; minutes count from local midnight. Offsets are found by
 * asking Intl what the wall clock shows at an instant, which stays right on DST change days.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The wall clock read from Intl (the slow path; offsetMinutesAt caches what it learns). */
function intlWallClock(instant: Date, timeZone: string): WallClock {
  const values: Record<string, number> = {};
  for (const part of partsFormatter(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') values[part.type] = Number(part.value);
  }
  return {
    year: values.year!,
    month: values.month!,
    day: values.day!,
    hour: values.hour! % 24,
    minute: values.minute!,
    second: values.second!,
  };
}

/**
 * Offsets change only on quarter-hour boundaries in every current zone, so one Intl call per zone
 * and quarter hour is enough; slot lists ask for the same few days again and again.
 */
const QUARTER_HOUR = 15 * 60_000;
const offsetCache = new Map<string, number>();

/** The zone's offset from UTC at `instant`, in minutes (Warsaw in winter: 60). */
export function offsetMinutesAt(instant: Date, timeZone: string): number {
  const key = `${timeZone}|${Math.floor(instant.getTime() / QUARTER_HOUR)}`;
  const cached = offsetCache.get(key);
  if (cached !== undefined) return cached;
  const bucketStart = new Date(Math.floor(instant.getTime() / QUARTER_HOUR) * QUARTER_HOUR);
  const wall = intlWallClock(bucketStart, timeZone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  const offset = Math.round((asUtc - bucketStart.getTime()) / 60_000);
  if (offsetCache.size > 50_000) offsetCache.clear();
  offsetCache.set(key, offset);
  return offset;
}

/** What a wall clock in `timeZone` shows at `instant`. */
export function wallClockAt(instant: Date, timeZone: string): WallClock {
  const shifted = new Date(instant.getTime() + offsetMinutesAt(instant, timeZone) * 60_000);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
    second: shifted.getUTCSeconds(),
  };
}

/** The local date (YYYY-MM-DD) in `timeZone` at `instant`. */
export function localDateAt(instant: Date, timeZone: string): string {
  const wall = wallClockAt(instant, timeZone);
  return formatLocalDate(wall.year, wall.month, wall.day);
}

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

function formatLocalDate(year: number, month: number, day: number): string {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

function parseLocalDate(date: string): [number, number, number] {
  const [year, month, day] = date.split('-').map(Number);
  return [year!, month!, day!];
}

/** `date` plus `days` calendar days (the calendar does not care about zones). */
export function addDays(date: string, days: number): string {
  const [year, month, day] = parseLocalDate(date);
  const moved = new Date(Date.UTC(year, month - 1, day + days));
  return formatLocalDate(moved.getUTCFullYear(), moved.getUTCMonth() + 1, moved.getUTCDate());
}

/** Whole days from `from` to `to` (both YYYY-MM-DD). */
export function daysBetween(from: string, to: string): number {
  const [y1, m1, d1] = parseLocalDate(from);
  const [y2, m2, d2] = parseLocalDate(to);
  return Math.round((Date.UTC(y2, m2 - 1, d2) - Date.UTC(y1, m1 - 1, d1)) / 86_400_000);
}

/** ISO weekday key of a local date. */
export function weekdayOf(date: string): Weekday {
  const [year, month, day] = parseLocalDate(date);
  return weekdays[new Date(Date.UTC(year, month - 1, day)).getUTCDay()]!;
}

export const weekdays = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
export type Weekday = (typeof weekdays)[number];

/**
 * The instant when the wall clock in `timeZone` shows `date` at `minutes` past midnight.
 * A wall time skipped by a spring-forward change does not exist: undefined. A wall time that occurs
 * twice (autumn change) resolves to its first occurrence.
 */
export function instantOfWallTime(date: string, minutes: number, timeZone: string): Date | undefined {
  const [year, month, day] = parseLocalDate(date);
  const wallAsUtc = Date.UTC(year, month - 1, day, 0, minutes);
  // Candidates from the offsets a day before, at and a day after: any DST change near the wall time shows up.
  const candidates = new Set<number>();
  for (const probe of [wallAsUtc - 86_400_000, wallAsUtc, wallAsUtc + 86_400_000]) {
    candidates.add(wallAsUtc - offsetMinutesAt(new Date(probe), timeZone) * 60_000);
  }
  // A candidate is right when the zone's offset at that instant is the offset it was built with.
  const matching = [...candidates]
    .filter((candidate) => wallAsUtc - offsetMinutesAt(new Date(candidate), timeZone) * 60_000 === candidate)
    .sort((a, b) => a - b);
  return matching.length ? new Date(matching[0]!) : undefined;
}

/** Midnight at the start of a local date, as an instant (the first instant of that date). */
export function startOfLocalDate(date: string, timeZone: string): Date {
  // Midnight itself may be skipped in some zones; the first existing minute of the day is used.
  for (let minutes = 0; minutes < 24 * 60; minutes += 15) {
    const instant = instantOfWallTime(date, minutes, timeZone);
    if (instant) return instant;
  }
  throw new Error(`No wall time on ${date} in ${timeZone}`);
}

/** ISO 8601 with the zone's offset at that instant, e.g. 2026-12-01T10:00:00+01:00. */
export function isoWithOffset(instant: Date, timeZone: string): string {
  const wall = wallClockAt(instant, timeZone);
  const offset = offsetMinutesAt(instant, timeZone);
  const sign = offset < 0 ? '-' : '+';
  const absolute = Math.abs(offset);
  return (
    `${formatLocalDate(wall.year, wall.month, wall.day)}T${pad(wall.hour)}:${pad(wall.minute)}:${pad(wall.second)}` +
    `${sign}${pad(Math.floor(absolute / 60))}:${pad(absolute % 60)}`
  );
}

/** "HH:MM" to minutes after midnight. */
export function minutesOfClock(clock: string): number {
  const [hours, minutes] = clock.split(':').map(Number);
  return hours! * 60 + minutes!;
}
