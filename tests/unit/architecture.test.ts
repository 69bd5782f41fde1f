/**
 * The layers of src/ (pages → protocol adapters → tool registry → domain → providers and store →
 * base facts) as dependency-cruiser checks them with .dependency-cruiser.cjs: no import up a layer,
 * no import cycle, every module in a layer, browser code importing only what is shared with the
 * browser, every package declared. docs/architecture.md explains the map.
 *
 * dependency-cruiser does not read .astro files, so the check runs on a copy of the tree in which
 * each `X.astro` is its TypeScript as Astro's language tools see it (`X.astro.tsx`: the frontmatter's
 * imports) plus `X.astro.script.ts` (its bundled <script> blocks, which run in the browser).
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { convertToTsx } from '@astrojs/astro2tsx';
import { cruise, type ICruiseOptions, type IViolation } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const configFile = join(root, '.dependency-cruiser.cjs');

const fixtures: string[] = [];
afterAll(() => fixtures.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

/** A copy of `from` in `to` with every .astro file turned into the two modules described above. */
function mirrorAstro(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = join(from, entry.name);
    if (entry.isDirectory()) mirrorAstro(source, join(to, entry.name));
    else if (!entry.name.endsWith('.astro')) cpSync(source, join(to, entry.name));
    else {
      const converted = convertToTsx(readFileSync(source, 'utf8'), { filename: entry.name });
      writeFileSync(join(to, `${entry.name}.tsx`), converted.code);
      const scripts = converted.scripts.filter((script) => script.type === 'processed-module');
      if (scripts.length > 0) writeFileSync(join(to, `${entry.name}.script.ts`), scripts.map((script) => script.content).join('\n'));
    }
  }
}

async function violationsOf(baseDir: string): Promise<{ violations: string[]; modules: number; dependencies: number }> {
  const mirror = mkdtempSync(join(tmpdir(), 'architecture-mirror-'));
  fixtures.push(mirror);
  mirrorAstro(join(baseDir, 'src'), join(mirror, 'src'));
  for (const shared of ['scripts', 'tests', 'node_modules', 'package.json', 'tsconfig.json']) symlinkSync(join(baseDir, shared), join(mirror, shared));
  // The mirror links node_modules and the other folders: resolve within it, not to where the links point.
  const options: ICruiseOptions = { ...(await extractDepcruiseOptions(configFile)), baseDir: mirror, validate: true, preserveSymlinks: true };
  const tsConfig = extractTSConfig(join(root, 'tsconfig.json'));
  const previous = process.cwd();
  process.chdir(mirror);
  try {
    const result = await cruise(['src', 'scripts', 'tests'], options, {}, { tsConfig });
    if (typeof result.output === 'string') throw new Error('expected the JSON result');
    const summary = result.output.summary;
    const named = (path: string) => path.replace(/\.astro\.(tsx|script\.ts)$/, '.astro');
    const violations = summary.violations.map((violation: IViolation) =>
      `${violation.rule.name}: ${[violation.from, ...(violation.cycle?.map((step) => step.name) ?? [violation.to])].map(named).join(' → ')}`);
    return { violations, modules: summary.totalCruised, dependencies: summary.totalDependenciesCruised ?? 0 };
  } finally {
    process.chdir(previous);
  }
}

/** A throwaway src/ tree: path → source. */
function fixture(files: Record<string, string>): string {
  const folder = mkdtempSync(join(tmpdir(), 'architecture-'));
  fixtures.push(folder);
  writeFileSync(join(folder, 'tsconfig.json'), '{}');
  writeFileSync(join(folder, 'package.json'), '{}');
  for (const empty of ['scripts', 'tests', 'node_modules']) mkdirSync(join(folder, empty));
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(dirname(join(folder, path)), { recursive: true });
    writeFileSync(join(folder, path), source);
  }
  return folder;
}

describe('the layers of src/', () => {
  it('hold: no import up a layer, no cycle, every module in a layer', async () => {
    const { violations, modules, dependencies } = await violationsOf(root);
    console.log(`dependency-cruiser: ${modules} modules, ${dependencies} imports, ${violations.length} violations`);
    expect(modules).toBeGreaterThan(250);
    expect(violations).toEqual([]);
  }, 120_000);

  it('catch an import up the layers, a cycle, modules outside every layer, a page importing upward, browser code importing a server module and an undeclared package', async () => {
    const folder = fixture({
      // The domain reaching up to a protocol adapter.
      'src/server/ask/index.ts': "import { answerChat } from '../chat/index';\nexport const ask = answerChat;\n",
      'src/server/chat/index.ts': 'export const answerChat = 1;\n',
      // A cycle inside one layer.
      'src/server/store/a.ts': "import { b } from './b';\nexport const a = b;\n",
      'src/server/store/b.ts': "import { a } from './a';\nexport const b = () => a;\n",
      // A folder the map does not know.
      'src/server/elsewhere/x.ts': "import { a } from '../store/a';\nexport const x = a;\n",
      // Modules outside every layer that import nothing: one imported, one alone.
      'src/server/loose/leaf.ts': 'export const leaf = 1;\n',
      'src/server/loose/alone.ts': 'export const alone = 1;\n',
      'src/server/store/uses-leaf.ts': "import { leaf } from '../loose/leaf';\nexport const usesLeaf = leaf;\n",
      // A component whose frontmatter reaches up into a page, and whose <script> imports a server module.
      'src/pages/index.astro': '---\nexport const title = 1;\n---\n<p>home</p>\n',
      'src/components/Card.astro': "---\nimport { title } from '../pages/index.astro';\nimport Badge from './Badge.astro';\n---\n<p>{title}</p><Badge />\n<script>\nimport { settings } from '../server/base/settings';\nconsole.log(settings);\n</script>\n",
      'src/components/Badge.astro': "---\nimport { routePaths } from '../server/base/urls';\n---\n<a href={routePaths.home}>b</a>\n",
      'src/server/base/settings.ts': 'export const settings = {};\n',
      'src/server/base/urls.ts': 'export const routePaths = { home: "/" };\n',
      // An island importing a server module that is not shared, a type-only import (allowed), a shared one.
      'src/islands/Form.tsx': "import type { Settings } from '../server/adapters/status';\nimport { routePaths } from '../server/base/urls';\nimport { status } from '../server/adapters/status';\nexport const form = [routePaths, status] as unknown as Settings;\n",
      'src/server/adapters/status.ts': 'export type Settings = 1;\nexport const status = 1;\n',
      // A package present only as another package's dependency.
      'node_modules/js-yaml/package.json': '{ "name": "js-yaml", "main": "index.js" }',
      'node_modules/js-yaml/index.js': 'module.exports = {};\n',
      'src/server/http/body.ts': "import yaml from 'js-yaml';\nexport const body = yaml;\n",
    });
    const { violations } = await violationsOf(folder);
    expect(violations).toContain('no-import-up-from-domain: src/server/ask/index.ts → src/server/chat/index.ts');
    expect(violations.some((line) => line.startsWith('no-cycle: src/server/store/'))).toBe(true);
    expect(violations).toContain('in-a-layer: src/server/elsewhere/x.ts → src/server/store/a.ts');
    expect(violations).toContain('in-a-layer-imported: src/server/store/uses-leaf.ts → src/server/loose/leaf.ts');
    expect(violations.some((line) => line.startsWith('in-a-layer-orphan: src/server/loose/alone.ts'))).toBe(true);
    expect(violations).toContain('no-import-of-a-route: src/components/Card.astro → src/pages/index.astro');
    expect(violations).toContain('browser-imports-shared-only: src/components/Card.astro → src/server/base/settings.ts');
    expect(violations).toContain('browser-imports-shared-only: src/islands/Form.tsx → src/server/adapters/status.ts');
    expect(violations.filter((line) => line.startsWith('browser-imports-shared-only:'))).toHaveLength(2);
    expect(violations.some((line) => line.startsWith('declared-dependencies: src/server/http/body.ts → node_modules/js-yaml/'))).toBe(true);
  }, 120_000);
});
