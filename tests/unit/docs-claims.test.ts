/**
 * What README.md and docs/*.md state about the code stays true: the settings table names every
 * setting, a count of tools, scopes or MCP Apps views is the registry's or the catalogue's, the MCP
 * page's tool table is the registry in its order, and every relative link leads to a file.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import GithubSlugger from 'github-slugger';
import { describe, expect, it } from 'vitest';
import { SCOPES } from '../../src/server/base/scopes';
import { settingNames } from '../../src/server/base/settings';
import { toolNames, uiResources } from '../../src/server/tools/registry';
import { statedCounts } from '../support/stated-counts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const documents = ['README.md', ...readdirSync(join(root, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)];
const read = (path: string) => readFileSync(join(root, path), 'utf8');

/** The anchors GitHub gives a Markdown file's headings. */
function headingSlugs(file: string): string[] {
  const slugger = new GithubSlugger();
  const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
  return [...text.matchAll(/^#{1,6} (.+)$/gm)].map((match) => slugger.slug(match[1]!.replaceAll('`', '')));
}

describe('the documentation', () => {
  it('documents every setting in docs/settings.md, and no setting that does not exist', () => {
    const documented = [...read('docs/settings.md').matchAll(/^\| `([A-Z0-9_]+)` \|/gm)].map((match) => match[1]);
    expect(documented.sort()).toEqual([...settingNames].sort());
  });

  it.each([
    ['tools', toolNames.length],
    ['scopes', SCOPES.length],
    ['views', Object.keys(uiResources).length],
  ])('states the real number wherever it counts %s', (noun, real) => {
    for (const path of documents) {
      for (const { count, claim } of statedCounts(read(path), noun)) expect(count, `${path}: "${claim}"`).toBe(real);
    }
  });

  it('lists the registry tools in docs/mcp.md, in registry order', () => {
    const listed = [...read('docs/mcp.md').matchAll(/^\| `([a-z_]+)` \| (?:read|write) \|/gm)].map((match) => match[1]);
    expect(listed).toEqual(toolNames);
  });

  it('links only to files that exist', () => {
    for (const path of documents) {
      // Links in code (examples of Markdown an editor writes) are not links of the page.
      const prose = read(path).replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
      for (const [, link, image] of prose.matchAll(/\]\(([^)\s]+)\)|src="([^"]+)"/g)) {
        const target = link ?? image;
        if (!target || /^([a-z]+:|#|\/)/.test(target)) continue; // other sites, anchors, the site's own paths
        const [relative, anchor] = target.split('#');
        const file = join(root, dirname(path), decodeURI(relative!));
        expect(existsSync(file), `${path} links to ${target}`).toBe(true);
        if (anchor && file.endsWith('.md')) expect(headingSlugs(file), `${path} links to ${target}`).toContain(anchor);
      }
    }
  });
});
