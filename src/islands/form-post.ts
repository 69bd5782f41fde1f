/**
 * What the site's forms share: posting JSON to our API and turning the answer into one sentence
 * for the live region (an ErrorResponse shows its message and hint), and field checks driven by
 * the constraint attributes in the markup (required, minlength, type=email), so the rules live in
 * one place on the page and the server's zod schema stays the final word.
 */
import type { ErrorBody, ErrorCode } from '../server/base/errors';
import type { Locale } from '../server/base/i18n';
import { countOf } from '../server/base/plural';
import { fill } from '../i18n/fill';
import type { Strings } from '../i18n/catalogue';

export type FormLocale = Locale;

export interface Outcome {
  ok: boolean;
  message: string;
}

/** The words of the form checks, in the page's language (given to each form island as a prop). */
export type FormChecks = Strings<'formChecks'>;

/** The message for one field, or '' when it is fine. */
export function fieldProblem(field: HTMLInputElement | HTMLTextAreaElement, text: FormChecks, locale: FormLocale): string {
  if (field instanceof HTMLInputElement && field.type === 'checkbox') return field.required && !field.checked ? text.checkbox : '';
  const value = field.value.trim();
  if (field.required && !value) return text.required;
  if (field.minLength > 0 && value && value.length < field.minLength) return fill(text.tooShort, { count: countOf(locale, field.minLength, text.characters) });
  if (field.type === 'email' && value && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) return text.email;
  return '';
}

/**
 * Posts the site's form: form-encoded, as an HTML form would (the endpoint's form path, where the
 * spam checks apply), asking for the JSON answer.
 */
export async function postForm(path: string, fields: Record<string, string>, text: FormChecks, success: string): Promise<Outcome> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: new URLSearchParams(fields),
    });
  } catch {
    return { ok: false, message: text.network };
  }
  if (response.ok) return { ok: true, message: success };
  try {
    const { error } = (await response.json()) as Partial<ErrorBody>;
    const localised = error?.code ? (text.codes as Partial<Record<ErrorCode, string>>)[error.code] : undefined;
    if (localised) return { ok: false, message: fill(localised, { seconds: response.headers.get('retry-after') ?? '60' }) };
    if (error?.message) return { ok: false, message: [error.message, error.hint].filter(Boolean).join(' ') };
  } catch {
    // Not an ErrorResponse (a proxy page, say): fall through to the generic sentence.
  }
  return { ok: false, message: text.unexpected };
}
