/**
 * What the build would refuse, found before it runs and said in the editor's words: front matter
 * checked against the collections' own zod schemas (src/server/schemas/content.ts), each issue turned
 * into "field: what is wrong, what to write"; a cover that is missing or undescribed; two files with one
 * address or one translationKey; text left from the `npm run new` template.
 */
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { z } from 'zod';
import { ArticleFrontmatter, PageFrontmatter, PricingFrontmatter, ServiceFrontmatter } from '../server/schemas/content';
import type { Finding } from './content-checks';
import type { Collection, ContentEntry } from './content-files';
import { say, type Language } from './messages';
import { templateTexts } from './new-entry';
import { slugify } from './slug';

const schemas: Record<Collection, z.ZodObject> = {
  articles: ArticleFrontmatter,
  services: ServiceFrontmatter,
  pricing: PricingFrontmatter,
  pages: PageFrontmatter,
};

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

/** `25.11.2026`, `25/11/2026` or `2026.11.25` as 2026-11-25; anything else as the example. */
function dateSuggestion(value: unknown): string {
  const text = String(value ?? '');
  const dayFirst = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/.exec(text);
  if (dayFirst) return `${dayFirst[3]}-${dayFirst[2]!.padStart(2, '0')}-${dayFirst[1]!.padStart(2, '0')}`;
  const yearFirst = /^(\d{4})[./](\d{1,2})[./](\d{1,2})$/.exec(text);
  if (yearFirst) return `${yearFirst[1]}-${yearFirst[2]!.padStart(2, '0')}-${yearFirst[3]!.padStart(2, '0')}`;
  return '2026-11-25';
}

function valueAt(data: unknown, path: PropertyKey[]): unknown {
  return path.reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Record<PropertyKey, unknown>)[key] : undefined), data);
}

/** `tags.2` as `tags` (the third tag is named by its value), `faq.1.answer` as `faq[2].answer`. */
function fieldName(path: PropertyKey[]): string {
  return path.map((key, index) => (typeof key === 'number' ? `[${key + 1}]` : `${index ? '.' : ''}${String(key)}`)).join('');
}

function checkSchema(entry: ContentEntry, text: string, language: Language, findings: Finding[]) {
  const schema = schemas[entry.collection];
  const push = (field: string, message: { message: string }, lineField = field.split(/[.[]/)[0]!) =>
    findings.push({ level: 'error', check: 'front-matter', file: entry.file, line: fieldLine(text, lineField) ?? 1, field, ...message });
  const known = Object.keys(schema.shape);
  const unknown = Object.keys(entry.data).filter((key) => !known.includes(key));
  for (const key of unknown) {
    const suggestion = known.map((name) => ({ name, distance: editDistance(key.toLowerCase(), name.toLowerCase()) })).sort((a, b) => a.distance - b.distance)[0];
    push(key, say(language, 'unknownField', { field: key, suggestion: suggestion && suggestion.distance <= 3 ? suggestion.name : '', fields: known.join(', ') }));
  }
  const result = schema.safeParse(entry.data);
  if (result.success) return;
  for (const issue of result.error.issues) {
    const field = fieldName(issue.path);
    const top = String(issue.path[0] ?? '');
    const value = valueAt(entry.data, issue.path);
    // A misspelled field is already reported under its own name, with the right one to write.
    if (value === undefined && issue.code === 'invalid_type') {
      if (unknown.some((key) => editDistance(key.toLowerCase(), top.toLowerCase()) <= 3)) continue;
      push(field, say(language, 'missingField', { field, example: examples[top] ?? `${top}: …` }));
      continue;
    }
    if (top === 'published' || top === 'updated') {
      push(field, say(language, 'date', { value: String(value), suggestion: dateSuggestion(value) }));
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
  if (!cover || typeof cover !== 'object') return;
  const line = fieldLine(text, 'cover');
  if (typeof cover.src === 'string' && !existsSync(resolve(dirname(entry.absolutePath), cover.src))) {
    findings.push({ level: 'error', check: 'cover', file: entry.file, line, field: 'cover.src', ...say(language, 'coverMissing', { src: cover.src }) });
  }
  if (typeof cover.alt !== 'string' || cover.alt.trim().length < 5) {
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
  if (entry.collection === 'articles') checkCover(entry, text, language, findings);
  checkTemplate(entry, text, language, findings);
}
