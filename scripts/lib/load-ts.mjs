/**
 * Loads TypeScript modules of src/ from a plain Node script: bundled with esbuild (Astro's own
 * bundler) because Node's type stripping cannot resolve the sources' extensionless imports. npm
 * packages stay external and resolve from node_modules, where the bundle is written.
 *
 * `source` is a file (`src/editor/content-cli.ts`) or `{ exports }`, lines of an entry module that
 * re-exports what the script needs (`export { answerAsk } from './src/server/ask/answer.ts';`).
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const root = fileURLToPath(new URL('../..', import.meta.url));

export async function loadTs(source, name) {
  const { build } = await import('esbuild');
  // One bundle per process: scripts of one name may run at once (a bench beside a test).
  const outfile = join(root, 'node_modules/.cache/scripts', `${name}-${process.pid}.mjs`);
  const entry = typeof source === 'string'
    ? { entryPoints: [join(root, source)] }
    : { stdin: { contents: source.exports.join('\n'), resolveDir: root, loader: 'ts' } };
  await build({ ...entry, bundle: true, platform: 'node', format: 'esm', packages: 'external', outfile, logLevel: 'error' });
  try {
    return await import(`${pathToFileURL(outfile).href}?${Date.now()}`);
  } finally {
    rmSync(outfile, { force: true });
  }
}
