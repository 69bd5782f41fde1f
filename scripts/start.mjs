#!/usr/bin/env node
// `npm start`: validates the settings (a wrong value stops here with a message naming the setting),
// builds when dist/ is missing, older than the sources or built for another SITE_URL, then serves it:
// node:http in front of Astro's handler (src/server/node/site-server.ts), prerendered files from sirv's
// in-memory index, and a graceful stop on SIGTERM/SIGINT (src/server/node/shutdown.ts).
// SKIP_BUILD=1 serves dist/ as it is (tests and benchmarks build once for many servers).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist');
const entry = join(dist, 'server/entry.mjs');
const buildInfo = join(dist, 'build-info.json');

// The one settings module, loaded as TypeScript (Node strips the types): a wrong value stops here.
const { parseSettings, SettingsError } = await import('../src/server/settings.ts');
let settings;
try {
  settings = parseSettings(process.env);
} catch (error) {
  if (!(error instanceof SettingsError)) throw error;
  console.error(error.message);
  process.exit(1);
}
// In production, settings that parse but would not serve (samples, weak secrets, half-set providers):
// the worst stop here like a wrong value; the others are logged once the logger exists, below.
const { isProduction, settingsFindings } = await import('../src/server/settings-warnings.ts');
const findings = isProduction(process.env) ? settingsFindings(settings) : [];
const refusals = findings.filter((finding) => finding.severity === 'refuse');
if (refusals.length) {
  console.error(new SettingsError(refusals.map((finding) => finding.message)).message);
  process.exit(1);
}
// The build (astro.config.mjs) and Astro's bundle read these from the environment: the same values.
process.env.SITE_URL = settings.SITE_URL;
process.env.ASTRO_TELEMETRY_DISABLED = '1';

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), stat.mtimeMs);
}

function builtForSite() {
  try {
    return JSON.parse(readFileSync(buildInfo, 'utf8')).siteUrl;
  } catch {
    return undefined;
  }
}

const sources = ['src', 'content', 'public', 'astro.config.mjs', 'package.json'].map((name) => join(root, name));
const stale = !existsSync(entry) || !existsSync(buildInfo) || Math.max(...sources.map(newestMtime)) > statSync(entry).mtimeMs;
const builtFor = builtForSite();
const otherSite = builtFor !== undefined && builtFor !== settings.SITE_URL;
if (process.env.SKIP_BUILD === '1') {
  if (!existsSync(entry)) {
    console.error('SKIP_BUILD=1 but dist/ has no build: run `npm run build` first.');
    process.exit(1);
  }
  if (otherSite) console.warn(`Note: dist/ was built for SITE_URL ${builtFor}; prerendered documents keep it, on-demand answers use ${settings.SITE_URL} (SKIP_BUILD=1).`);
} else if (stale || otherSite) {
  console.log(otherSite ? `Building the site for SITE_URL ${settings.SITE_URL} (dist/ was built for ${builtFor})…` : 'Building the site (dist/ is missing or older than the sources)…');
  const build = spawnSync(process.execPath, [join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const { createLogger } = await import('../src/server/log.ts');
const { createSiteServer } = await import('../src/server/node/site-server.ts');
const { stopOnSignals } = await import('../src/server/node/shutdown.ts');
const logger = createLogger(settings.LOG_LEVEL);
for (const finding of findings) logger.warn({ setting: finding.setting }, finding.message);

const { handler } = await import(pathToFileURL(entry).href);
const site = createSiteServer({
  astro: handler,
  clientDir: join(dist, 'client'),
  headersFile: join(dist, '_headers.json'),
  siteUrl: settings.SITE_URL,
  logger,
});

site.server.once('error', (error) => {
  // One readable line instead of a stack trace, naming the setting to change.
  if (error.code === 'EADDRINUSE') console.error(`Port ${settings.PORT} on ${settings.HOST} is already in use: stop what listens there or set PORT to a free port.`);
  else if (error.code === 'EACCES') console.error(`Not allowed to listen on ${settings.HOST}:${settings.PORT}: set PORT above 1023 (or HOST to an address of this machine).`);
  else if (error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND') console.error(`HOST=${settings.HOST} is not an address of this machine: set HOST (e.g. localhost or 0.0.0.0).`);
  else console.error(`Cannot listen on ${settings.HOST}:${settings.PORT}: ${error.message}`);
  process.exit(1);
});
site.server.listen(settings.PORT, settings.HOST, () => {
  const address = site.server.address();
  console.log(`Listening on http://${settings.HOST}:${typeof address === 'object' && address ? address.port : settings.PORT}/ (SITE_URL ${settings.SITE_URL})`);
});
stopOnSignals(site, logger);
