/**
 * Content negotiation (RFC 9110 §12.5): which of the representations on offer an Accept header
 * prefers, and which of the site's locales an Accept-Language header prefers. The `negotiator`
 * package reads both headers: q-values, `q=0` refusals, wildcards, malformed ranges skipped. For media
 * types the most specific matching range sets a type's quality; equal preferences go to the range
 * the header names first, then to the order of the offer.
 */
import Negotiator from 'negotiator';
import { isLocale, type Locale } from '../base/i18n';

/** Absent and empty headers say nothing: any representation or language will do. */
function stated(header: string | null | undefined): string | undefined {
  return header?.trim() ? header : undefined;
}

/**
 * The offered media type Accept prefers, or undefined when it refuses every one of them; an absent or
 * empty Accept takes the first offered. A range's parameters must match the offer's (`mediaTypes`).
 */
export function preferredMediaType<T extends string>(accept: string | null | undefined, offered: readonly T[]): T | undefined {
  const header = stated(accept);
  if (header === undefined) return offered[0];
  return new Negotiator({ headers: { accept: header } }).mediaType([...offered]) as T | undefined;
}

/**
 * The site's locale Accept-Language prefers, or undefined when it names neither. RFC 4647 lookup: the
 * ranges by quality (then the header's order), each cut down to its primary language (`en-GB` is en),
 * the first that is a site locale wins. A bare `*` states no preference.
 */
export function preferredLocale(acceptLanguage: string | null | undefined): Locale | undefined {
  const header = stated(acceptLanguage);
  if (header === undefined) return undefined;
  for (const range of new Negotiator({ headers: { 'accept-language': header } }).languages()) {
    const language = range.toLowerCase().split('-')[0];
    if (isLocale(language)) return language;
  }
  return undefined;
}

/**
 * The media types this site answers with, as sent. Offered with their charset, a range that names it
 * (`application/json; charset=utf-8`) still matches; one naming another parameter does not.
 */
export const mediaTypes = {
  json: 'application/json; charset=utf-8',
  markdown: 'text/markdown; charset=utf-8',
  sse: 'text/event-stream; charset=utf-8',
  html: 'text/html; charset=utf-8',
} as const;

/** The documents that come as JSON, Markdown or an event stream (GET /mcp and its aliases, GET /ask). */
export type Representation = 'json' | 'markdown' | 'sse';
const representations: Representation[] = ['json', 'markdown', 'sse'];

/** The representation Accept asks for; JSON when it asks for none of them. */
export function negotiate(accept: string | null): Representation {
  const type = preferredMediaType(
    accept,
    representations.map((kind) => mediaTypes[kind]),
  );
  return representations.find((kind) => mediaTypes[kind] === type) ?? 'json';
}
