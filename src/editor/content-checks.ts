/**
 * The checks of `npm run content`, as pure functions over the entries of a content tree. Each finding
 * says in plain words what is wrong and what to do. Only what would break the site is an error
 * (a link or image that leads nowhere); everything else is a warning or a note for the editor.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import GithubSlugger from 'github-slugger';
import type { Image, Link, Nodes, Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { toString as textOf } from 'mdast-util-to-string';
import { gfm } from 'micromark-extension-gfm';
import { visit } from 'unist-util-visit';
import { flowId, sectionId } from '../server/ask/documents';
import { questionFileName, type ExampleQuestionFile } from '../server/ask/example-questions';
import { listingIds } from '../server/ask/listing-documents';
import { isOffTopic } from '../server/schemas/content';
import { contentTypeOf } from '../server/catalog/content-types';
import { recordId } from '../server/catalog/records';
import { locales, otherLocale, type Locale } from '../server/base/i18n';
import { markdownTwin, nonContentPrefixes, paths } from '../server/base/urls';
import type { ContentEntry } from './content-files';
import { checkDuplicates, checkEntry } from './entry-checks';
import { say, type Language } from './messages';
import { checkPrices } from './price-checks';

export type FindingLevel = 'error' | 'warning' | 'note';

export type CheckId =
  | 'broken-link'
  | 'broken-anchor'
  | 'missing-image'
  | 'other-language-link'
  | 'missing-translation'
  | 'title-length'
  | 'description-length'
  | 'image-alt'
  | 'unknown-tag'
  | 'similar-tags'
  | 'draft'
  | 'future-date'
  | 'question-page'
  | 'question-file'
  | 'question-duplicate'
  | 'front-matter'
  | 'cover'
  | 'duplicate'
  | 'template'
  | 'price-item'
  | 'price-translation'
  | 'stale-price'
  | 'unknown-reference';

export interface Finding {
  level: FindingLevel;
  check: CheckId;
  file: string;
  /** Line in the file, when the finding is about one place in it. */
  line?: number;
  /** The front-matter field the finding is about (`published`, `cover.alt`, `tags[3]`). */
  field?: string;
  message: string;
}

export interface CheckOptions {
  /** Today, in the site's calendar (YYYY-MM-DD): articles dated later are "in the future". */
  today: string;
  /** The tag vocabulary per language (tags with a label, content/tags.json); other tags are reported as unknown. */
  knownTags?: Partial<Record<Locale, ReadonlySet<string>>>;
  /** The files of content/questions/, each a page's example questions. */
  questionFiles?: readonly ExampleQuestionFile[];
  /** The language of the messages (CONTENT_LANG); unset, each file's own language. */
  language?: Language;
  /** The published case studies (content/case-studies/), which /ask answers with too. */
  caseStudies?: readonly { locale: Locale; slug: string }[];
}

/** Search snippets cut titles after about 70 characters and descriptions outside 70–160. */
export const TITLE_MAX = 70;
export const DESCRIPTION_RANGE = [70, 160] as const;

const articlesPerPage = 6;

/** The page of an entry, as its kind in the registry makes it. */
const entryPath = (entry: ContentEntry): string => entry.type.path(entry.locale, entry.slug);

const isDraft = (entry: ContentEntry) => entry.data.draft === true;
const tagsOf = (entry: ContentEntry): string[] => (Array.isArray(entry.data.tags) ? entry.data.tags.map(String) : []);
const stringField = (entry: ContentEntry, name: string): string | undefined => (typeof entry.data[name] === 'string' ? (entry.data[name] as string) : undefined);

function parseBody(body: string): Root {
  return fromMarkdown(body, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
}

/** Heading ids as Astro makes them (github-slugger over each heading's text, in order). */
function headingIds(tree: Root): Set<string> {
  const slugger = new GithubSlugger();
  const ids = new Set<string>();
  visit(tree, 'heading', (node) => {
    ids.add(slugger.slug(textOf(node)));
  });
  return ids;
}

/** Every path a visitor can open on the built site, with the heading ids of content pages. */
function sitePages(entries: ContentEntry[]): Map<string, { locale: Locale; anchors?: Set<string> }> {
  const pages = new Map<string, { locale: Locale; anchors?: Set<string> }>();
  const published = entries.filter((entry) => !isDraft(entry));
  for (const locale of locales) {
    for (const path of [paths.home(locale), paths.services(locale), paths.caseStudies(locale), paths.contact(locale), paths.consultation(locale), paths.rss(locale)]) {
      pages.set(path, { locale });
    }
    const articles = published.filter((entry) => entry.collection === 'articles' && entry.locale === locale);
    const pageCount = Math.max(1, Math.ceil(articles.length / articlesPerPage));
    for (let page = 1; page <= pageCount; page++) pages.set(paths.articles(locale, page), { locale });
    for (const tag of new Set(articles.flatMap(tagsOf))) pages.set(paths.tag(locale, tag), { locale });
  }
  for (const entry of published) {
    const path = entryPath(entry);
    pages.set(path, { locale: entry.locale, anchors: headingIds(parseBody(entry.body)) });
    pages.set(markdownTwin(path), { locale: entry.locale });
  }
  return pages;
}

interface Reference {
  node: Link | Image;
  url: string;
}

function referencesOf(tree: Root): Reference[] {
  const found: Reference[] = [];
  visit(tree, (node: Nodes) => {
    if (node.type === 'link' || node.type === 'image') found.push({ node, url: node.url });
  });
  return found;
}

const isExternal = (url: string) => /^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//');

function checkReferences(entry: ContentEntry, pages: ReturnType<typeof sitePages>, language: Language, findings: Finding[]) {
  const own = entryPath(entry);
  const tree = parseBody(entry.body);
  const ownAnchors = headingIds(tree);
  const at = (reference: Reference) => (reference.node.position ? reference.node.position.start.line + entry.bodyLine - 1 : undefined);
  for (const reference of referencesOf(tree)) {
    const line = at(reference);
    const report = (level: FindingLevel, check: CheckId, message: { message: string }) => findings.push({ level, check, file: entry.file, line, ...message });

    if (reference.node.type === 'image') {
      if (!reference.node.alt?.trim()) {
        report('warning', 'image-alt', say(language, 'imageAlt', { url: reference.url }));
      }
      if (!isExternal(reference.url) && !reference.url.startsWith('/')) {
        const file = resolve(dirname(entry.absolutePath), decodeURI(reference.url.split(/[?#]/)[0]!));
        if (!existsSync(file)) report('error', 'missing-image', say(language, 'missingImage', { url: reference.url }));
      }
      continue;
    }

    const url = reference.url;
    if (isExternal(url)) continue;
    if (url.startsWith('#')) {
      const anchor = decodeURIComponent(url.slice(1));
      if (anchor && !ownAnchors.has(anchor)) report('error', 'broken-anchor', say(language, 'anchorHere', { url, anchors: [...ownAnchors].map((id) => `#${id}`).join(', ') }));
      continue;
    }
    if (/\.mdx?(#|$)/.test(url) && !url.startsWith('/')) {
      report('error', 'broken-link', say(language, 'markdownLink', { url, example: `${own.replace(/[^/]+\/$/, '')}${language === 'pl' ? 'inny-adres' : 'other-slug'}/` }));
      continue;
    }
    const target = new URL(url, `http://site.invalid${own}`);
    let path = decodeURIComponent(target.pathname);
    if (!path.endsWith('/') && !/\.[a-z0-9]+$/i.test(path)) path += '/';
    const page = pages.get(path);
    if (!page) {
      if (nonContentPrefixes.some((prefix) => path.startsWith(prefix))) continue;
      report('error', 'broken-link', say(language, 'brokenLink', { url, path }));
      continue;
    }
    const anchor = decodeURIComponent(target.hash.slice(1));
    if (anchor && page.anchors && !page.anchors.has(anchor)) {
      report('error', 'broken-anchor', say(language, 'anchorThere', { url, path }));
    }
    if (page.locale !== entry.locale) {
      report('warning', 'other-language-link', say(language, 'otherLanguageLink', { url, locale: page.locale, own: entry.locale }));
    }
  }
}

function checkTranslations(entries: ContentEntry[], language: (entry: ContentEntry) => Language, findings: Finding[]) {
  const byKey = new Map<string, ContentEntry[]>();
  for (const entry of entries) {
    const key = `${entry.collection}:${String(entry.data.translationKey ?? entry.slug)}`;
    byKey.set(key, [...(byKey.get(key) ?? []), entry]);
  }
  for (const group of byKey.values()) {
    for (const entry of group) {
      const other = otherLocale(entry.locale);
      if (group.some((candidate) => candidate.locale === other)) continue;
      findings.push({
        level: 'warning', check: 'missing-translation', file: entry.file,
        ...say(language(entry), 'missingTranslation', { other, collection: entry.collection, key: String(entry.data.translationKey) }),
      });
    }
  }
}

function checkSnippets(entry: ContentEntry, language: Language, findings: Finding[]) {
  const title = stringField(entry, 'title');
  if (title && [...title].length > TITLE_MAX) {
    findings.push({ level: 'note', check: 'title-length', file: entry.file, field: 'title', ...say(language, 'titleLength', { length: String([...title].length), max: String(TITLE_MAX) }) });
  }
  const description = stringField(entry, 'description');
  const length = description ? [...description].length : 0;
  if (description && (length < DESCRIPTION_RANGE[0] || length > DESCRIPTION_RANGE[1])) {
    findings.push({
      level: 'note', check: 'description-length', file: entry.file, field: 'description',
      ...say(language, length > DESCRIPTION_RANGE[1] ? 'descriptionLong' : 'descriptionShort', { length: String(length), min: String(DESCRIPTION_RANGE[0]), max: String(DESCRIPTION_RANGE[1]) }),
    });
  }
}

/** Two spellings of one tag: the same letters without hyphens, or one edit apart (a typo or a plural). */
function similarTags(a: string, b: string): boolean {
  const plain = (tag: string) => tag.replace(/-/g, '');
  if (plain(a) === plain(b)) return true;
  if (Math.min(a.length, b.length) < 5) return false;
  return editDistance(a, b) <= 1;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}

function checkTags(entries: ContentEntry[], options: CheckOptions, language: (entry: ContentEntry) => Language, findings: Finding[]) {
  const usedBy = new Map<string, ContentEntry[]>();
  for (const entry of entries) for (const tag of tagsOf(entry)) usedBy.set(tag, [...(usedBy.get(tag) ?? []), entry]);
  const tags = [...usedBy.keys()].sort();
  for (const [index, tag] of tags.entries()) {
    for (const entry of usedBy.get(tag)!) {
      const vocabulary = options.knownTags?.[entry.locale];
      // A tag that is no slug is refused with the spelling to use (entry-checks.ts), not sent to tags.json.
      if (vocabulary && !vocabulary.has(tag) && /^[a-z0-9-]+$/.test(tag)) {
        findings.push({ level: 'warning', check: 'unknown-tag', file: entry.file, ...say(language(entry), 'unknownTag', { tag, locale: entry.locale }) });
      }
    }
    for (const other of tags.slice(index + 1)) {
      if (!similarTags(tag, other)) continue;
      const [rarer, commoner] = usedBy.get(tag)!.length <= usedBy.get(other)!.length ? [tag, other] : [other, tag];
      for (const entry of usedBy.get(rarer)!) {
        findings.push({ level: 'warning', check: 'similar-tags', file: entry.file, ...say(language(entry), 'similarTags', { rarer, commoner, count: String(usedBy.get(commoner)!.length) }) });
      }
    }
  }
}

function checkDates(entry: ContentEntry, options: CheckOptions, language: Language, findings: Finding[]) {
  if (isDraft(entry)) {
    findings.push({ level: 'note', check: 'draft', file: entry.file, ...say(language, 'draft') });
  }
  const published = entry.data.published;
  const day = published instanceof Date ? published.toISOString().slice(0, 10) : typeof published === 'string' ? published.slice(0, 10) : undefined;
  // A date written another way (25.11.2026) is refused with the way to write it, not called "future".
  if (day && /^\d{4}-\d{2}-\d{2}$/.test(day) && day > options.today) {
    findings.push({ level: 'warning', check: 'future-date', file: entry.file, ...say(language, 'futureDate', { day, today: options.today }) });
  }
}

/** The result ids /ask answers with, made from the content as the catalog and src/server/ask/documents.ts make them. */
function askResultIds(entries: ContentEntry[], caseStudies: CheckOptions['caseStudies'] = [], drafts = false): Set<string> {
  const ids = new Set(locales.flatMap((locale) => [flowId('contact', locale), flowId('consultation', locale), ...(drafts ? [] : listingIds(locale))]));
  for (const { locale, slug } of caseStudies) ids.add(recordId('case_study', locale, slug));
  for (const entry of entries) {
    if (isDraft(entry) !== drafts) continue;
    const id = recordId(entry.type.type, entry.locale, entry.slug);
    ids.add(id);
    if (entry.type.type === 'pricing') {
      const sections = Array.isArray(entry.data.sections) ? (entry.data.sections as { id?: unknown }[]) : [];
      for (const section of sections) if (typeof section.id === 'string') ids.add(sectionId(id, section.id));
    }
  }
  return ids;
}

/**
 * A file of example questions names its page: a page that is gone (removed or renamed) would leave its
 * questions out of /ask unnoticed, so it stops the build, with the nearest page's file name to use.
 */
function checkExampleQuestions(entries: ContentEntry[], files: readonly ExampleQuestionFile[], options: CheckOptions, findings: Finding[]) {
  const published = askResultIds(entries, options.caseStudies);
  const drafts = askResultIds(entries, [], true);
  for (const file of files) {
    const language = options.language ?? file.locale;
    const report = (level: FindingLevel, message: { message: string }) => findings.push({ level, check: file.problem ? 'question-file' : 'question-page', file: file.file, line: 1, ...message });
    const names = [...published].filter((id) => id.split(':')[1] === file.locale).map(questionFileName);
    const nearest = () => names.reduce((best, name) => (editDistance(file.name, name) < editDistance(file.name, best) ? name : best), names[0] ?? '');
    if (file.problem) report('error', say(language, 'questionFile', { problem: file.problem }));
    else if (!file.expected) report('error', say(language, 'questionName', { name: file.name, suggestion: nearest() }));
    // off-topic.yaml names no page on purpose: the questions the site does not answer.
    else if (isOffTopic(file.expected)) continue;
    else if (drafts.has(file.expected) && !published.has(file.expected)) report('warning', say(language, 'questionDraft', { page: file.expected }));
    else if (!published.has(file.expected)) report('error', say(language, 'questionPage', { page: file.expected, suggestion: nearest() }));
  }
}

/**
 * A question written twice in a language (in one file or in two) counts twice in the relevance
 * figures, or asks /ask for two pages at once: each repetition is named with the first one. Case and
 * spacing do not make a question different, as /ask reads it.
 */
function checkDuplicateQuestions(files: readonly ExampleQuestionFile[], options: CheckOptions, findings: Finding[]) {
  const first = new Map<string, { file: string; number: number }>();
  for (const file of files) {
    file.questions.forEach((question, index) => {
      const key = `${file.locale}\n${question.query.trim().replace(/\s+/g, ' ').toLowerCase()}`;
      const seen = first.get(key);
      if (!seen) return void first.set(key, { file: file.file, number: index + 1 });
      const params = { query: question.query.trim(), number: String(index + 1), other: seen.file, otherNumber: String(seen.number) };
      findings.push({ level: 'warning', check: 'question-duplicate', file: file.file, ...say(options.language ?? file.locale, 'questionDuplicate', params) });
    });
  }
}

/**
 * A field that lists other entries by translationKey (a case study's `services`, the registry's
 * `references`) names published entries of that kind in the same language: otherwise the page would
 * link to nothing, and the build would stop late.
 */
function checkEntryReferences(entries: ContentEntry[], language: (entry: ContentEntry) => Language, findings: Finding[]) {
  for (const entry of entries) {
    for (const [field, type] of Object.entries(entry.type.references ?? {})) {
      const listed = entry.data[field];
      if (!Array.isArray(listed)) continue;
      const targets = entries.filter((other) => other.type.type === type && other.locale === entry.locale && !isDraft(other));
      const keys = new Set(targets.map((other) => String(other.data.translationKey)));
      listed.forEach((key, index) => {
        if (keys.has(String(key))) return;
        const text = readFileSync(entry.absolutePath, 'utf8');
        const at = text.search(new RegExp(`^\\s*(-\\s*)?${field}\\s*:`, 'm'));
        findings.push({
          level: 'error', check: 'unknown-reference', file: entry.file, field: `${field}[${index + 1}]`, line: at < 0 ? 1 : text.slice(0, at).split('\n').length,
          ...say(language(entry), 'unknownReference', { key: String(key), folder: contentTypeOf(type).folder, locale: entry.locale, keys: [...keys].sort().join(', ') }),
        });
      });
    }
  }
}

export function checkContent(entries: ContentEntry[], options: CheckOptions): Finding[] {
  const findings: Finding[] = [];
  const language = (entry: ContentEntry): Language => options.language ?? entry.locale;
  for (const entry of entries) checkEntry(entry, readFileSync(entry.absolutePath, 'utf8'), language(entry), findings);
  checkDuplicates(entries, language, findings);
  checkPrices(entries, findings, language);
  const pages = sitePages(entries);
  checkTranslations(entries, language, findings);
  checkEntryReferences(entries, language, findings);
  checkTags(entries.filter((entry) => Array.isArray(entry.data.tags)), options, language, findings);
  for (const entry of entries) {
    checkSnippets(entry, language(entry), findings);
    checkDates(entry, options, language(entry), findings);
    checkReferences(entry, pages, language(entry), findings);
  }
  if (options.questionFiles) {
    checkExampleQuestions(entries, options.questionFiles, options, findings);
    checkDuplicateQuestions(options.questionFiles, options, findings);
  }
  return findings;
}
