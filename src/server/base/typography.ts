/**
 * Typography of the pages' text (HTML only: the content, the JSON API and the Markdown documents keep
 * plain spaces and hyphens, which is what machines and search expect). A narrow column must not end a
 * line with "ul." or, in Polish, a single-letter word ("w", "z", "i", "a", "o", "u"), as Polish
 * typesetting requires, nor break "SMS-ów", a postal code ("00-001") or "3-2-1" at a hyphen: the space after
 * them becomes a no-break space and the word is kept whole with
 * `white-space: nowrap` (the hyphen stays an ordinary one, so copying and find-in-page still match).
 */
import type { Locale } from './i18n';

const NBSP = '\u00a0';
/** Abbreviations that belong with the next word, in addresses and running text, in both languages. */
const abbreviations = ['ul', 'al', 'pl', 'os', 'tel', 'np', 'ok', 'godz', 'św', 'im', 'tzw', 'nr', 'No'];
const abbreviation = new RegExp(`(?<![\\p{L}\\p{N}.])((?:${abbreviations.map((word) => (word === 'nr' ? 'nr' : `${word}\\.`)).join('|')})) (?=[\\p{L}\\p{N}])`, 'gu');
/** A single-letter word before a space (Polish conjunctions and prepositions). */
const orphan = /(?<![\p{L}\p{N}&#;.-])([aiouwzAIOUWZ]) (?=\S)/gu;
/**
 * Words whose hyphen must not end a line: an abbreviation with its Polish ending ("SMS-ów", "IT-owy",
 * "PDF-a"), a Polish postal code ("00-001") and a rule named by single digits ("the 3-2-1 rule", which
 * a heading must not split as "3-" / "2-1"). Other compounds ("e-mail", "co-owner") may break there.
 */
const unbreakable = /(?<![\p{L}\p{N}\-/.:@])(?:\p{Lu}[\p{Lu}\p{N}]+-\p{Ll}{1,6}|\d{2}-\d{3}|\d(?:-\d){2,})(?![\p{L}\p{N}\-/@]|\.[\p{L}\p{N}])/gu;

/** A plain text's no-break spaces (no markup added): for text that goes into an attribute or a title. */
export function typesetText(text: string, locale: Locale): string {
  let result = text.replace(abbreviation, `$1${NBSP}`);
  // Twice: "i w domu" has two single letters in a row, and a match consumes the space between them.
  if (locale === 'pl') result = result.replace(orphan, `$1${NBSP}`).replace(orphan, `$1${NBSP}`);
  return result;
}

/** The same, for a run of HTML text (entities kept), with those hyphenated words wrapped. */
function typesetRun(text: string, locale: Locale): string {
  return typesetText(text, locale).replace(unbreakable, '<span class="nowrap">$&</span>');
}

/** Elements whose text is not prose (or belongs to an island, whose markup must match its script). */
const untouched = new Set(['script', 'style', 'textarea', 'pre', 'code', 'title', 'svg', 'template', 'noscript', 'astro-island', 'kbd', 'samp']);

/**
 * Markup split into text and tags. A script or a style is one piece, up to its end tag: its content
 * is not markup, and a "<" in it (a CSS range query `width<=40rem`, a comparison) opens no tag.
 */
const pieces = /(<!--[\s\S]*?-->|<script\b[^>]*>[\s\S]*?<\/script\s*>|<style\b[^>]*>[\s\S]*?<\/style\s*>|<[^>]*>)/i;
const rawElement = /^<(script|style)\b/i;

/** A whole HTML document or fragment: the text between tags is typeset, tags and attributes stay as they are. */
export function typesetHtml(html: string, locale: Locale): string {
  const parts = html.split(pieces);
  let skipping: string | undefined;
  let depth = 0;
  for (let index = 0; index < parts.length; index++) {
    const part = parts[index]!;
    if (index % 2 === 1) {
      const tag = /^<(\/?)([a-zA-Z][\w-]*)/.exec(part);
      if (!tag || rawElement.test(part)) continue;
      const name = tag[2]!.toLowerCase();
      const closing = tag[1] === '/';
      if (skipping === undefined) {
        if (!closing && untouched.has(name) && !part.endsWith('/>')) {
          skipping = name;
          depth = 1;
        }
      } else if (name === skipping) {
        depth += closing ? -1 : part.endsWith('/>') ? 0 : 1;
        if (depth === 0) skipping = undefined;
      }
    } else if (skipping === undefined && part.trim()) {
      parts[index] = typesetRun(part, locale);
    }
  }
  return parts.join('');
}
