/**
 * Every site path is written once, in src/server/base/urls.ts: a string literal anywhere else in src/
 * that is a path of the site (`'/cennik/'`, `'/api/contact'`, `` `/og/${…}` ``) fails here. Comments
 * and prose (a description naming a path among words) are not literals of a path and pass.
 * Astro's page tree (src/pages) states the same paths as file names; tests/unit/routes.test.ts
 * holds those file names against the route table, which takes its paths from urls.ts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { locales } from '../../src/server/base/i18n';
import { paths, routePaths, segments } from '../../src/server/base/urls';

const root = fileURLToPath(new URL('../..', import.meta.url));
const srcDir = join(root, 'src');
/** The one module that may state paths. */
const URL_MODULE = 'src/server/base/urls.ts';

const filesUnder = (folder: string): string[] =>
  readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(folder, entry.name)) : [join(folder, entry.name)],
  );

/** The first segment of every path urls.ts knows: `api`, `.well-known`, `en`, `cennik`, `llms.txt`, … */
function siteFirstSegments(): Set<string> {
  const known: string[] = [...Object.values(routePaths)];
  for (const locale of locales) {
    for (const build of Object.values(paths)) known.push((build as (locale: typeof locales[number], x: string) => string)(locale, 'x'));
  }
  for (const words of Object.values(segments)) known.push(...Object.values(words).map((word) => `/${word}`));
  const first = known.map((path) => path.split('/')[1] ?? '').filter((segment) => segment !== '' && segment !== 'x' && !segment.startsWith('['));
  return new Set(first);
}
const firstSegments = siteFirstSegments();

/** A literal is a site path when it is one path (no spaces) whose first segment is one of the site's. */
function isSitePath(text: string): boolean {
  if (!/^\/[^\s'"`<>]*$/.test(text) || text.startsWith('//')) return false;
  const first = text.slice(1).split(/[/?#]/)[0]!;
  return firstSegments.has(first);
}

/** The texts of the string and template literals of a TypeScript/JavaScript source. */
function literalsOf(source: string, jsx: boolean): { text: string; line: number }[] {
  const file = ts.createSourceFile('x.tsx', source, ts.ScriptTarget.Latest, true, jsx ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: { text: string; line: number }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node) || ts.isJsxText(node)) {
      found.push({ text: node.text.trim(), line: file.getLineAndCharacterOfPosition(node.getStart()).line + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** An .astro file: its frontmatter and expressions as TypeScript, and its markup's attribute values. */
function astroLiterals(source: string): { text: string; line: number }[] {
  const match = /^---\n([\s\S]*?)\n---\n/.exec(source);
  const frontmatter = match ? literalsOf(match[1]!, false).map((entry) => ({ ...entry, line: entry.line + 1 })) : [];
  const markup = match ? source.slice(match[0].length) : source;
  const offset = match ? match[0].split('\n').length - 1 : 0;
  const found: { text: string; line: number }[] = [];
  markup.split('\n').forEach((line, index) => {
    for (const hit of line.matchAll(/=\s*"([^"]*)"|=\s*'([^']*)'|\{\s*['"`]([^'"`]*)['"`]\s*\}|[({,?:]\s*['"`](\/[^'"`]*)['"`]/g)) {
      found.push({ text: (hit[1] ?? hit[2] ?? hit[3] ?? hit[4] ?? '').trim(), line: offset + index + 1 });
    }
  });
  return [...frontmatter, ...found];
}

export function pathLiterals(file: string, source: string): string[] {
  const literals = file.endsWith('.astro') ? astroLiterals(source) : literalsOf(source, /\.(tsx|jsx)$/.test(file));
  return literals.filter((entry) => isSitePath(entry.text)).map((entry) => `${file}:${entry.line}: ${entry.text}`);
}

describe('site paths are stated once (src/server/base/urls.ts)', () => {
  it('knows the site\'s first segments from urls.ts', () => {
    for (const segment of ['api', '.well-known', 'mcp', 'ask', 'en', 'cennik', 'uslugi', 'artykuly', 'llms.txt', 'og']) {
      expect(firstSegments, segment).toContain(segment);
    }
  });

  it('finds a path literal in TypeScript, TSX and Astro, and passes prose and comments', () => {
    expect(pathLiterals('a.ts', "const a = '/cennik/'; // '/api/contact' in a comment\nconst b = `/og/${x}.png`;")).toEqual(['a.ts:1: /cennik/', 'a.ts:2: /og/']);
    expect(pathLiterals('a.tsx', 'const f = <form action="/api/subscribe">/en/pricing/</form>;')).toEqual(['a.tsx:1: /api/subscribe', 'a.tsx:1: /en/pricing/']);
    expect(pathLiterals('a.astro', "---\nconst a = 1;\n---\n<a href=\"/llms.txt\">x</a>\n<p>{t('/ask')}</p>")).toEqual(['a.astro:4: /llms.txt', 'a.astro:5: /ask']);
    expect(pathLiterals('a.ts', "const d = 'POST /api/contact with a JSON body'; const r = /^\\/api\\//; const i = './x';")).toEqual([]);
  });

  it('has no path literal in src/ outside urls.ts', () => {
    const offenders = filesUnder(srcDir)
      .filter((file) => /\.(ts|tsx|mjs|astro)$/.test(file) && !file.endsWith('.d.ts'))
      .map((file) => relative(root, file).split('\\').join('/'))
      .filter((file) => file !== URL_MODULE)
      .flatMap((file) => pathLiterals(file, readFileSync(join(root, file), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
