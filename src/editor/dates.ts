/**
 * Reads a date an editor wrote another way (`07.12.2026`, `7 grudnia 2026`, `December 7, 2026`) to
 * say which year-month-day to write instead. Only for the message: the site itself accepts
 * `2026-12-07` alone (src/server/schemas/content.ts, `ContentDate`). Day and month in digits are read
 * day-first in a Polish file, as Poles write them; in an English file a date that reads both ways is
 * given both ways, for the editor to choose.
 */
import type { Locale } from '../server/base/i18n';
import { dayOf } from '../server/schemas/content';

/** The day to write, or both days when the text reads two ways, or nothing when it reads as no day. */
export type DateReading = { day: string } | { days: [dayFirst: string, monthFirst: string] } | undefined;

const monthNames: [RegExp, number][] = [
  [/^(stycz|jan)/, 1], [/^(lut|feb)/, 2], [/^(mar)/, 3], [/^(kwie|apr)/, 4], [/^(maj|may)/, 5], [/^(czerw|jun)/, 6],
  [/^(lip|jul)/, 7], [/^(sierp|aug)/, 8], [/^(wrze|sep)/, 9], [/^(pa[zź]dz|oct)/, 10], [/^(listop|nov)/, 11], [/^(grud|dec)/, 12],
];

function monthOf(word: string): number | undefined {
  const lower = word.toLowerCase();
  return monthNames.find(([pattern]) => pattern.test(lower))?.[1];
}

function day(year: string, month: string | number, date: string | number): string | undefined {
  const text = `${year}-${String(month).padStart(2, '0')}-${String(date).padStart(2, '0')}`;
  return dayOf(text) ? text : undefined;
}

export function readWrittenDate(value: unknown, locale: Locale): DateReading {
  const text = String(value ?? '').trim().replace(/\s*r\.?$/, '');
  // Year first: 2026-12-7, 2026.12.07, 2026/12/07, 2026-12-07T10:00 — one reading.
  const yearFirst = /^(\d{4})[-./](\d{1,2})[-./](\d{1,2})(?:[T ].*)?$/.exec(text);
  if (yearFirst) {
    const found = day(yearFirst[1]!, yearFirst[2]!, yearFirst[3]!);
    return found ? { day: found } : undefined;
  }
  // Year last, in digits: 07.12.2026, 7/12/2026, 12-07-2026.
  const yearLast = /^(\d{1,2})[-./](\d{1,2})[-./](\d{4})$/.exec(text);
  if (yearLast) {
    const [, a, b, year] = yearLast;
    const dayFirst = day(year!, b!, a!);
    const monthFirst = day(year!, a!, b!);
    if (dayFirst && (locale === 'pl' || !monthFirst || dayFirst === monthFirst)) return { day: dayFirst };
    if (monthFirst && !dayFirst) return { day: monthFirst };
    return dayFirst && monthFirst ? { days: [dayFirst, monthFirst] } : undefined;
  }
  // A month in words: 7 grudnia 2026, 7 December 2026, December 7, 2026.
  const dayMonth = /^(\d{1,2})\.?\s+([\p{L}]+)\.?,?\s+(\d{4})$/u.exec(text);
  if (dayMonth) {
    const month = monthOf(dayMonth[2]!);
    const found = month ? day(dayMonth[3]!, month, dayMonth[1]!) : undefined;
    return found ? { day: found } : undefined;
  }
  const monthDay = /^([\p{L}]+)\.?\s+(\d{1,2}),?\s+(\d{4})$/u.exec(text);
  if (monthDay) {
    const month = monthOf(monthDay[1]!);
    const found = month ? day(monthDay[3]!, month, monthDay[2]!) : undefined;
    return found ? { day: found } : undefined;
  }
  return undefined;
}
