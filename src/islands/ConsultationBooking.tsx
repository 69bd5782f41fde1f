/**
 * The consultation slot picker and booking form: free slots in the visitor's time zone (Intl), pick
 * one, give name, e-mail, phone and notes, book through POST /api/consultation/book. When slots are
 * unavailable it offers the booking link. Every state change is announced through one live region.
 */
import { useEffect, useState } from 'preact/hooks';
import type { TargetedSubmitEvent } from 'preact';

type Locale = 'pl' | 'en';

interface Slot {
  start: string;
  end?: string;
  label: string;
  date: string;
}

interface Props {
  locale: Locale;
  /** The booking link shown when slots cannot be listed or booked online. */
  bookingUrl: string;
}

const strings = {
  pl: {
    loading: 'Wczytuję wolne terminy…',
    pick: 'Wybierz termin',
    zone: (zone: string) => `Godziny w Twojej strefie czasowej: ${zone}.`,
    none: 'W najbliższych dniach nie ma wolnych terminów.',
    unavailable: 'Nie możemy teraz pokazać wolnych terminów.',
    useLink: 'Umów konsultację przez stronę rezerwacji',
    details: 'Twoje dane',
    name: 'Imię i nazwisko',
    email: 'E-mail',
    phone: 'Telefon (opcjonalnie)',
    notes: 'O czym chcesz porozmawiać? (opcjonalnie)',
    submit: 'Zarezerwuj konsultację',
    busy: 'Rezerwuję…',
    chooseFirst: 'Najpierw wybierz termin.',
    failed: 'Nie udało się zarezerwować terminu. Spróbuj ponownie za chwilę albo skorzystaj z linku.',
    newSlots: 'Wybierz jeden z aktualnych wolnych terminów poniżej.',
    loaded: (count: number) => `Wczytano wolne terminy: ${count}.`,
  },
  en: {
    loading: 'Loading free slots…',
    pick: 'Pick a time',
    zone: (zone: string) => `Times in your time zone: ${zone}.`,
    none: 'There are no free slots in the coming days.',
    unavailable: 'We cannot show free slots right now.',
    useLink: 'Book the consultation on the booking page',
    details: 'Your details',
    name: 'Full name',
    email: 'E-mail',
    phone: 'Phone (optional)',
    notes: 'What would you like to talk about? (optional)',
    submit: 'Book the consultation',
    busy: 'Booking…',
    chooseFirst: 'Pick a time first.',
    failed: 'The slot could not be booked. Try again in a moment or use the link.',
    newSlots: 'Pick one of the current free slots below.',
    loaded: (count: number) => `Free slots loaded: ${count}.`,
  },
} as const;

function visitorTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'Europe/Warsaw';
  } catch {
    return 'Europe/Warsaw';
  }
}

/** "wt., 1 gru 2026, 10:00–10:30" → ["wt., 1 gru 2026", "10:00–10:30"]. */
function splitLabel(label: string): [string, string] {
  const cut = label.lastIndexOf(', ');
  return cut < 0 ? [label, label] : [label.slice(0, cut), label.slice(cut + 2)];
}

export default function ConsultationBooking({ locale, bookingUrl: initialBookingUrl }: Props) {
  const text = strings[locale];
  // Known only in the browser; the server-rendered form shows no zone yet.
  const [timeZone, setTimeZone] = useState('');
  const [phase, setPhase] = useState<'loading' | 'slots' | 'link_only' | 'booked'>('loading');
  const [slots, setSlots] = useState<Slot[]>([]);
  const [selected, setSelected] = useState<string>('');
  const [bookingUrl, setBookingUrl] = useState(initialBookingUrl);
  const [busy, setBusy] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const [problem, setProblem] = useState('');
  const [confirmation, setConfirmation] = useState('');

  async function loadSlots(zone: string): Promise<void> {
    setPhase('loading');
    try {
      const query = new URLSearchParams({ locale, timeZone: zone, limit: '30' });
      const response = await fetch(`/api/consultation/slots?${query}`, { headers: { Accept: 'application/json' } });
      const body = await response.json();
      if (body.bookingUrl) setBookingUrl(body.bookingUrl);
      if (!response.ok || !body.ok) {
        setPhase('link_only');
        setAnnouncement(text.unavailable);
        return;
      }
      setSlots(body.slots);
      setPhase('slots');
      setAnnouncement(body.slots.length ? text.loaded(body.slots.length) : text.none);
    } catch {
      setPhase('link_only');
      setAnnouncement(text.unavailable);
    }
  }

  useEffect(() => {
    const zone = visitorTimeZone();
    setTimeZone(zone);
    void loadSlots(zone);
  }, []);

  async function submit(event: TargetedSubmitEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (busy) return;
    if (!selected) {
      setProblem(text.chooseFirst);
      return;
    }
    const form = new FormData(event.currentTarget);
    const field = (name: string) => String(form.get(name) ?? '').trim();
    setBusy(true);
    setProblem('');
    setAnnouncement(text.busy);
    try {
      const response = await fetch('/api/consultation/book', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({
          fullName: field('fullName'),
          email: field('email'),
          ...(field('phone') ? { phone: field('phone') } : {}),
          ...(field('notes') ? { notes: field('notes') } : {}),
          timeZone,
          start: selected,
          locale,
        }),
      });
      const body = await response.json().catch(() => ({}));
      if (body.mode === 'booked') {
        setConfirmation(body.message);
        setPhase('booked');
        setAnnouncement(body.message);
      } else if (body.mode === 'slot_unavailable') {
        setSlots(body.alternatives ?? []);
        setSelected('');
        setProblem(`${body.message} ${body.alternatives?.length ? text.newSlots : ''}`.trim());
        setAnnouncement(body.message);
      } else if (body.mode === 'link_only') {
        setBookingUrl(body.bookingUrl ?? bookingUrl);
        setPhase('link_only');
        setAnnouncement(body.message ?? text.unavailable);
      } else {
        const message = body.error?.message ?? text.failed;
        setProblem(response.status === 400 ? message : text.failed);
        setAnnouncement(response.status === 400 ? message : text.failed);
      }
    } catch {
      setProblem(text.failed);
      setAnnouncement(text.failed);
    } finally {
      setBusy(false);
    }
  }

  const days = new Map<string, Slot[]>();
  for (const slot of slots) days.set(slot.date, [...(days.get(slot.date) ?? []), slot]);

  // The form is rendered from the first paint (slots load into a fixed-height list) so nothing
  // below it moves when the slots arrive.
  return (
    <div class="cb" aria-busy={phase === 'loading' || busy}>
      {phase === 'link_only' && (
        <p class="cb-fallback">
          {text.unavailable} <a class="button" href={bookingUrl}>{text.useLink}</a>
        </p>
      )}
      {phase === 'booked' && (
        <p class="cb-confirmation card" data-testid="consultation-confirmation">
          {confirmation}
        </p>
      )}
      {(phase === 'slots' || phase === 'loading') && (
        <form class="cb-form" onSubmit={submit}>
          <fieldset class="cb-slots">
            <legend>{text.pick}</legend>
            <p class="muted">{timeZone ? text.zone(timeZone) : '\u00a0'}</p>
            <div class="cb-list">
              {phase === 'loading' && <p>{text.loading}</p>}
              {phase === 'slots' && slots.length === 0 && (
                <p>
                  {text.none} <a href={bookingUrl}>{text.useLink}</a>
                </p>
              )}
              {[...days.entries()].map(([date, daySlots]) => (
                <div class="cb-day" key={date}>
                  <p class="cb-day-name">{splitLabel(daySlots[0]!.label)[0]}</p>
                  <div class="cb-times">
                    {daySlots.map((slot) => (
                      <label class="cb-time" key={slot.start}>
                        <input
                          type="radio"
                          name="slot"
                          value={slot.start}
                          checked={selected === slot.start}
                          onChange={() => setSelected(slot.start)}
                          aria-label={slot.label}
                        />
                        <span>{splitLabel(slot.label)[1]}</span>
                      </label>
                    ))}
                  </div>
                </div>
              ))}
            </div>
          </fieldset>
          <fieldset class="cb-details">
            <legend>{text.details}</legend>
            <label>
              {text.name}
              <input name="fullName" required minLength={3} maxLength={200} autocomplete="name" />
            </label>
            <label>
              {text.email}
              <input name="email" type="email" required maxLength={254} autocomplete="email" />
            </label>
            <label>
              {text.phone}
              <input name="phone" type="tel" maxLength={40} autocomplete="tel" />
            </label>
            <label>
              {text.notes}
              <textarea name="notes" rows={3} maxLength={2000} />
            </label>
          </fieldset>
          {problem && (
            <p class="cb-problem" role="alert">
              {problem}
            </p>
          )}
          <button class="button" type="submit" disabled={busy || phase === 'loading'}>
            {busy ? text.busy : text.submit}
          </button>
        </form>
      )}
      <p class="cb-status" role="status" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}
