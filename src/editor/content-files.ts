/**
 * Reads the content tree as an editor wrote it (content/<collection>/<locale>/<slug>.md(x)): front
 * matter parsed with `yaml`, the body kept as written. No Astro here, so the report runs without a
 * build and on any tree (the tests use small fixture trees).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { isLocale, type Locale } from '../server/base/i18n';

export type Collection = 'articles' | 'services' | 'pricing' | 'pages';
export const collections: Collection[] = ['articles', 'services', 'pricing', 'pages'];

export interface ContentEntry {
  collection: Collection;
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
}

const frontMatter = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/;

export function parseEntryFile(text: string): { data: Record<string, unknown>; body: string; bodyLine: number } {
  const match = frontMatter.exec(text);
  if (!match) return { data: {}, body: text, bodyLine: 1 };
  const data = parseYaml(match[1]!) as unknown;
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

/** Every entry of the page-like collections; files that cannot be read as entries become problems. */
export function readContentTree(root: string): { entries: ContentEntry[]; problems: ContentProblem[] } {
  const entries: ContentEntry[] = [];
  const problems: ContentProblem[] = [];
  for (const collection of collections) {
    for (const absolutePath of markdownFiles(join(root, collection))) {
      const file = relative(root, absolutePath).split('\\').join('/');
      const [, locale, ...rest] = file.split('/');
      if (!isLocale(locale) || rest.length === 0) {
        problems.push({ file, message: 'lies outside a pl/ or en/ folder, so it belongs to no language and is not built.' });
        continue;
      }
      try {
        const parsed = parseEntryFile(readFileSync(absolutePath, 'utf8'));
        entries.push({ collection, locale, slug: rest.join('/').replace(/\.mdx?$/, ''), file, absolutePath, ...parsed });
      } catch (error) {
        problems.push({ file, message: `has front matter that is not valid YAML: ${(error as Error).message.split('\n')[0]}` });
      }
    }
  }
  return { entries, problems };
}
