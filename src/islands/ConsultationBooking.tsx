/**
 * The consultation slot picker and booking form. Free slots are shown a week at a time across the
 * whole booking horizon (previous/next week), in a time zone named in words that the visitor can
 * change. Fields are checked inline like the contact form (no browser bubbles). Each outcome is
 * said once: a taken slot shows the server's sentence with the fresh alternatives right under it;
 * a booking replaces the form with what was booked. Loading is announced in a hidden live region.
 * It posts like the site's other forms (form-encoded, with the honeypot and the proof of work of
 * spam-fields.tsx): the server books nothing for a post that fails those checks.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Locale } from '../server/base/i18n';
import type { BookingResult, ConsultationSlot as Slot, ConsultationSlotsResponse } from '../server/schemas/consultation';
import type { ErrorBody } from '../server/base/errors';
import type { Strings } from '../i18n/catalogue';
import { fill } from '../i18n/fill';
import { fieldProblem, type FormChecks } from './form-post';
import { proofOfWork, renewProofOfWork, SpamFields, startProofOfWork } from './spam-fields';
import type { PrivacyNote } from '../server/adapters/privacy-note';
import { zoneName } from '../server/scheduling/labels';
import { FieldError, PrivacyLine } from './use-site-form';
import { routePaths } from '../server/base/urls';

interface Props {
  locale: Locale;
  /** The booking link shown when slots cannot be listed or booked online. */
  bookingUrl: string;
  /** How many days ahead slots are offered (the office hours' horizon). */
  horizonDays: number;
  privacy: PrivacyNote;
  strings: Strings<'booking'>;
  checks: FormChecks;
}

const intlLocale: Record<Locale, string> = { pl: 'pl-PL', en: 'en-GB' };
const PAGE_LIMIT = 30;

function visitorTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'Europe/Warsaw';
  } catch {
    return 'Europe/Warsaw';
  }
}

/** "czas środkowoeuropejski (Europe/Warsaw)"; a zone named by its id alone is written once ("UTC"). */
function zoneWithId(zone: string, locale: Locale): string {
  const name = zoneName(zone, locale);
  const id = zone.replace(/_/g, ' ');
  return name === id ? id : `${name} (${id})`;
}

/** Calendar dates as YYYY-MM-DD strings; arithmetic in UTC so no zone shifts a day. */
const toDate = (day: string) => new Date(`${day}T00:00:00Z`);
const toDay = (date: Date) => date.toISOString().slice(0, 10);
export const addDays = (day: string, days: number) => toDay(new Date(toDate(day).getTime() + days * 86_400_000));
export const mondayOf = (day: string) => addDays(day, -((toDate(day).getUTCDay() + 6) % 7));
function todayIn(zone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}

/** "wt., 1 gru 2026, 10:00–10:30" → "10:00–10:30". */
function timeOf(label: string): string {
  const cut = label.lastIndexOf(', ');
  return cut < 0 ? label : label.slice(cut + 2);
}

type LinkOnly = { linkOnly: true; bookingUrl?: string };

export default function ConsultationBooking({ locale, bookingUrl: initialBookingUrl, horizonDays, privacy, strings: text, checks }: Props) {
  // Known only in the browser; the server-rendered picker shows no zone yet.
  const [timeZone, setTimeZone] = useState('');
  const [zoneOpen, setZoneOpen] = useState(false);
  const [phase, setPhase] = useState<'loading' | 'slots' | 'link_only' | 'booked'>('loading');
  const [weekStart, setWeekStart] = useState('');
  const [today, setToday] = useState('');
  const [slots, setSlots] = useState<Slot[]>([]);
  const [selected, setSelected] = useState<Slot | null>(null);
  const [bookingUrl, setBookingUrl] = useState(initialBookingUrl);
  const [busy, setBusy] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [conflict, setConflict] = useState<{ message: string; alternatives: Slot[] } | null>(null);
  const [failure, setFailure] = useState('');
  const [booked, setBooked] = useState<{ message: string; email: string } | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const confirmation = useRef<HTMLDivElement>(null);
  const request = useRef(0);

  const lastDay = today ? addDays(today, horizonDays) : '';
  const weekEnd = weekStart ? addDays(weekStart, 6) : '';
  const weekdayFormat = new Intl.DateTimeFormat(intlLocale[locale], { weekday: 'long', timeZone: 'UTC' });
  const dateFormat = new Intl.DateTimeFormat(intlLocale[locale], { day: 'numeric', month: 'long', timeZone: 'UTC' });
  const rangeFormat = new Intl.DateTimeFormat(intlLocale[locale], { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  const weekTitle = weekStart ? rangeFormat.formatRange(toDate(weekStart), toDate(weekEnd)) : '';

  /** Every free slot between two days: the API returns at most 30 at a time, so page on from the last day seen. */
  async function slotsBetween(zone: string, start: string, end: string): Promise<Slot[]> {
    const found = new Map<string, Slot>();
    let from = start;
    for (let page = 0; page < 8; page++) {
      const query = new URLSearchParams({ locale, timeZone: zone, start: from, end, limit: String(PAGE_LIMIT) });
      const response = await fetch(`${routePaths.slots}?${query}`, { headers: { Accept: 'application/json' } });
      const body = (await response.json().catch(() => ({}))) as Partial<ConsultationSlotsResponse>;
      if (body.bookingUrl) setBookingUrl(body.bookingUrl);
      if (!response.ok || !body.ok) throw { linkOnly: true, bookingUrl: body.bookingUrl } satisfies LinkOnly;
      const slots: Slot[] = body.slots ?? [];
      for (const slot of slots) found.set(slot.start, slot);
      const last = slots.at(-1)?.date;
      if (slots.length < PAGE_LIMIT || !last || last === from) break;
      from = last;
    }
    return [...found.values()].sort((a, b) => a.start.localeCompare(b.start));
  }

  /** Shows the week starting `monday`; on the first load, moves on to the first week that has a free slot. */
  async function showWeek(zone: string, monday: string, firstDay: string, seekFree = false): Promise<void> {
    const ticket = ++request.current;
    setPhase('loading');
    setAnnouncement(text.loading);
    try {
      let start = monday;
      let found: Slot[] = [];
      const horizon = addDays(firstDay, horizonDays);
      for (;;) {
        found = await slotsBetween(zone, start < firstDay ? firstDay : start, addDays(start, 6) > horizon ? horizon : addDays(start, 6));
        if (!seekFree || found.length > 0 || addDays(start, 7) > horizon) break;
        start = addDays(start, 7);
      }
      if (ticket !== request.current) return;
      setWeekStart(start);
      setSlots(found);
      setPhase('slots');
      setAnnouncement(fill(text.loaded, { count: found.length, week: rangeFormat.formatRange(toDate(start), toDate(addDays(start, 6))) }));
    } catch {
      if (ticket !== request.current) return;
      setPhase('link_only');
      setAnnouncement(text.unavailable);
    }
  }

  useEffect(() => {
    // The proof of work starts when the visitor first enters the form, as in the other site forms.
    const element = form.current!;
    const start = () => startProofOfWork(element);
    element.addEventListener('focusin', start, { once: true });
    return () => element.removeEventListener('focusin', start);
  }, []);

  useEffect(() => {
    const zone = visitorTimeZone();
    const day = todayIn(zone);
    setTimeZone(zone);
    setToday(day);
    void showWeek(zone, mondayOf(day), day, true);
  }, []);

  function changeZone(zone: string): void {
    setTimeZone(zone);
    setSelected(null);
    setConflict(null);
    const day = todayIn(zone);
    setToday(day);
    void showWeek(zone, weekStart || mondayOf(day), day);
  }

  function moveWeek(weeks: number): void {
    setConflict(null);
    void showWeek(timeZone, addDays(weekStart, weeks * 7), today);
  }

  function pick(slot: Slot): void {
    setSelected(slot);
    setProblems((current) => ({ ...current, slot: '' }));
  }

  type Control = HTMLInputElement | HTMLTextAreaElement;
  const control = (name: string) => form.current!.elements.namedItem(name) as Control;
  const check = (element: Control) => setProblems((current) => ({ ...current, [element.name]: fieldProblem(element, checks, locale) }));

  async function submit(event: Event): Promise<void> {
    event.preventDefault();
    if (busy) return;
    setFailure('');
    const fields = ['fullName', 'email', 'phone', 'notes'].map(control);
    const found: Record<string, string> = Object.fromEntries(fields.map((field) => [field.name, fieldProblem(field, checks, locale)]));
    found.slot = selected ? '' : text.chooseFirst;
    setProblems(found);
    if (found.slot) {
      (form.current!.querySelector('.cb-time input, .cb-week-nav button:not([disabled])') as HTMLElement | null)?.focus();
      setFailure(text.fix);
      return;
    }
    const firstBad = fields.find((field) => found[field.name]);
    if (firstBad) {
      firstBad.focus();
      setFailure(text.fix);
      return;
    }
    const [fullName, email, phone, notes] = fields.map((field) => field.value.trim());
    setBusy(true);
    setConflict(null);
    const element = form.current!;
    try {
      const honeypot = (element.elements.namedItem('website') as HTMLInputElement | null)?.value ?? '';
      const fields = { fullName: fullName!, email: email!, phone: phone!, notes: notes!, timeZone, start: selected!.start, locale };
      const response = await fetch(routePaths.book, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
        body: new URLSearchParams({ ...fields, website: honeypot, altcha: await proofOfWork(element) }),
      });
      const body = (await response.json().catch(() => ({}))) as BookingResult | (Partial<ErrorBody> & { mode?: undefined });
      if (body.mode === 'booked') {
        setBooked({ message: body.message, email: email! });
        setPhase('booked');
      } else if (body.mode === 'slot_unavailable') {
        setSelected(null);
        setConflict({ message: body.message, alternatives: body.alternatives ?? [] });
        // The week on screen no longer has the taken slot either.
        setSlots((current) => current.filter((slot) => slot.start !== selected!.start));
      } else if (body.mode === 'link_only') {
        setBookingUrl(body.bookingUrl ?? bookingUrl);
        setPhase('link_only');
        setAnnouncement(body.message ?? text.unavailable);
      } else {
        const code = body.error?.code;
        const message = body.error?.message;
        setFailure(
          code === 'booking_limit_reached'
            ? text.limit
            : code === 'form_not_verified'
              ? text.notVerified
              : code === 'rate_limited'
                ? fill(text.tooMany, { seconds: response.headers.get('retry-after') ?? '60' })
                : response.status === 400 && message
                  ? message
                  : text.failed,
        );
      }
    } catch {
      setFailure(text.failed);
    } finally {
      setBusy(false);
      // Each proof is accepted once: the next attempt needs a fresh one.
      renewProofOfWork(element);
    }
  }

  useEffect(() => {
    if (phase === 'booked') confirmation.current?.focus();
  }, [phase]);

  if (phase === 'booked' && booked) {
    return (
      <div class="cb">
        <div class="cb-confirmation" data-testid="consultation-confirmation" tabIndex={-1} ref={confirmation}>
          <p class="cb-confirmation-title">{text.bookedTitle}</p>
          <p>{booked.message}</p>
          <p class="muted">{fill(text.bookedMail, { email: booked.email })}</p>
        </div>
      </div>
    );
  }

  const days: string[] = [];
  if (weekStart) for (let index = 0; index < 7; index++) days.push(addDays(weekStart, index));
  const byDay = new Map<string, Slot[]>();
  for (const slot of slots) byDay.set(slot.date, [...(byDay.get(slot.date) ?? []), slot]);
  const shownDays = days.filter((day) => byDay.has(day) || toDate(day).getUTCDay() % 6 !== 0);
  const canGoBack = Boolean(weekStart && today && weekStart > mondayOf(today));
  const canGoOn = Boolean(weekStart && lastDay && addDays(weekStart, 7) <= lastDay);
  const described = (field: string, help?: string) => [help, problems[field] ? `cb-${field}-error` : ''].filter(Boolean).join(' ') || undefined;

  const slotOption = (slot: Slot, withDay: boolean) => (
    <label class="cb-time" key={slot.start}>
      <input type="radio" name="slot" value={slot.start} checked={selected?.start === slot.start} onChange={() => pick(slot)} aria-label={slot.label} />
      <span>{withDay ? slot.label : timeOf(slot.label)}</span>
    </label>
  );

  return (
    <div class="cb" aria-busy={phase === 'loading' || busy ? 'true' : 'false'}>
      <div class="cb-zone">
        <p>
          {text.zone}: <strong>{timeZone ? zoneWithId(timeZone, locale) : '…'}</strong>
        </p>
        <button type="button" class="button secondary cb-zone-toggle" aria-expanded={zoneOpen ? 'true' : 'false'} aria-controls="cb-zone-select-wrap" onClick={() => setZoneOpen(!zoneOpen)} disabled={!timeZone}>
          {text.changeZone}
        </button>
        <div id="cb-zone-select-wrap" class="field cb-zone-field" hidden={!zoneOpen}>
          {zoneOpen && (
            <>
              <label for="cb-zone-select">{text.zoneLabel}</label>
              <select id="cb-zone-select" value={timeZone} onChange={(event) => changeZone(event.currentTarget.value)}>
                {zoneOptions(timeZone, locale).map(([zone, words]) => <option value={zone} key={zone}>{words}</option>)}
              </select>
            </>
          )}
        </div>
      </div>
      {phase === 'link_only' && (
        <p class="cb-fallback">
          {text.unavailable} <a class="button" href={bookingUrl}>{text.useLink}</a>
        </p>
      )}
      {phase !== 'link_only' && (
        <form ref={form} class="cb-form" noValidate onSubmit={submit}>
          <fieldset class="cb-slots" aria-describedby={problems.slot ? 'cb-slot-error' : undefined}>
            <legend>{text.pick}</legend>
            <div class="cb-week-nav">
              <button type="button" class="button secondary cb-prev" onClick={() => moveWeek(-1)} disabled={!canGoBack || phase === 'loading'}>
                <span aria-hidden="true">←</span> <span class="cb-nav-text">{text.previous}</span>
              </button>
              <p class="cb-week-title">{weekTitle || '\u00a0'}</p>
              <button type="button" class="button secondary cb-next" onClick={() => moveWeek(1)} disabled={!canGoOn || phase === 'loading'}>
                <span class="cb-nav-text">{text.next}</span> <span aria-hidden="true">→</span>
              </button>
            </div>
            <div class="cb-week">
              {phase === 'loading' && <p class="cb-loading">{text.loading}</p>}
              {phase === 'slots' && slots.length === 0 && (
                <p class="cb-empty">
                  {canGoOn ? text.noneThisWeek : text.noneAtAll} {!canGoOn && <a href={bookingUrl}>{text.useLink}</a>}
                </p>
              )}
              {phase === 'slots' && slots.length > 0 && shownDays.map((day) => (
                <div class="cb-day" key={day}>
                  <p class="cb-day-name">{weekdayFormat.format(toDate(day))} <span>{dateFormat.format(toDate(day))}</span></p>
                  <div class="cb-times">
                    {(byDay.get(day) ?? []).map((slot) => slotOption(slot, false))}
                    {!byDay.has(day) && <span class="cb-none">{text.noSlots}</span>}
                  </div>
                </div>
              ))}
            </div>
            <FieldError id="cb-slot-error" problem={problems.slot} />
          </fieldset>
          <fieldset class="cb-details">
            <legend>{text.details}</legend>
            <p class="cb-chosen">
              {text.chosen}: <strong>{selected ? selected.label : text.nothingChosen}</strong>
            </p>
            <div class="cb-fields">
              <div class="field">
                <label for="cb-fullName">{text.name}</label>
                <input id="cb-fullName" name="fullName" type="text" required minLength={3} maxLength={200} autocomplete="name"
                  aria-invalid={problems.fullName ? 'true' : undefined} aria-describedby={described('fullName')}
                  onInput={(event) => problems.fullName && check(event.currentTarget)} onBlur={(event) => event.currentTarget.value.trim() && check(event.currentTarget)} />
                <FieldError id="cb-fullName-error" problem={problems.fullName} />
              </div>
              <div class="field">
                <label for="cb-email">{text.email}</label>
                <input id="cb-email" name="email" type="email" required maxLength={254} autocomplete="email"
                  aria-invalid={problems.email ? 'true' : undefined} aria-describedby={described('email')}
                  onInput={(event) => problems.email && check(event.currentTarget)} onBlur={(event) => event.currentTarget.value.trim() && check(event.currentTarget)} />
                <FieldError id="cb-email-error" problem={problems.email} />
              </div>
              <div class="field">
                <label for="cb-phone">{text.phone}</label>
                <input id="cb-phone" name="phone" type="tel" maxLength={40} autocomplete="tel" />
              </div>
              <div class="field cb-notes">
                <label for="cb-notes">{text.notes}</label>
                <textarea id="cb-notes" name="notes" rows={3} maxLength={2000} />
              </div>
            </div>
          </fieldset>
          {conflict && (
            <div class="cb-conflict" role="alert">
              <p class="cb-problem">{conflict.message}</p>
              {conflict.alternatives.length > 0 && (
                <fieldset class="cb-alternatives">
                  <legend>{text.alternatives}</legend>
                  <div class="cb-times">{conflict.alternatives.map((slot) => slotOption(slot, true))}</div>
                </fieldset>
              )}
            </div>
          )}
          <SpamFields id="cb" locale={locale} honeypot={checks.honeypot} />
          {failure && <p class="cb-problem" role="alert">{failure}</p>}
          <button class="button cb-submit" type="submit" disabled={busy || phase === 'loading'}>
            {busy ? text.busy : text.submit}
          </button>
          <PrivacyLine note={privacy} />
        </form>
      )}
      <p class="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}

/** The zones a visitor can choose: every IANA zone the browser knows, named in words, theirs first. */
function zoneOptions(current: string, locale: Locale): Array<[string, string]> {
  let zones: string[];
  try {
    zones = (Intl as unknown as { supportedValuesOf(key: string): string[] }).supportedValuesOf('timeZone');
  } catch {
    zones = ['Europe/Warsaw', 'Europe/London', 'America/New_York', 'UTC'];
  }
  if (!zones.includes(current)) zones = [current, ...zones];
  return zones.map((zone) => [zone, `${zone.replace(/_/g, ' ')} — ${zoneName(zone, locale)}`]);
}
