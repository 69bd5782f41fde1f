/**
 * A copy of the project's parts in a temporary folder, for tests that run npm scripts on changed
 * content without touching the repository's. Its node_modules is a folder of links to the project's
 * packages rather than one link to the whole folder, so the caches Astro and Vite keep there
 * (`.astro`, its content store; `.vite`, the optimised dependencies) are the copy's own: a dev server
 * or a build in a copy never shares them with another running at the same time.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, realpathSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const caches = new Set(['.astro', '.vite', '.cache']);

export function copyProject(prefix: string, parts: readonly string[]): string {
  const copy = mkdtempSync(join(tmpdir(), `${prefix}-`));
  for (const part of parts) cpSync(join(root, part), join(copy, part), { recursive: true });
  const packages = realpathSync(join(root, 'node_modules'));
  mkdirSync(join(copy, 'node_modules'));
  for (const entry of readdirSync(packages)) if (!caches.has(entry)) symlinkSync(join(packages, entry), join(copy, 'node_modules', entry));
  return copy;
}
