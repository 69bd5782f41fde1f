/**
 * The layers of src/ (pages → protocol adapters → tool registry → domain → providers and store →
 * base facts) as dependency-cruiser checks them with .dependency-cruiser.cjs: no import up a layer,
 * no import cycle, every module in a layer. docs/architecture.md explains the map.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseOptions, type IViolation } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const configFile = join(root, '.dependency-cruiser.cjs');

async function violationsOf(baseDir: string): Promise<{ violations: string[]; modules: number; dependencies: number }> {
  const options: ICruiseOptions = { ...(await extractDepcruiseOptions(configFile)), baseDir, validate: true };
  const tsConfig = extractTSConfig(join(root, 'tsconfig.json'));
  const previous = process.cwd();
  process.chdir(baseDir);
  try {
    const result = await cruise(['src'], options, {}, { tsConfig });
    if (typeof result.output === 'string') throw new Error('expected the JSON result');
    const summary = result.output.summary;
    const violations = summary.violations.map((violation: IViolation) =>
      `${violation.rule.name}: ${[violation.from, ...(violation.cycle?.map((step) => step.name) ?? [violation.to])].join(' → ')}`);
    return { violations, modules: summary.totalCruised, dependencies: summary.totalDependenciesCruised ?? 0 };
  } finally {
    process.chdir(previous);
  }
}

const fixtures: string[] = [];
afterAll(() => fixtures.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

/** A throwaway src/ tree: path → source. */
function fixture(files: Record<string, string>): string {
  const folder = mkdtempSync(join(tmpdir(), 'architecture-'));
  fixtures.push(folder);
  writeFileSync(join(folder, 'tsconfig.json'), '{}');
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

  it('catch an import up the layers, a cycle and a module outside every layer', async () => {
    const folder = fixture({
      // The domain reaching up to a protocol adapter.
      'src/server/ask/index.ts': "import { answerChat } from '../chat/index';\nexport const ask = answerChat;\n",
      'src/server/chat/index.ts': 'export const answerChat = 1;\n',
      // A cycle inside one layer.
      'src/server/store/a.ts': "import { b } from './b';\nexport const a = b;\n",
      'src/server/store/b.ts': "import { a } from './a';\nexport const b = () => a;\n",
      // A folder the map does not know.
      'src/server/elsewhere/x.ts': "import { a } from '../store/a';\nexport const x = a;\n",
    });
    const { violations } = await violationsOf(folder);
    expect(violations).toContain('no-import-up-from-domain: src/server/ask/index.ts → src/server/chat/index.ts');
    expect(violations.some((line) => line.startsWith('no-cycle: src/server/store/'))).toBe(true);
    expect(violations).toContain('in-a-layer: src/server/elsewhere/x.ts → src/server/store/a.ts');
  }, 120_000);
});
