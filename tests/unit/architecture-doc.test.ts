/** docs/architecture.md stays true where it names files: every path it names exists. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const doc = readFileSync(join(root, 'docs/architecture.md'), 'utf8');

/** The repository paths a Markdown text names in code spans: `src/…`, `tests/…`, `.env.example`, … */
export function namedPaths(markdown: string): string[] {
  const spans = [...markdown.matchAll(/`([^`\s]+)`/g)].map((match) => match[1]!);
  return [...new Set(spans.filter((span) => /^(src|tests|scripts|docs|content|public)\//.test(span) || /^\.[\w.-]+$/.test(span)))];
}

describe('docs/architecture.md', () => {
  it('finds the paths of a text, and only those', () => {
    expect(namedPaths('see `src/a.ts`, `npm run x`, `RATE_LIMIT_*`, `.env.example` and `src/b/`')).toEqual(['src/a.ts', '.env.example', 'src/b/']);
  });

  it('names only files and folders that exist', () => {
    const named = namedPaths(doc);
    expect(named.length).toBeGreaterThan(40);
    expect(named.filter((path) => !existsSync(join(root, path)))).toEqual([]);
  });

  it('answers where to change the five common things', () => {
    for (const heading of ['A rate limit', "A tool's description", 'An error message', 'A new REST endpoint', 'The /ask ranking']) {
      expect(doc).toContain(`**${heading}**`);
    }
  });
});
