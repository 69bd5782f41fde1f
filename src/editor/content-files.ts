/**
 * Reads the content tree as an editor wrote it (content/<folder>/<locale>/<slug>.md(x), one folder per
 * kind of the content-type registry): front matter parsed with `yaml`, the body kept as written. No
 * Astro here, so the report runs without a build and on any tree (the tests use small fixture trees).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { isLocale, type Locale } from '../server/base/i18n';
import { contentTypes, type AnyContentType } from '../server/catalog/content-types';
import { readFrontMatter, type FrontMatterMistake } from './front-matter';
import { say, type Language } from './messages';

/** A kind's folder under content/ (`articles`, `case-studies`): how the checks and the report name it. */
export type Collection = string;

export interface ContentEntry {
  collection: Collection;
  /** The kind of content, from the registry: its schema, its page's path, whether it may be a draft. */
  type: AnyContentType;
  locale: Locale;
  slug: string;
  /** Path from the content root, e.g. `articles/pl/rodo.md`: how the report names the file. */
  file: string;
  /** Absolute path of the file (to resolve images next to it). */
  absolutePath: string;
  data: Record<string, unknown>;
  body: string;
  /** Line of the body's first line in the file (to report body lines as file lines). */
  bodyLine: number;
}

export interface ContentProblem {
  file: string;
  message: string;
  /** The line of the file (not of the front matter), when the problem is at one. */
  line?: number;
  /** The front-matter field of that line. */
  field?: string;
}

const frontMatter = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/;

/** Front matter YAML cannot read: where, and what the editor most likely did. */
export class FrontMatterError extends Error {
  constructor(readonly mistake: FrontMatterMistake) {
    super(mistake.message);
  }
}

/** The front matter and the body of a file; a front matter YAML cannot read throws a `FrontMatterError` (in `language`). */
export function parseEntryFile(text: string, language: Language = 'en'): { data: Record<string, unknown>; body: string; bodyLine: number } {
  const match = frontMatter.exec(text);
  if (!match) return { data: {}, body: text, bodyLine: 1 };
  // The front matter starts on the file's second line, after `---`.
  const read = readFrontMatter(match[1]!, 2, language);
  if ('mistake' in read) throw new FrontMatterError(read.mistake);
  const data = read.data;
  return {
    data: data && typeof data === 'object' ? (data as Record<string, unknown>) : {},
    body: text.slice(match[0].length),
    bodyLine: match[0].split('\n').length,
  };
}

function markdownFiles(directory: string): string[] {
  let names: string[];
  try {
    names = readdirSync(directory);
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) return markdownFiles(path);
    return /\.mdx?$/.test(name) ? [path] : [];
  });
}

/**
 * Every entry of every kind in the registry; files that cannot be read as entries become problems, in
 * `language` or the file's own.
 */
export function readContentTree(root: string, language?: Language, types: readonly AnyContentType[] = contentTypes): { entries: ContentEntry[]; problems: ContentProblem[] } {
  const entries: ContentEntry[] = [];
  const problems: ContentProblem[] = [];
  for (const type of types) {
    const collection = type.folder;
    for (const absolutePath of markdownFiles(join(root, collection))) {
      const file = relative(root, absolutePath).split('\\').join('/');
      const [, locale, ...rest] = file.split('/');
      if (!isLocale(locale) || rest.length === 0) {
        problems.push({ file, ...say(language ?? 'en', 'outsideLanguage') });
        continue;
      }
      try {
        const parsed = parseEntryFile(readFileSync(absolutePath, 'utf8'), language ?? locale);
        entries.push({ collection, type, locale, slug: rest.join('/').replace(/\.mdx?$/, ''), file, absolutePath, ...parsed });
      } catch (error) {
        if (!(error instanceof FrontMatterError)) throw error;
        problems.push({ file, line: error.mistake.line, field: error.mistake.field, message: error.mistake.message });
      }
    }
  }
  return { entries, problems };
}
