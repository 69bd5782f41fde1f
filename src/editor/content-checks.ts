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
import { recordId } from '../server/catalog/records';
import { locales, otherLocale, type Locale } from '../server/i18n';
import { markdownTwin, nonContentPrefixes, paths } from '../server/urls';
import type { ContentEntry } from './content-files';
import { checkDuplicates, checkEntry } from './entry-checks';
import type { Language } from './messages';
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
  | 'front-matter'
  | 'cover'
  | 'duplicate'
  | 'template'
  | 'price-item'
  | 'price-translation'
  | 'stale-price';

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
  /** The example questions of content/questions.json, with the result id each expects. */
  exampleQuestions?: readonly { query: string; expected: string }[];
  /** The language of the messages (CONTENT_LANG); unset, each file's own language. */
  language?: Language;
  /** The published case studies (content/case-studies/), which /ask answers with too. */
  caseStudies?: readonly { locale: Locale; slug: string }[];
}

/** Search snippets cut titles after about 70 characters and descriptions outside 70–160. */
export const TITLE_MAX = 70;
export const DESCRIPTION_RANGE = [70, 160] as const;

const articlesPerPage = 6;

function entryPath(entry: ContentEntry): string | undefined {
  switch (entry.collection) {
    case 'articles':
      return paths.article(entry.locale, entry.slug);
    case 'services':
      return paths.service(entry.locale, entry.slug);
    case 'pricing':
      return paths.pricing(entry.locale);
    case 'pages':
      return paths.page(entry.locale, entry.slug);
  }
}

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
    for (const path of [paths.home(locale), paths.services(locale), paths.contact(locale), paths.consultation(locale), paths.rss(locale)]) {
      pages.set(path, { locale });
    }
    const articles = published.filter((entry) => entry.collection === 'articles' && entry.locale === locale);
    const pageCount = Math.max(1, Math.ceil(articles.length / articlesPerPage));
    for (let page = 1; page <= pageCount; page++) pages.set(paths.articles(locale, page), { locale });
    for (const tag of new Set(articles.flatMap(tagsOf))) pages.set(paths.tag(locale, tag), { locale });
  }
  for (const entry of published) {
    const path = entryPath(entry)!;
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

function checkReferences(entry: ContentEntry, pages: ReturnType<typeof sitePages>, findings: Finding[]) {
  const own = entryPath(entry)!;
  const tree = parseBody(entry.body);
  const ownAnchors = headingIds(tree);
  const at = (reference: Reference) => (reference.node.position ? reference.node.position.start.line + entry.bodyLine - 1 : undefined);
  for (const reference of referencesOf(tree)) {
    const line = at(reference);
    const report = (level: FindingLevel, check: CheckId, message: string) => findings.push({ level, check, file: entry.file, line, message });

    if (reference.node.type === 'image') {
      if (!reference.node.alt?.trim()) {
        report('warning', 'image-alt', `The image "${reference.url}" has no alt text: write what it shows inside ![…], for people who cannot see it.`);
      }
      if (!isExternal(reference.url) && !reference.url.startsWith('/')) {
        const file = resolve(dirname(entry.absolutePath), decodeURI(reference.url.split(/[?#]/)[0]!));
        if (!existsSync(file)) report('error', 'missing-image', `The image "${reference.url}" does not exist next to this file: the build would fail.`);
      }
      continue;
    }

    const url = reference.url;
    if (isExternal(url)) continue;
    if (url.startsWith('#')) {
      const anchor = decodeURIComponent(url.slice(1));
      if (anchor && !ownAnchors.has(anchor)) report('error', 'broken-anchor', `The link "${url}" points to a heading this page does not have (headings here: ${[...ownAnchors].map((id) => `#${id}`).join(', ') || 'none'}).`);
      continue;
    }
    if (/\.mdx?(#|$)/.test(url) && !url.startsWith('/')) {
      report('error', 'broken-link', `The link "${url}" points to a Markdown file; link to the page's address instead (for example ${own.replace(/[^/]+\/$/, '')}other-slug/).`);
      continue;
    }
    const target = new URL(url, `http://site.invalid${own}`);
    let path = decodeURIComponent(target.pathname);
    if (!path.endsWith('/') && !/\.[a-z0-9]+$/i.test(path)) path += '/';
    const page = pages.get(path);
    if (!page) {
      if (nonContentPrefixes.some((prefix) => path.startsWith(prefix))) continue;
      report('error', 'broken-link', `The link "${url}" leads to ${path}, which is not a page of the site.`);
      continue;
    }
    const anchor = decodeURIComponent(target.hash.slice(1));
    if (anchor && page.anchors && !page.anchors.has(anchor)) {
      report('error', 'broken-anchor', `The link "${url}" points to a heading ${path} does not have.`);
    }
    if (page.locale !== entry.locale) {
      report('warning', 'other-language-link', `The link "${url}" leads to a page in the other language (${page.locale}); link the ${entry.locale} page, or say in the text that it is in ${page.locale === 'en' ? 'English' : 'Polish'}.`);
    }
  }
}

function checkTranslations(entries: ContentEntry[], findings: Finding[]) {
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
        message: `Has no ${other === 'en' ? 'English' : 'Polish'} translation (no ${entry.collection}/${other}/ file with translationKey "${String(entry.data.translationKey)}"); the language switch leads to the other home page.`,
      });
    }
  }
}

function checkSnippets(entry: ContentEntry, findings: Finding[]) {
  const title = stringField(entry, 'title');
  if (title && [...title].length > TITLE_MAX) {
    findings.push({ level: 'note', check: 'title-length', file: entry.file, field: 'title', message: `The title has ${[...title].length} characters; search results cut it after about ${TITLE_MAX} (the site shows it whole: shorten it when you next edit the page).` });
  }
  const description = stringField(entry, 'description');
  const length = description ? [...description].length : 0;
  if (description && (length < DESCRIPTION_RANGE[0] || length > DESCRIPTION_RANGE[1])) {
    findings.push({
      level: 'note', check: 'description-length', file: entry.file, field: 'description',
      message: `The description has ${length} characters; search snippets show ${DESCRIPTION_RANGE[0]}–${DESCRIPTION_RANGE[1]}${length > DESCRIPTION_RANGE[1] ? ', so the end is cut there (llms.txt and /ask use it whole)' : ', so it looks thin'}.`,
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

function checkTags(entries: ContentEntry[], options: CheckOptions, findings: Finding[]) {
  const usedBy = new Map<string, ContentEntry[]>();
  for (const entry of entries) for (const tag of tagsOf(entry)) usedBy.set(tag, [...(usedBy.get(tag) ?? []), entry]);
  const tags = [...usedBy.keys()].sort();
  for (const [index, tag] of tags.entries()) {
    for (const entry of usedBy.get(tag)!) {
      const vocabulary = options.knownTags?.[entry.locale];
      // A tag that is no slug is refused with the spelling to use (entry-checks.ts), not sent to tags.json.
      if (vocabulary && !vocabulary.has(tag) && /^[a-z0-9-]+$/.test(tag)) {
        findings.push({ level: 'warning', check: 'unknown-tag', file: entry.file, message: `The tag "${tag}" has no label yet: add it to content/tags.json (${entry.locale}) so it shows with proper letters and casing.` });
      }
    }
    for (const other of tags.slice(index + 1)) {
      if (!similarTags(tag, other)) continue;
      const [rarer, commoner] = usedBy.get(tag)!.length <= usedBy.get(other)!.length ? [tag, other] : [other, tag];
      for (const entry of usedBy.get(rarer)!) {
        findings.push({ level: 'warning', check: 'similar-tags', file: entry.file, message: `The tags "${rarer}" and "${commoner}" look like one tag spelled two ways; use "${commoner}" (used ${usedBy.get(commoner)!.length}×).` });
      }
    }
  }
}

function checkDates(entry: ContentEntry, options: CheckOptions, findings: Finding[]) {
  if (isDraft(entry)) {
    findings.push({ level: 'note', check: 'draft', file: entry.file, message: 'Is a draft: it is built nowhere (not on the site, in llms.txt, /ask or the MCP tools) until you remove `draft: true`.' });
  }
  const published = entry.data.published;
  const day = published instanceof Date ? published.toISOString().slice(0, 10) : typeof published === 'string' ? published.slice(0, 10) : undefined;
  // A date written another way (25.11.2026) is refused with the way to write it, not called "future".
  if (day && /^\d{4}-\d{2}-\d{2}$/.test(day) && day > options.today) {
    findings.push({ level: 'warning', check: 'future-date', file: entry.file, message: `Is dated ${day}, after today (${options.today}): it is published as soon as the site is built, with a date in the future.` });
  }
}

/** The result ids /ask answers with, made from the content as the catalog and src/server/ask/documents.ts make them. */
function askResultIds(entries: ContentEntry[], caseStudies: CheckOptions['caseStudies'] = []): Set<string> {
  const ids = new Set(locales.flatMap((locale) => [flowId('contact', locale), flowId('consultation', locale)]));
  for (const { locale, slug } of caseStudies) ids.add(recordId('case_study', locale, slug));
  for (const entry of entries) {
    if (isDraft(entry)) continue;
    if (entry.collection === 'articles') ids.add(recordId('article', entry.locale, entry.slug));
    if (entry.collection === 'services') ids.add(recordId('service', entry.locale, entry.slug));
    if (entry.collection === 'pages') ids.add(recordId('page', entry.locale, entry.slug));
    if (entry.collection === 'pricing') {
      const id = recordId('pricing', entry.locale, entry.slug);
      ids.add(id);
      const sections = Array.isArray(entry.data.sections) ? (entry.data.sections as { id?: unknown }[]) : [];
      for (const section of sections) if (typeof section.id === 'string') ids.add(sectionId(id, section.id));
    }
  }
  return ids;
}

/** An example question whose page was removed or renamed is left out of /ask: say which. */
function checkExampleQuestions(entries: ContentEntry[], questions: NonNullable<CheckOptions['exampleQuestions']>, caseStudies: CheckOptions['caseStudies'], findings: Finding[]) {
  const ids = askResultIds(entries, caseStudies);
  for (const { query, expected } of questions) {
    if (ids.has(expected)) continue;
    findings.push({ level: 'warning', check: 'question-page', file: 'questions.json', message: `"${query}" is for ${expected}, which /ask does not have (a page removed, renamed or a draft): /ask leaves the question out until its id names a page.` });
  }
}

export function checkContent(entries: ContentEntry[], options: CheckOptions): Finding[] {
  const findings: Finding[] = [];
  const language = (entry: ContentEntry): Language => options.language ?? entry.locale;
  for (const entry of entries) checkEntry(entry, readFileSync(entry.absolutePath, 'utf8'), language(entry), findings);
  checkDuplicates(entries, language, findings);
  checkPrices(entries, findings, language);
  const pages = sitePages(entries);
  checkTranslations(entries, findings);
  checkTags(entries.filter((entry) => entry.collection === 'articles' || entry.collection === 'services'), options, findings);
  for (const entry of entries) {
    checkSnippets(entry, findings);
    checkDates(entry, options, findings);
    checkReferences(entry, pages, findings);
  }
  if (options.exampleQuestions) checkExampleQuestions(entries, options.exampleQuestions, options.caseStudies, findings);
  return findings;
}
