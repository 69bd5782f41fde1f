#!/usr/bin/env node
// Serves the built site: builds first when dist/ is missing or older than the sources, validates the
// settings (a wrong value stops here with a clear message), then listens on HOST:PORT. Every response,
// static file or on-demand route, carries the discovery headers.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { discoveryHeaders } from '../src/server/http/discovery-headers.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const entry = join(root, 'dist/server/entry.mjs');

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), stat.mtimeMs);
}

// The one settings module, loaded as TypeScript (Node strips the types): a wrong value stops here.
const { parseSettings, SettingsError } = await import('../src/server/settings.ts');
try {
  parseSettings(process.env);
} catch (error) {
  if (!(error instanceof SettingsError)) throw error;
  console.error(error.message);
  process.exit(1);
}

const sources = ['src', 'content', 'public', 'astro.config.mjs', 'package.json'].map((name) => join(root, name));
const stale = !existsSync(entry) || Math.max(...sources.map(newestMtime)) > statSync(entry).mtimeMs;
if (stale && process.env.SKIP_BUILD !== '1') {
  console.log('Building the site (dist/ is missing or older than the sources)…');
  const build = spawnSync(process.execPath, [join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

process.env.ASTRO_NODE_AUTOSTART = 'disabled';
const { handler } = await import(pathToFileURL(entry).href);

const host = process.env.HOST || 'localhost';
const port = Number(process.env.PORT ?? 4321);
const server = http.createServer((request, response) => {
  for (const [name, value] of Object.entries(discoveryHeaders)) response.setHeader(name, value);
  handler(request, response);
});
server.listen(port, host, () => {
  const address = server.address();
  console.log(`Listening on http://${host}:${typeof address === 'object' && address ? address.port : port}/`);
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
}
