/**
 * Loads TypeScript modules of src/ from a plain Node script: bundled with esbuild (Astro's own
 * bundler) because Node's type stripping cannot resolve the sources' extensionless imports. npm
 * packages stay external and resolve from node_modules, where the bundle is written.
 *
 * `source` is a file (`src/editor/content-cli.ts`) or `{ exports }`, lines of an entry module that
 * re-exports what the script needs (`export { answerAsk } from './src/server/ask/answer.ts';`).
 */
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const root = fileURLToPath(new URL('../..', import.meta.url));

export async function loadTs(source, name) {
  const { build } = await import('esbuild');
  const outfile = join(root, 'node_modules/.cache/scripts', `${name}.mjs`);
  const entry = typeof source === 'string'
    ? { entryPoints: [join(root, source)] }
    : { stdin: { contents: source.exports.join('\n'), resolveDir: root, loader: 'ts' } };
  await build({ ...entry, bundle: true, platform: 'node', format: 'esm', packages: 'external', outfile, logLevel: 'error' });
  return import(`${pathToFileURL(outfile).href}?${Date.now()}`);
}
