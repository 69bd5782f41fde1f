// The built site for scripts that look at it (audit, screenshots): scripts/start.mjs on a free
// loopback port with its own data folder, ended by PID when the script ends.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../..', import.meta.url));

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** The site URL dist/ was built for (dist/build-info.json), or the default. */
export function builtSiteUrl() {
  try {
    return JSON.parse(readFileSync(join(root, 'dist/build-info.json'), 'utf8')).siteUrl;
  } catch {
    return 'http://localhost:4321';
  }
}

/**
 * Starts the site (SITE_URL as dist/ was built, so a build start.mjs made for it before is reused) and
 * resolves with { url, stop, buildDir, pid } once it listens; buildDir is the build it serves (dist-builds/<id>).
 */
export async function startBuiltSite(env = {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'site-'));
  const server = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    // One build, served by this process (no rebuilds): what the scripts look at stays put.
    env: { ...process.env, SITE_URL: process.env.SITE_URL || builtSiteUrl(), HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, NODE_ENV: 'production', REBUILD_ON_CHANGE: 'false', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stop = () => {
    if (server.exitCode === null) server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  process.on('exit', stop);
  let output = '';
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 180_000);
    server.stdout.on('data', (chunk) => {
      output += chunk;
      if (/Listening on .*\n/.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    });
    server.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  // The listening line is a JSON log line; `serving` names the build.
  const listening = output.split('\n').find((line) => line.includes('Listening on'));
  const buildDir = join(root, JSON.parse(listening ?? '{}').serving ?? 'dist/');
  return { url: `http://127.0.0.1:${port}`, stop, buildDir, pid: server.pid };
}
