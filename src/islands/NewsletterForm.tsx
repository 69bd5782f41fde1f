/**
 * The newsletter island: e-mail and consent, inline messages in the page's language, a busy state,
 * and the outcome (or the API's ErrorResponse message and hint) in a live region.
 */
import type { PrivacyNote } from '../server/adapters/privacy-note';
import type { Strings } from '../i18n/catalogue';
import { fieldProblem, type FormChecks, type FormLocale } from './form-post';
import { SpamFields } from './spam-fields';
import { FieldError, FormFooter, useSiteForm } from './use-site-form';
import { routePaths } from '../server/base/urls';

type Field = 'email' | 'consent';

export default function NewsletterForm({ locale, privacy, strings: t, checks }: { locale: FormLocale; privacy: PrivacyNote; strings: Strings<'newsletterForm'>; checks: FormChecks }) {
  const { form, problems, setProblems, busy, outcome, ready, checkAll, send } = useSiteForm<Field>(locale, checks);

  // Errors clear while the visitor fixes them; a filled-in wrong address is flagged on leaving the field.
  const recheck = (element: HTMLInputElement) => setProblems((current) => ({ ...current, [element.name]: fieldProblem(element, checks, locale) }));

  async function submit(event: Event) {
    event.preventDefault();
    const fields = checkAll(['email', 'consent'], t.fix);
    if (!fields) return;
    await send(routePaths.subscribe, { email: fields[0]!.value.trim(), consent: 'true', locale }, t.sent);
  }

  const error = (field: Field) => <FieldError id={`newsletter-${field}-error`} problem={problems[field]} />;

  return (
    <form ref={form} class="site-form" method="post" action={routePaths.subscribe} noValidate onSubmit={submit} aria-busy={busy ? 'true' : 'false'}>
      <input type="hidden" name="locale" value={locale} />
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
      <SpamFields id="newsletter" locale={locale} honeypot={checks.honeypot} />
      <FormFooter busy={busy} ready={ready} outcome={outcome} send={t.send} sending={t.sending} privacy={privacy} />
    </form>
  );
}
