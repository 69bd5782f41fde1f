/**
 * Slots as people read them: "wt., 1 gru 2026, 10:00–10:30" / "Tue 1 Dec 2026, 10:00–10:30", in the
 * locale and time zone asked for, with the slot's date in that zone.
 */
import type { Locale } from '../i18n';
import type { ConsultationSlot } from '../schemas/consultation';
import type { Interval } from './slot-generator';
import { isoWithOffset, localDateAt } from './time-zones';

const intlLocale: Record<Locale, string> = { pl: 'pl-PL', en: 'en-GB' };
const cache = new Map<string, { day: Intl.DateTimeFormat; time: Intl.DateTimeFormat }>();

function formattersFor(locale: Locale, timeZone: string) {
  const key = `${locale}|${timeZone}`;
  let entry = cache.get(key);
  if (!entry) {
    entry = {
      day: new Intl.DateTimeFormat(intlLocale[locale], { timeZone, weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }),
      time: new Intl.DateTimeFormat(intlLocale[locale], { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
    };
    cache.set(key, entry);
  }
  return entry;
}

/** "wt., 1 gru 2026" (pl) or "Tue 1 Dec 2026" (en). */
export function dayLabel(instant: Date, locale: Locale, timeZone: string): string {
  const parts = Object.fromEntries(formattersFor(locale, timeZone).day.formatToParts(instant).map((part) => [part.type, part.value]));
  return locale === 'pl'
    ? `${parts.weekday}, ${parts.day} ${parts.month} ${parts.year}`
    : `${parts.weekday} ${parts.day} ${parts.month} ${parts.year}`;
}

export function slotLabel(slot: { start: Date; end?: Date }, locale: Locale, timeZone: string): string {
  const { time } = formattersFor(locale, timeZone);
  const range = slot.end ? `${time.format(slot.start)}–${time.format(slot.end)}` : time.format(slot.start);
  return `${dayLabel(slot.start, locale, timeZone)}, ${range}`;
}

export function toConsultationSlot(slot: { start: Date; end?: Date }, locale: Locale, timeZone: string): ConsultationSlot {
  return {
    start: isoWithOffset(slot.start, timeZone),
    ...(slot.end ? { end: isoWithOffset(slot.end, timeZone) } : {}),
    label: slotLabel(slot, locale, timeZone),
    date: localDateAt(slot.start, timeZone),
  };
}

export type { Interval };
