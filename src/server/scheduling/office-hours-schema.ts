/**
 * The consultation office hours that editors keep in content/office-hours.yaml (no code): weekly
 * hours, slot length, buffer, notice period, horizon and days off, in Europe/Warsaw by default.
 * The schema is plain zod so the slot generator's tests can use it without Astro; the collection
 * below is what src/content.config.ts registers (`officeHours`).
 */
import { file } from 'astro/loaders';
import { z } from 'zod';
import { isIanaTimeZone } from '../schemas/consultation';
import { minutesOfClock, weekdays } from './time-zones';

const clock = /^([01]\d|2[0-3]):[0-5]\d$/;

/** YAML turns an unquoted 2026-12-24 into a Date; editors should not have to quote it. */
const localDate = z.preprocess(
  (value) => (value instanceof Date ? value.toISOString().slice(0, 10) : value),
  z.iso.date({ error: 'must be a date as YYYY-MM-DD' }),
);

/** "09:00-12:00": a span of the day in which slots may start and end. */
export const HoursSpan = z
  .string()
  .transform((value, context) => {
    const [from = '', to = '', ...rest] = value.split(/\s*[-–]\s*/);
    if (rest.length || !clock.test(from) || !(clock.test(to) || to === '24:00')) {
      context.addIssue({ code: 'custom', message: `"${value}" must look like 09:00-12:00 (24-hour clock)` });
      return z.NEVER;
    }
    const span = { from: minutesOfClock(from), to: minutesOfClock(to) };
    if (span.to <= span.from) {
      context.addIssue({ code: 'custom', message: `"${value}" must end after it starts` });
      return z.NEVER;
    }
    return span;
  })
  .describe('A span of the day such as 09:00-12:00.');

const DayOff = z.union([
  localDate,
  z.object({ from: localDate, to: localDate, reason: z.string().optional() }).refine((range) => range.to >= range.from, {
    error: '"to" must not be before "from"',
    path: ['to'],
  }),
  z.object({ date: localDate, reason: z.string().optional() }),
]);

export const OfficeHours = z
  .object({
    /** IANA zone in which the weekly hours and days off are written. */
    timeZone: z.string().refine(isIanaTimeZone, { error: 'must be an IANA time zone such as Europe/Warsaw' }).default('Europe/Warsaw'),
    /** Length of one consultation, in minutes. */
    slotMinutes: z.number().int().min(10).max(240),
    /** Free minutes kept after each consultation before the next may start. */
    bufferMinutes: z.number().int().min(0).max(240).default(0),
    /** How long before its start a slot can still be booked, in hours. */
    noticeHours: z.number().min(0).max(24 * 30).default(24),
    /** How far ahead slots can be booked, in days. */
    horizonDays: z.number().int().min(1).max(365).default(60),
    /** Spans per weekday (mon … sun); a missing or empty day has no consultations. */
    weeklyHours: z.object(Object.fromEntries(weekdays.map((day) => [day, z.array(HoursSpan).default([])])) as Record<
      (typeof weekdays)[number],
      z.ZodDefault<z.ZodArray<typeof HoursSpan>>
    >),
    /** Dates (YYYY-MM-DD) or ranges {from, to} without consultations. */
    daysOff: z.array(DayOff).default([]),
  });
export type OfficeHours = z.output<typeof OfficeHours>;
export type OfficeHoursInput = z.input<typeof OfficeHours>;

/** The days off as inclusive ranges. */
export function dayOffRanges(officeHours: OfficeHours): Array<{ from: string; to: string }> {
  return officeHours.daysOff.map((entry) =>
    typeof entry === 'string' ? { from: entry, to: entry } : 'date' in entry ? { from: entry.date, to: entry.date } : entry,
  );
}

/**
 * The content collection: one entry per schedule in content/office-hours.yaml; the site uses the
 * entry `consultation`. In src/content.config.ts: `officeHours: defineCollection(officeHoursCollection)`.
 */
export const officeHoursCollection = {
  loader: file('content/office-hours.yaml'),
  schema: OfficeHours,
};
