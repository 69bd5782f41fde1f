/**
 * The contact form island: inline messages per field in the page's language, a busy state while
 * sending, and the outcome (or the API's ErrorResponse message and hint) in a live region.
 * Server-rendered first, so the labelled form is in the HTML before this script runs.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { fieldProblem, postJson, type FormLocale } from './form-post';

const text = {
  pl: {
    name: 'Imię i nazwisko',
    email: 'E-mail',
    topic: 'Temat (opcjonalnie)',
    message: 'Wiadomość',
    messageHelp: 'Co najmniej 10 znaków.',
    send: 'Wyślij wiadomość',
    sending: 'Wysyłanie…',
    sent: 'Dziękujemy! Wiadomość dotarła, odpowiemy na podany adres e-mail.',
    fix: 'Popraw zaznaczone pola.',
  },
  en: {
    name: 'Full name',
    email: 'E-mail',
    topic: 'Topic (optional)',
    message: 'Message',
    messageHelp: 'At least 10 characters.',
    send: 'Send message',
    sending: 'Sending…',
    sent: 'Thank you! Your message arrived; we will reply to the address you gave.',
    fix: 'Please correct the marked fields.',
  },
} as const;

type Field = 'name' | 'email' | 'topic' | 'message';

export default function ContactForm({ locale }: { locale: FormLocale }) {
  const t = text[locale];
  const form = useRef<HTMLFormElement>(null);
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  // Rendered on the server with the button disabled: without JavaScript the page's <noscript> note
  // offers e-mail instead of a form that cannot send JSON.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  // Errors clear while typing (onInput), so no message vanishes under the pointer on the next click;
  // on leaving a field, only a filled-in but wrong value is flagged (empty ones wait for submit).
  const recheck = (element: HTMLInputElement | HTMLTextAreaElement) =>
    problems[element.name as Field] && setProblems((current) => ({ ...current, [element.name]: fieldProblem(element, locale) }));
  const check = (element: HTMLInputElement | HTMLTextAreaElement) =>
    element.value.trim() && setProblems((current) => ({ ...current, [element.name]: fieldProblem(element, locale) }));

  async function submit(event: Event) {
    event.preventDefault();
    const elements = form.current!.elements;
    const fields = (['name', 'email', 'topic', 'message'] as Field[]).map((name) => elements.namedItem(name) as HTMLInputElement | HTMLTextAreaElement);
    const found = Object.fromEntries(fields.map((field) => [field.name, fieldProblem(field, locale)]));
    setProblems(found);
    const firstBad = fields.find((field) => found[field.name]);
    if (firstBad) {
      setOutcome({ ok: false, message: t.fix });
      firstBad.focus();
      return;
    }
    const [name, email, topic, message] = fields.map((field) => field.value.trim());
    setBusy(true);
    setOutcome(null);
    const result = await postJson('/api/contact', { name, email, message, locale, ...(topic ? { topic } : {}) }, locale, t.sent);
    setBusy(false);
    setOutcome(result);
    if (result.ok) form.current!.reset();
  }

  const described = (field: Field, help?: string) => [help, problems[field] ? `contact-${field}-error` : ''].filter(Boolean).join(' ') || undefined;
  const error = (field: Field) =>
    problems[field] ? (
      <p class="field-error" id={`contact-${field}-error`}>
        {problems[field]}
      </p>
    ) : null;

  return (
    <form ref={form} class="site-form" noValidate onSubmit={submit} aria-busy={busy ? 'true' : 'false'}>
      <div class="field">
        <label for="contact-name">{t.name}</label>
        <input id="contact-name" name="name" type="text" autocomplete="name" required minLength={2} maxLength={200}
          aria-invalid={problems.name ? 'true' : undefined} aria-describedby={described('name')} onInput={(event) => recheck(event.currentTarget)} onBlur={(event) => check(event.currentTarget)} />
        {error('name')}
      </div>
      <div class="field">
        <label for="contact-email">{t.email}</label>
        <input id="contact-email" name="email" type="email" autocomplete="email" required maxLength={254}
          aria-invalid={problems.email ? 'true' : undefined} aria-describedby={described('email')} onInput={(event) => recheck(event.currentTarget)} onBlur={(event) => check(event.currentTarget)} />
        {error('email')}
      </div>
      <div class="field">
        <label for="contact-topic">{t.topic}</label>
        <input id="contact-topic" name="topic" type="text" maxLength={200} aria-describedby={described('topic')} />
        {error('topic')}
      </div>
      <div class="field">
        <label for="contact-message">{t.message}</label>
        <textarea id="contact-message" name="message" rows={6} required minLength={10} maxLength={10000}
          aria-invalid={problems.message ? 'true' : undefined} aria-describedby={described('message', 'contact-message-help')} onInput={(event) => recheck(event.currentTarget)} onBlur={(event) => check(event.currentTarget)} />
        <p class="field-help" id="contact-message-help">{t.messageHelp}</p>
        {error('message')}
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
