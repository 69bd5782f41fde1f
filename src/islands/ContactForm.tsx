/**
 * The contact form island: inline messages per field in the page's language, a busy state while
 * sending, and the outcome (or the API's ErrorResponse message and hint) in a live region.
 * Server-rendered first, so the labelled form is in the HTML before this script runs.
 */
import { useEffect } from 'preact/hooks';
import type { PrivacyNote } from '../server/privacy-note';
import { fieldProblem, type FormLocale } from './form-post';
import { SpamFields } from './spam-fields';
import { FieldError, FormFooter, useSiteForm } from './use-site-form';
import { routePaths } from '../server/urls';

const text = {
  pl: {
    name: 'Imię i nazwisko',
    email: 'E-mail',
    topic: 'Temat (opcjonalnie)',
    message: 'Wiadomość',
    messageHelp: 'Co najmniej 10 znaków.',
    listConsent: 'Możecie zachować mój adres na liście kontaktów Pracowni (segment „Kontakt”), by pisać do mnie o usługach. Mogę się wypisać w każdej chwili. Bez tej zgody adres służy tylko do odpowiedzi.',
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
    listConsent: 'You may keep my address on the studio\'s contact list (segment “Kontakt”) to write to me about your services. I can leave at any time. Without this, the address is used only to answer.',
    send: 'Send message',
    sending: 'Sending…',
    sent: 'Thank you! Your message arrived; we will reply to the address you gave.',
    fix: 'Please correct the marked fields.',
  },
} as const;

type Field = 'name' | 'email' | 'topic' | 'message';

export default function ContactForm({ locale, privacy }: { locale: FormLocale; privacy: PrivacyNote }) {
  const t = text[locale];
  const { form, problems, setProblems, busy, outcome, ready, checkAll, send } = useSiteForm<Field>(locale);
  // "Ask about this service" links here with the service as the topic (?topic=…).
  useEffect(() => {
    const topic = new URLSearchParams(location.search).get('topic')?.trim().slice(0, 200);
    const field = form.current?.elements.namedItem('topic') as HTMLInputElement | null;
    if (topic && field && !field.value) field.value = topic;
  }, []);

  // Errors clear while typing (onInput), so no message vanishes under the pointer on the next click;
  // on leaving a field, only a filled-in but wrong value is flagged (empty ones wait for submit).
  const recheck = (element: HTMLInputElement | HTMLTextAreaElement) =>
    problems[element.name as Field] && setProblems((current) => ({ ...current, [element.name]: fieldProblem(element, locale) }));
  const check = (element: HTMLInputElement | HTMLTextAreaElement) =>
    element.value.trim() && setProblems((current) => ({ ...current, [element.name]: fieldProblem(element, locale) }));

  async function submit(event: Event) {
    event.preventDefault();
    const fields = checkAll(['name', 'email', 'topic', 'message'], t.fix);
    if (!fields) return;
    const [name, email, topic, message] = fields.map((field) => field.value.trim());
    const listConsent = (form.current!.elements.namedItem('listConsent') as HTMLInputElement).checked;
    await send(routePaths.contact, { name: name!, email: email!, message: message!, locale, ...(topic ? { topic } : {}), ...(listConsent ? { listConsent: 'true' } : {}) }, t.sent);
  }

  const described = (field: Field, help?: string) => [help, problems[field] ? `contact-${field}-error` : ''].filter(Boolean).join(' ') || undefined;
  const error = (field: Field) => <FieldError id={`contact-${field}-error`} problem={problems[field]} />;

  return (
    <form ref={form} class="site-form" method="post" action={routePaths.contact} noValidate onSubmit={submit} aria-busy={busy ? 'true' : 'false'}>
      <input type="hidden" name="locale" value={locale} />
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
      <div class="field field-checkbox">
        <input id="contact-list-consent" name="listConsent" type="checkbox" value="true" />
        <label for="contact-list-consent">{t.listConsent}</label>
      </div>
      <SpamFields id="contact" locale={locale} />
      <FormFooter busy={busy} ready={ready} outcome={outcome} send={t.send} sending={t.sending} privacy={privacy} />
    </form>
  );
}
