/**
 * Slots as people read them: "wt., 1 gru 2026, 10:00–10:30" / "Tue 1 Dec 2026, 10:00–10:30", in the
 * locale and time zone asked for, with the slot's date in that zone.
 */
import type { Locale } from '../base/i18n';
import type { ConsultationSlot } from '../schemas/consultation';
import type { Interval } from './slot-generator';
import { isoWithOffset, localDateAt, wallClockAt } from './time-zones';

const intlLocale: Record<Locale, string> = { pl: 'pl-PL', en: 'en-GB' };
const cache = new Map<string, { day: Intl.DateTimeFormat }>();

function formattersFor(locale: Locale, timeZone: string) {
  const key = `${locale}|${timeZone}`;
  let entry = cache.get(key);
  if (!entry) {
    entry = {
      day: new Intl.DateTimeFormat(intlLocale[locale], { timeZone, weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }),
    };
    cache.set(key, entry);
  }
  return entry;
}

const dayLabels = new Map<string, string>();

/** "wt., 1 gru 2026" (pl) or "Tue 1 Dec 2026" (en); remembered per locale, zone and date. */
export function dayLabel(instant: Date, locale: Locale, timeZone: string): string {
  const key = `${locale}|${timeZone}|${localDateAt(instant, timeZone)}`;
  let label = dayLabels.get(key);
  if (!label) {
    const parts = Object.fromEntries(formattersFor(locale, timeZone).day.formatToParts(instant).map((part) => [part.type, part.value]));
    label =
      locale === 'pl'
        ? `${parts.weekday}, ${parts.day} ${parts.month} ${parts.year}`
        : `${parts.weekday} ${parts.day} ${parts.month} ${parts.year}`;
    if (dayLabels.size > 10_000) dayLabels.clear();
    dayLabels.set(key, label);
  }
  return label;
}

/** "10:00": both locales write the 24-hour clock with two digits. */
function clockLabel(instant: Date, timeZone: string): string {
  const wall = wallClockAt(instant, timeZone);
  return `${String(wall.hour).padStart(2, '0')}:${String(wall.minute).padStart(2, '0')}`;
}

export function slotLabel(slot: { start: Date; end?: Date }, locale: Locale, timeZone: string): string {
  const range = slot.end ? `${clockLabel(slot.start, timeZone)}–${clockLabel(slot.end, timeZone)}` : clockLabel(slot.start, timeZone);
  return `${dayLabel(slot.start, locale, timeZone)}, ${range}`;
}

/**
 * A time zone as people name it: "czas środkowoeuropejski", "Eastern Time"; a zone without a name
 * of its own (UTC, or one Intl only knows by its offset) is its IANA id, "UTC", "Asia/Kolkata".
 */
export function zoneName(timeZone: string, locale: Locale): string {
  try {
    const parts = new Intl.DateTimeFormat(intlLocale[locale], { timeZone, timeZoneName: 'longGeneric' }).formatToParts(new Date());
    const name = parts.find((part) => part.type === 'timeZoneName')?.value;
    if (name && !/^(GMT|UTC)([+−-]|$)/.test(name)) return name;
  } catch {
    // An id Intl does not know is shown as written.
  }
  return timeZone.replace(/_/g, ' ');
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
