/**
 * What the site's forms share: posting JSON to our API and turning the answer into one sentence
 * for the live region (an ErrorResponse shows its message and hint), and field checks driven by
 * the constraint attributes in the markup (required, minlength, type=email), so the rules live in
 * one place on the page and the server's zod schema stays the final word.
 */
import type { ErrorBody, ErrorCode } from '../server/errors';
import type { Locale } from '../server/i18n';
import { countOf } from '../server/plural';

export type FormLocale = Locale;

export interface Outcome {
  ok: boolean;
  message: string;
}

/** Sentences for the codes a visitor can meet, in the page's language; other codes show the API's own words. */
type Codes = Partial<Record<ErrorCode, (retryAfter: string) => string>>;

const words = {
  pl: {
    network: 'Nie udało się połączyć z serwerem. Sprawdź połączenie i spróbuj ponownie.',
    unexpected: 'Serwer odpowiedział nieoczekiwanie. Spróbuj ponownie za chwilę.',
    required: 'To pole jest wymagane.',
    email: 'Wpisz poprawny adres e-mail, np. anna@example.org.',
    tooShort: (min: number) => `Wpisz co najmniej ${countOf('pl', min, { one: 'znak', few: 'znaki', many: 'znaków', other: 'znaku' })}.`,
    checkbox: 'Zaznacz to pole, aby kontynuować.',
    codes: {
      rate_limited: (seconds: string) => `Za dużo prób w krótkim czasie. Spróbuj ponownie za ${seconds} s.`,
      provider_unavailable: () => 'Usługa pocztowa chwilowo nie odpowiada. Spróbuj ponownie za kilka sekund.',
      not_configured: () => 'Ta funkcja jest wyłączona na tej stronie. Napisz do nas bezpośrednio e-mailem.',
    } as Codes,
  },
  en: {
    network: 'Could not reach the server. Check your connection and try again.',
    unexpected: 'The server answered unexpectedly. Please try again shortly.',
    required: 'This field is required.',
    email: 'Enter a valid e-mail address, e.g. anna@example.org.',
    tooShort: (min: number) => `Enter at least ${countOf('en', min, { one: 'character', other: 'characters' })}.`,
    checkbox: 'Tick this box to continue.',
    codes: {
      rate_limited: (seconds: string) => `Too many attempts in a short time. Please try again in ${seconds} s.`,
      provider_unavailable: () => 'The mail service is not answering right now. Please try again in a few seconds.',
      not_configured: () => 'This feature is switched off on this site. Please write to us by e-mail.',
    } as Codes,
  },
} as const;

/** The message for one field, or '' when it is fine. */
export function fieldProblem(field: HTMLInputElement | HTMLTextAreaElement, locale: FormLocale): string {
  const text = words[locale];
  if (field instanceof HTMLInputElement && field.type === 'checkbox') return field.required && !field.checked ? text.checkbox : '';
  const value = field.value.trim();
  if (field.required && !value) return text.required;
  if (field.minLength > 0 && value && value.length < field.minLength) return text.tooShort(field.minLength);
  if (field.type === 'email' && value && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) return text.email;
  return '';
}

/**
 * Posts the site's form: form-encoded, as an HTML form would (the endpoint's form path, where the
 * spam checks apply), asking for the JSON answer.
 */
export async function postForm(path: string, fields: Record<string, string>, locale: FormLocale, success: string): Promise<Outcome> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: new URLSearchParams(fields),
    });
  } catch {
    return { ok: false, message: words[locale].network };
  }
  if (response.ok) return { ok: true, message: success };
  try {
    const { error } = (await response.json()) as Partial<ErrorBody>;
    const localised = error?.code ? words[locale].codes[error.code] : undefined;
    if (localised) return { ok: false, message: localised(response.headers.get('retry-after') ?? '60') };
    if (error?.message) return { ok: false, message: [error.message, error.hint].filter(Boolean).join(' ') };
  } catch {
    // Not an ErrorResponse (a proxy page, say): fall through to the generic sentence.
  }
  return { ok: false, message: words[locale].unexpected };
}
