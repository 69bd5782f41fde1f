#!/usr/bin/env node
// `npm start`: reads `.env` (the environment wins over it), validates the settings (a wrong value stops
// here with a message naming the setting), builds when no build fits, then serves it: node:http in
// front of Astro's handler (src/server/node/site-server.ts), prerendered files from sirv's in-memory
// index, and a graceful stop on SIGTERM/SIGINT (src/server/node/shutdown.ts).
// Builds go to a directory of their own each (dist-builds/<id>/, scripts/lib/builds.mjs): a start reuses
// the build made for its SITE_URL from the current sources, or makes one; a build is never written over,
// so other instances from this folder keep serving theirs. When the build fails (a content mistake, a
// broken source), the start serves the newest complete build for the same SITE_URL and page settings,
// made from older sources, says so and why; it stops only when there is no such build.
// While it runs, with REBUILD_ON_CHANGE (the default), a change to the sources is built in the background
// and served once its build completed (scripts/lib/publish-on-change.mjs); a failed one never replaces
// the build served.
// SKIP_BUILD=1 serves dist/ (`npm run build`) as it is, and never rebuilds: tests and benchmarks build once for many servers.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadEnvFile, validatedSettings } from './lib/env-file.mjs';
import {
  buildInfo,
  clearFailure,
  failureFile,
  failureReason,
  findBuild,
  lastGoodBuild,
  lockBuilds,
  markComplete,
  newBuildId,
  recordFailure,
  recordedFailure,
  recordServer,
  removeUnused,
} from './lib/builds.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist');
const builds = join(root, 'dist-builds');
const skipBuild = process.env.SKIP_BUILD === '1';

// Settings from `.env` (or ENV_FILE) under the environment's, then validated: a wrong value stops here.
loadEnvFile(root);
const { settings, findings } = await validatedSettings();
// The build (astro.config.mjs) and Astro's bundle read these from the environment: the same values.
process.env.SITE_URL = settings.SITE_URL;
process.env.ASTRO_TELEMETRY_DISABLED = '1';

// The link-signing secret kept in DATA_DIR (LINK_SIGNING_SECRET unset) is read, or made whole, before
// anything else: a file too short to be a secret, or one that cannot be written, stops the start here.
const { linkSigningSecret } = await import('../src/server/base/signing.ts');
const { SecretFileError } = await import('../src/server/base/secret-file.ts');
try {
  linkSigningSecret();
} catch (error) {
  if (!(error instanceof SecretFileError)) throw error;
  console.error(error.message);
  process.exit(1);
}

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), stat.mtimeMs);
}

function builtForSite(dir) {
  try {
    return JSON.parse(readFileSync(join(dir, 'build-info.json'), 'utf8')).siteUrl;
  } catch {
    return undefined;
  }
}

/** What this server serves when the build of the current sources failed: the last good build. */
let stale;

const sourceParts = ['src', 'content', 'public', 'astro.config.mjs', 'package.json'];
// The consultation page prerenders where consultations take place: another place needs another build.
const pageSettings = JSON.stringify({ CONSULTATION_LOCATION: settings.CONSULTATION_LOCATION });
const sourcesMtimeNow = () => Math.max(...sourceParts.map((name) => newestMtime(join(root, name))));

/** `astro build` into `outDir`, its output passed through as it comes and kept to say why it failed. */
function astroBuild(outDir) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(root, 'node_modules/astro/bin/astro.mjs'), 'build', '--outDir', outDir], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    building = child;
    let output = '';
    child.stdout.on('data', (chunk) => (process.stdout.write(chunk), (output += chunk)));
    child.stderr.on('data', (chunk) => (process.stderr.write(chunk), (output += chunk)));
    child.once('close', (code, signal) => ((building = undefined), resolve({ ok: code === 0, code, signal, output })));
  });
}
/** The build running now, if any (stopped with this process). */
let building;

/**
 * The build of the current sources, under the builds' lock: one that fits, or a new one. Resolves
 * `{ id, sourcesMtime }` with the build's id, or `{ failure }` (what the build said, or the recorded
 * failure of these same sources) when there is none.
 */
async function buildCurrentSources() {
  const sourcesMtime = sourcesMtimeNow();
  const found = findBuild(builds, settings.SITE_URL, sourcesMtime, pageSettings);
  if (found !== undefined) return { id: found, sourcesMtime };
  const failed = recordedFailure(builds, settings.SITE_URL, sourcesMtime, pageSettings);
  if (failed) {
    console.error(`The build from the current sources failed at ${new Date(failed.failedAt).toISOString()}; it is tried again when a source changes (or remove dist-builds/${failureFile(settings.SITE_URL, pageSettings)}). It said:\n${failed.reason}`);
    return { failure: failed, sourcesMtime };
  }
  const id = newBuildId();
  console.log(`Building the site for SITE_URL ${settings.SITE_URL} into dist-builds/${id}/…`);
  const outDir = join(builds, id);
  const build = await astroBuild(outDir);
  if (build.ok) {
    markComplete(builds, id, { siteUrl: settings.SITE_URL, sourcesMtime, pageSettings });
    clearFailure(builds, settings.SITE_URL, pageSettings);
    return { id, sourcesMtime };
  }
  rmSync(outDir, { recursive: true, force: true });
  const reason = failureReason(build.output);
  // A build stopped by a signal (this start stopped, the machine short of memory) says nothing about the sources.
  if (build.signal === null) recordFailure(builds, { siteUrl: settings.SITE_URL, sourcesMtime, pageSettings, reason });
  console.error(`The build failed (${build.signal ?? `exit ${build.code}`}):\n${reason}`);
  return { failure: { failedAt: Date.now(), reason }, sourcesMtime };
}

/** The build this server serves: dist/ with SKIP_BUILD=1, else one of dist-builds/, made if none fits. */
async function chooseBuild() {
  if (skipBuild) {
    if (!existsSync(join(dist, 'server/entry.mjs'))) {
      console.error('SKIP_BUILD=1 but dist/ has no build: run `npm run build` first.');
      process.exit(1);
    }
    const builtFor = builtForSite(dist);
    if (builtFor !== undefined && builtFor !== settings.SITE_URL) console.warn(`Note: dist/ was built for SITE_URL ${builtFor}; prerendered documents keep it, on-demand answers use ${settings.SITE_URL} (SKIP_BUILD=1).`);
    return { dir: dist };
  }
  const release = await lockBuilds(builds, (holder) => console.log(`Waiting for another npm start (PID ${holder}) to finish its build…`));
  try {
    const built = await buildCurrentSources();
    let id = built.id;
    if (id === undefined) {
      id = lastGoodBuild(builds, settings.SITE_URL, pageSettings);
      if (id === undefined) {
        console.error(`No earlier build for SITE_URL ${settings.SITE_URL} to serve instead: fix what is listed above and start again.`);
        release();
        process.exit(1);
      }
      stale = { id, builtAt: buildInfo(builds, id).builtAt, failure: built.failure };
      console.warn(`Warning: serving the last good build, dist-builds/${id}/ (built ${new Date(stale.builtAt).toISOString()}), made from older sources: the current sources are not on the site until their build succeeds.`);
    }
    recordServer(builds, id);
    const removed = removeUnused(builds, id);
    if (removed.length > 0) console.log(`Removed ${removed.length} build(s) no running server uses: ${removed.join(', ')}`);
    return { dir: join(builds, id), id, sourcesMtime: built.sourcesMtime };
  } finally {
    release();
  }
}

const chosen = await chooseBuild();
const { createLogger } = await import('../src/server/base/log.ts');
const logger = createLogger(settings.LOG_LEVEL);
for (const finding of findings) logger.warn({ setting: finding.setting, code: finding.code }, finding.message);
if (stale) logger.warn({ build: stale.id, builtAt: new Date(stale.builtAt).toISOString(), sourcesNewer: true }, 'serving the last good build: the build of the current sources failed');
const listeningLine = (port, dir) =>
  `Listening on http://${settings.HOST}:${port}/ (SITE_URL ${settings.SITE_URL}) serving ${relative(root, dir)}/${stale ? ' (the last good build: the current sources failed to build)' : ''}`;

// One JSON line like the log's (stdout holds JSON only), written at once and whatever LOG_LEVEL says:
// supervisors, scripts and tests wait for it.
const announce = (port) => {
  logger.flush();
  const line = { level: 30, time: new Date().toISOString(), url: `http://${settings.HOST}:${port}/`, siteUrl: settings.SITE_URL, serving: `${relative(root, chosen.dir)}/`, msg: listeningLine(port, chosen.dir) };
  process.stdout.write(`${JSON.stringify(line)}\n`);
};
if (skipBuild || !settings.REBUILD_ON_CHANGE) {
  const { serveBuild } = await import('./lib/serve.mjs');
  await serveBuild({ buildDir: chosen.dir, settings, logger, onListening: (port) => announce(port) });
} else {
  const { publishOnChange } = await import('./lib/publish-on-change.mjs');
  publishOnChange({
    root,
    builds,
    logger,
    sourceParts,
    sourcesMtimeNow,
    first: { id: chosen.id, sourcesMtime: chosen.sourcesMtime, failure: stale?.failure },
    buildCurrentSources,
    lockBuilds: () => lockBuilds(builds),
    stopBuilding: () => building?.kill('SIGTERM'),
    onFirstListening: (port) => announce(port),
  });
}
