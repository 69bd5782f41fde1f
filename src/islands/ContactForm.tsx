/**
 * The contact form island: inline messages per field in the page's language, a busy state while
 * sending, and the outcome (or the API's ErrorResponse message and hint) in a live region.
 * Server-rendered first, so the labelled form is in the HTML before this script runs.
 */
import { useEffect } from 'preact/hooks';
import type { PrivacyNote } from '../server/adapters/privacy-note';
import type { Strings } from '../i18n/catalogue';
import { fieldProblem, type FormChecks, type FormLocale } from './form-post';
import { SpamFields } from './spam-fields';
import { FieldError, FormFooter, useSiteForm } from './use-site-form';
import { routePaths } from '../server/base/urls';

type Field = 'name' | 'email' | 'topic' | 'message';

export default function ContactForm({ locale, privacy, strings: t, checks }: { locale: FormLocale; privacy: PrivacyNote; strings: Strings<'contactForm'>; checks: FormChecks }) {
  const { form, problems, setProblems, busy, outcome, ready, checkAll, send } = useSiteForm<Field>(locale, checks);
  // "Ask about this service" links here with the service as the topic (?topic=…).
  useEffect(() => {
    const topic = new URLSearchParams(location.search).get('topic')?.trim().slice(0, 200);
    const field = form.current?.elements.namedItem('topic') as HTMLInputElement | null;
    if (topic && field && !field.value) field.value = topic;
  }, []);

  // Errors clear while typing (onInput), so no message vanishes under the pointer on the next click;
  // on leaving a field, only a filled-in but wrong value is flagged (empty ones wait for submit).
  const recheck = (element: HTMLInputElement | HTMLTextAreaElement) =>
    problems[element.name as Field] && setProblems((current) => ({ ...current, [element.name]: fieldProblem(element, checks, locale) }));
  const check = (element: HTMLInputElement | HTMLTextAreaElement) =>
    element.value.trim() && setProblems((current) => ({ ...current, [element.name]: fieldProblem(element, checks, locale) }));

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
      <SpamFields id="contact" locale={locale} honeypot={checks.honeypot} />
      <FormFooter busy={busy} ready={ready} outcome={outcome} send={t.send} sending={t.sending} privacy={privacy} />
    </form>
  );
}
