/**
 * Global setup of the tiers that use the built site (vitest.config.ts): builds it once per run, however
 * many of those tiers run. SKIP_BUILD=1 reuses an existing dist/ while iterating on tests.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
// Each tier runs its global setup in the one Vitest process: the first one builds, the others see it done.
const done = Symbol.for('site-tests.built');

export default function setup(): void {
  const state = globalThis as { [done]?: boolean };
  if (state[done]) return;
  state[done] = true;
  if (process.env.SKIP_BUILD === '1' && existsSync(`${root}/dist/server/entry.mjs`)) return;
  const started = Date.now();
  const build = spawnSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], {
    cwd: root,
    encoding: 'utf8',
    // NODE_ENV as `npm run build` has it: vitest sets it to "test", and Vite would then bundle
    // `import.meta.env.DEV` as true (drafts shown, the /ask index rebuilt on every question).
    env: { ...process.env, NODE_ENV: 'production', ASTRO_TELEMETRY_DISABLED: '1', SITE_URL: 'http://localhost:4321' },
  });
  if (build.status !== 0) {
    state[done] = false;
    throw new Error(`astro build failed:\n${build.stdout}\n${build.stderr}`);
  }
  console.log(`[build] astro build took ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
