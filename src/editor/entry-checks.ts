/**
 * What the build would refuse, found before it runs and said in the editor's words: front matter
 * checked against its kind's zod schema from the content-type registry, each issue turned
 * into "field: what is wrong, what to write"; a cover that is missing or undescribed; two files with one
 * address or one translationKey; text left from the `npm run new` template; a picture the entry names
 * that is not beside it.
 */
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { z } from 'zod';
import type { Locale } from '../server/base/i18n';
import type { Picture } from '../server/catalog/content-types';
import type { Finding } from './content-checks';
import type { ContentEntry } from './content-files';
import { readWrittenDate } from './dates';
import { say, type Language } from './messages';
import { templateTexts } from './new-entry';
import { slugify } from './slug';

/**
 * The entry's schema from the registry, its pictures checked as files beside the entry (what Astro's
 * `image()` does in a build, said here before the build stops on it).
 */
function schemaOf(entry: ContentEntry): z.ZodObject {
  const picture = z.string().superRefine((src, context) => {
    if (!existsSync(resolve(dirname(entry.absolutePath), src))) context.addIssue({ code: 'custom', message: 'no such picture', params: { kind: 'picture' } });
  });
  // The check reads the path as written; the pictures' metadata is the build's business.
  return entry.type.schema(picture as unknown as z.ZodType<Picture>) as z.ZodObject;
}

/** The object a field holds, through `.optional()`, `.default()` and a preprocessing pipe (cover: src, alt). */
function objectShape(field: z.ZodType | undefined): Record<string, z.ZodType> | undefined {
  let type: z.ZodType | undefined = field;
  while (type && !(type instanceof z.ZodObject)) {
    const def = type.def as { innerType?: z.ZodType; out?: z.ZodType };
    const inner = def.innerType ?? def.out;
    if (!inner) return undefined;
    type = inner;
  }
  return type?.shape as Record<string, z.ZodType> | undefined;
}

const monthWords: Record<Language, string[]> = {
  pl: ['stycznia', 'lutego', 'marca', 'kwietnia', 'maja', 'czerwca', 'lipca', 'sierpnia', 'września', 'października', 'listopada', 'grudnia'],
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
};
const inWords = (day: string, language: Language) => `${Number(day.slice(8))} ${monthWords[language][Number(day.slice(5, 7)) - 1]}`;

/** The message for a date not written year-month-day: the editor's own date rewritten, both ways when it reads two. */
function dateMessage(value: unknown, locale: Locale, language: Language): { message: string } {
  const shown = value instanceof Date ? value.toISOString() : String(value);
  const reading = readWrittenDate(value, locale);
  if (!reading) return say(language, 'dateUnreadable', { value: shown });
  if ('day' in reading) return say(language, 'date', { value: shown, suggestion: reading.day });
  const [dayFirst, monthFirst] = reading.days;
  return say(language, 'dateTwoWays', { value: shown, dayFirst, monthFirst, dayFirstWords: inWords(dayFirst, language), monthFirstWords: inWords(monthFirst, language) });
}

const examples: Record<string, string> = {
  title: 'title: "…"',
  description: 'description: "…"',
  translationKey: 'translationKey: my-topic',
  published: 'published: 2026-11-25',
  tags: 'tags: [bezpieczenstwo]',
  order: 'order: 6',
  duration: 'duration: "2–4 tygodnie"',
};

const hints: Record<string, Record<Language, string>> = {
  description: { pl: 'jedno lub dwa zdania o tym, czego czytelnik się dowie (najlepiej 70–160 znaków).', en: 'one or two sentences on what the reader will learn (best 70–160 characters).' },
  title: { pl: 'napisz pełny tytuł.', en: 'write the full title.' },
  alt: { pl: 'opisz, co widać na obrazie.', en: 'describe what the picture shows.' },
};

/** The line of a front-matter field (`name:` at the start of a line), for file:line. */
function fieldLine(text: string, field: string): number | undefined {
  const index = text.search(new RegExp(`^\\s*${field.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*:`, 'm'));
  return index < 0 ? undefined : text.slice(0, index).split('\n').length;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length]!;
}

function valueAt(data: unknown, path: PropertyKey[]): unknown {
  return path.reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Record<PropertyKey, unknown>)[key] : undefined), data);
}

/** `tags.2` as `tags` (the third tag is named by its value), `faq.1.answer` as `faq[2].answer`. */
function fieldName(path: PropertyKey[]): string {
  return path.map((key, index) => (typeof key === 'number' ? `[${key + 1}]` : `${index ? '.' : ''}${String(key)}`)).join('');
}

function checkSchema(entry: ContentEntry, text: string, language: Language, findings: Finding[]) {
  const schema = schemaOf(entry);
  const push = (field: string, message: { message: string }, lineField = field.split(/[.[]/)[0]!) =>
    findings.push({ level: 'error', check: 'front-matter', file: entry.file, line: fieldLine(text, lineField) ?? 1, field, ...message });
  const known = Object.keys(schema.shape);
  const unknown = Object.keys(entry.data).filter((key) => !known.includes(key));
  for (const key of unknown) {
    // `alt:` written at the line's start under `cover:` is cover's field, not a typo of another field.
    const parent = known.find((name) => objectShape(schema.shape[name] as z.ZodType)?.[key] && entry.data[name] && typeof entry.data[name] === 'object');
    if (parent) {
      const present = Object.keys(entry.data[parent] as object);
      const sibling = present[0] ?? Object.keys(objectShape(schema.shape[parent] as z.ZodType)!)[0]!;
      const indent = String(/^( *)\S/m.exec(text.slice(text.search(new RegExp(`^\\s*${sibling}\\s*:`, 'm'))))?.[1]?.length || 2);
      push(key, say(language, 'misplacedField', { field: key, parent, sibling, indent }));
      continue;
    }
    const suggestion = known.map((name) => ({ name, distance: editDistance(key.toLowerCase(), name.toLowerCase()) })).sort((a, b) => a.distance - b.distance)[0];
    push(key, say(language, 'unknownField', { field: key, suggestion: suggestion && suggestion.distance <= 3 ? suggestion.name : '', fields: known.join(', ') }));
  }
  const result = schema.safeParse(entry.data);
  if (result.success) return;
  for (const issue of result.error.issues) {
    const field = fieldName(issue.path);
    const top = String(issue.path[0] ?? '');
    const value = valueAt(entry.data, issue.path);
    const kind = issue.code === 'custom' ? (issue.params as { kind?: string } | undefined)?.kind : undefined;
    if (value === undefined && (issue.code === 'invalid_type' || kind === 'date')) {
      // A misspelled field is already reported under its own name, with the right one to write.
      if (unknown.some((key) => editDistance(key.toLowerCase(), top.toLowerCase()) <= 3)) continue;
      // `cover.alt` missing because `alt:` stands outside cover: reported above, where it stands.
      if (issue.path.length > 1 && unknown.includes(String(issue.path.at(-1)))) continue;
      // `tags:` indented under `cover:` is missing at the top and lies inside cover.
      const holder = issue.path.length === 1 && Object.keys(entry.data).find((key) => entry.data[key] && typeof entry.data[key] === 'object' && !Array.isArray(entry.data[key]) && top in (entry.data[key] as object));
      if (holder) push(field, say(language, 'indentedTooFar', { field, parent: holder }), `${holder}`);
      else push(field, say(language, 'missingField', { field, example: examples[top] ?? `${top}: …` }));
      continue;
    }
    if (kind === 'date') {
      push(field, dateMessage(value, entry.locale, language));
    } else if (kind === 'picture') {
      const at = text.indexOf(String(value));
      findings.push({ level: 'error', check: 'missing-image', file: entry.file, line: at < 0 ? 1 : text.slice(0, at).split('\n').length, field, ...say(language, 'missingPicture', { src: String(value) }) });
    } else if (top === 'tags' && typeof value === 'string') {
      push(field, say(language, 'tagLetters', { tag: value, suggestion: slugify(value, Infinity) || 'ogolne' }), 'tags');
    } else if (top === 'translationKey' || (typeof value === 'string' && issue.code === 'invalid_format')) {
      push(field, say(language, 'slugLetters', { value: String(value), suggestion: slugify(String(value), Infinity) }));
    } else if (issue.code === 'too_small' && typeof value === 'string') {
      push(field, say(language, 'tooShort', { length: String([...value].length), min: String(issue.minimum), hint: hints[String(issue.path.at(-1))]?.[language] ?? '' }));
    } else if (issue.code === 'too_big' && typeof value === 'string') {
      push(field, say(language, 'tooLong', { length: String([...value].length), max: String(issue.maximum) }));
    } else if ((issue.code === 'too_small' || issue.code === 'too_big') && Array.isArray(value)) {
      const bounds = (schema.shape[top] as z.ZodType | undefined)?.def;
      void bounds;
      push(field, say(language, 'listSize', { count: String(value.length), range: issue.code === 'too_small' ? `≥ ${issue.minimum}` : `≤ ${issue.maximum}` }));
    } else {
      const expected = issue.code === 'invalid_type' ? { number: language === 'pl' ? 'liczbą' : 'a number', string: language === 'pl' ? 'tekstem' : 'text', boolean: 'true / false', array: language === 'pl' ? 'listą' : 'a list', object: language === 'pl' ? 'zestawem pól' : 'a set of fields' }[issue.expected as string] ?? String(issue.expected) : language === 'pl' ? 'jedną z dozwolonych wartości' : 'one of the allowed values';
      push(field, say(language, 'wrongType', { expected, value: JSON.stringify(value) ?? '' }));
    }
  }
}

function checkCover(entry: ContentEntry, text: string, language: Language, findings: Finding[]) {
  const cover = entry.data.cover as { src?: unknown; alt?: unknown } | undefined;
  // `cover: {}` (the editor's two fields left empty) is no cover.
  if (!cover || typeof cover !== 'object' || !Object.keys(cover).length) return;
  const line = fieldLine(text, 'cover');
  // An `alt:` written outside cover is already reported where it stands, with the indent to give it.
  const misplaced = findings.some((finding) => finding.file === entry.file && finding.field === 'alt');
  if (!misplaced && (typeof cover.alt !== 'string' || cover.alt.trim().length < 5)) {
    // The schema reports a short alt too; one message is enough.
    const index = findings.findIndex((finding) => finding.file === entry.file && finding.field === 'cover.alt');
    if (index >= 0) findings.splice(index, 1);
    findings.push({ level: 'error', check: 'cover', file: entry.file, line, field: 'cover.alt', ...say(language, 'coverAlt') });
  }
}

function checkTemplate(entry: ContentEntry, text: string, language: Language, findings: Finding[]) {
  for (const template of templateTexts) {
    const index = text.indexOf(template);
    if (index < 0) continue;
    findings.push({ level: 'error', check: 'template', file: entry.file, line: text.slice(0, index).split('\n').length, ...say(language, 'template', { text: template.length > 60 ? `${template.slice(0, 57)}…` : template }) });
  }
}

/** Two files with one address (a .md and an .mdx) or one translationKey in one language and collection. */
export function checkDuplicates(entries: ContentEntry[], language: (entry: ContentEntry) => Language, findings: Finding[]) {
  const seen = new Map<string, ContentEntry>();
  const keys = new Map<string, ContentEntry>();
  for (const entry of [...entries].sort((a, b) => a.file.localeCompare(b.file))) {
    const address = `${entry.collection}/${entry.locale}/${entry.slug}`;
    const first = seen.get(address);
    if (first) findings.push({ level: 'error', check: 'duplicate', file: entry.file, line: 1, ...say(language(entry), 'duplicateSlug', { other: first.file }) });
    else seen.set(address, entry);
    const key = entry.data.translationKey;
    if (typeof key !== 'string' || first) continue;
    const id = `${entry.collection}/${entry.locale}/${key}`;
    const other = keys.get(id);
    if (other) findings.push({ level: 'error', check: 'duplicate', file: entry.file, field: 'translationKey', line: 1, ...say(language(entry), 'duplicateKey', { key, other: other.file }) });
    else keys.set(id, entry);
  }
}

export function checkEntry(entry: ContentEntry, text: string, language: Language, findings: Finding[]) {
  checkSchema(entry, text, language, findings);
  checkCover(entry, text, language, findings);
  checkTemplate(entry, text, language, findings);
}
