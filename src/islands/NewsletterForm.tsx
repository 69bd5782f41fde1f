/**
 * The newsletter island: e-mail and consent, inline messages in the page's language, a busy state,
 * and the outcome (or the API's ErrorResponse message and hint) in a live region.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { fieldProblem, postJson, type FormLocale } from './form-post';

const text = {
  pl: {
    email: 'Twój e-mail',
    consent: 'Zgadzam się na otrzymywanie newslettera (mogę zrezygnować w każdej chwili).',
    send: 'Zapisz mnie',
    sending: 'Zapisywanie…',
    sent: 'Gotowe! Adres jest zapisany na newsletter.',
    fix: 'Popraw zaznaczone pola.',
  },
  en: {
    email: 'Your e-mail',
    consent: 'I agree to receive the newsletter (I can unsubscribe at any time).',
    send: 'Subscribe',
    sending: 'Subscribing…',
    sent: 'Done! The address is subscribed to the newsletter.',
    fix: 'Please correct the marked fields.',
  },
} as const;

type Field = 'email' | 'consent';

export default function NewsletterForm({ locale }: { locale: FormLocale }) {
  const t = text[locale];
  const form = useRef<HTMLFormElement>(null);
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  // Rendered on the server with the button disabled: without JavaScript the page's <noscript> note
  // offers e-mail instead of a form that cannot send JSON.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  // Errors clear while the visitor fixes them; a filled-in wrong address is flagged on leaving the field.
  const recheck = (element: HTMLInputElement) => setProblems((current) => ({ ...current, [element.name]: fieldProblem(element, locale) }));

  async function submit(event: Event) {
    event.preventDefault();
    const elements = form.current!.elements;
    const email = elements.namedItem('email') as HTMLInputElement;
    const consent = elements.namedItem('consent') as HTMLInputElement;
    const found = { email: fieldProblem(email, locale), consent: fieldProblem(consent, locale) };
    setProblems(found);
    if (found.email || found.consent) {
      setOutcome({ ok: false, message: t.fix });
      (found.email ? email : consent).focus();
      return;
    }
    setBusy(true);
    setOutcome(null);
    const result = await postJson('/api/subscribe', { email: email.value.trim(), consent: true, locale }, locale, t.sent);
    setBusy(false);
    setOutcome(result);
    if (result.ok) form.current!.reset();
  }

  const error = (field: Field) =>
    problems[field] ? (
      <p class="field-error" id={`newsletter-${field}-error`}>
        {problems[field]}
      </p>
    ) : null;

  return (
    <form ref={form} class="site-form" noValidate onSubmit={submit} aria-busy={busy ? 'true' : 'false'}>
      <div class="field">
        <label for="newsletter-email">{t.email}</label>
        <input id="newsletter-email" name="email" type="email" autocomplete="email" required maxLength={254}
          aria-invalid={problems.email ? 'true' : undefined} aria-describedby={problems.email ? 'newsletter-email-error' : undefined}
          onInput={(event) => problems.email && recheck(event.currentTarget)}
          onBlur={(event) => event.currentTarget.value.trim() && recheck(event.currentTarget)} />
        {error('email')}
      </div>
      <div class="field field-checkbox">
        <input id="newsletter-consent" name="consent" type="checkbox" value="true" required
          aria-invalid={problems.consent ? 'true' : undefined} aria-describedby={problems.consent ? 'newsletter-consent-error' : undefined}
          onChange={(event) => problems.consent && recheck(event.currentTarget)} />
        <label for="newsletter-consent">{t.consent}</label>
        {error('consent')}
      </div>
      <button class="button" type="submit" disabled={busy || !ready} aria-busy={busy ? 'true' : 'false'}>
        {busy ? t.sending : t.send}
      </button>
      <p class={`form-status${outcome ? (outcome.ok ? ' is-ok' : ' is-error') : ''}`} role="status" aria-live="polite" aria-atomic="true">
        {outcome?.message ?? ''}
      </p>
    </form>
  );
}
