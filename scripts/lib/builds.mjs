// The builds `npm start` serves (scripts/start.mjs): each in a directory of its own, dist-builds/<id>/,
// written once by `astro build --outDir` and never changed, so a server reads only the files of the build
// it started with (Astro bakes that directory's absolute path into the bundle: a build cannot be moved).
// - A build is complete once its marker (start-build.json: SITE_URL, the other settings its prerendered
//   pages show, and the sources' newest mtime) exists; a start reuses the newest complete build for its
//   SITE_URL and those settings that is not older than the sources.
// - Each server records itself as <id>/servers/<pid> until it exits.
// - Choosing, building, recording and cleaning up happen under one lock (dist-builds/.lock, holding the
//   owner's PID), so two starts never build at once and a build is never removed between being chosen
//   and being recorded; a lock whose owner is gone (a start killed mid-build) is taken over.
// - Cleaning up removes every build no live process is recorded in, except the one being started.
// - A build that fails leaves no directory, only a record (.failed-<key>.json: the sources' mtime and
//   what the build said), so a start from the same sources serves the last good build at once instead
//   of failing the same way for a minute; a change to the sources (the fix) makes the next start try again.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const markerFile = 'start-build.json';
const lockFile = '.lock';

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/**
 * Takes the lock of `dir`, waiting for its holder; resolves with the function that releases it.
 * @param {string} dir
 * @param {(holder: number) => void} [onWait] called once when the lock is held by another process
 * @returns {Promise<() => void>}
 */
export async function lockBuilds(dir, onWait = () => {}) {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, lockFile);
  let waited = false;
  for (;;) {
    try {
      writeFileSync(path, String(process.pid), { flag: 'wx' });
      return () => rmSync(path, { force: true });
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
    }
    let holder;
    try {
      holder = Number(readFileSync(path, 'utf8'));
    } catch {
      continue; // released meanwhile
    }
    // An empty file is a holder between creating and writing it: wait like for any other.
    if (holder > 0 && !alive(holder)) {
      rmSync(path, { force: true });
      continue;
    }
    if (!waited) onWait(holder);
    waited = true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

function marker(dir, id) {
  try {
    return JSON.parse(readFileSync(join(dir, id, markerFile), 'utf8'));
  } catch {
    return undefined;
  }
}

function buildIds(dir) {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
    .map((entry) => entry.name);
}

/** A fresh id: sortable by time, unique per process. */
export function newBuildId(now = new Date()) {
  return `${now.toISOString().replace(/[-:]|\.\d+Z$/g, '')}-${process.pid}`;
}

/**
 * The newest complete build for `siteUrl` made from sources no older than `sourcesMtime`, with the same
 * `pageSettings` (the other settings prerendered pages show, as one string).
 */
export function findBuild(dir, siteUrl, sourcesMtime, pageSettings = '') {
  const fitting = buildIds(dir)
    .map((id) => ({ id, info: marker(dir, id) }))
    .filter(({ info }) => info && info.siteUrl === siteUrl && (info.pageSettings ?? '') === pageSettings && info.sourcesMtime >= sourcesMtime);
  fitting.sort((a, b) => b.info.builtAt - a.info.builtAt);
  return fitting[0]?.id;
}

/** The newest complete build for `siteUrl` and `pageSettings` from any sources: what a failed build falls back to. */
export function lastGoodBuild(dir, siteUrl, pageSettings = '') {
  return findBuild(dir, siteUrl, -Infinity, pageSettings);
}

/** What the marker of a complete build says: `{ siteUrl, pageSettings, sourcesMtime, builtAt }`. */
export function buildInfo(dir, id) {
  return marker(dir, id);
}

/** The file of the failure record for one SITE_URL and page settings (a dot file: never taken for a build). */
export function failureFile(siteUrl, pageSettings = '') {
  return `.failed-${createHash('sha256').update(JSON.stringify([siteUrl, pageSettings])).digest('hex').slice(0, 16)}.json`;
}

/** Records that building these sources failed, and why (`reason`: what the build said). */
export function recordFailure(dir, { siteUrl, sourcesMtime, pageSettings = '', reason }) {
  const path = join(dir, failureFile(siteUrl, pageSettings));
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify({ siteUrl, pageSettings, sourcesMtime, failedAt: Date.now(), reason }));
  renameSync(temporary, path);
}

/** The failure recorded for exactly these sources (same newest mtime), SITE_URL and page settings, if any. */
export function recordedFailure(dir, siteUrl, sourcesMtime, pageSettings = '') {
  try {
    const record = JSON.parse(readFileSync(join(dir, failureFile(siteUrl, pageSettings)), 'utf8'));
    return record.sourcesMtime === sourcesMtime && record.siteUrl === siteUrl && record.pageSettings === pageSettings ? record : undefined;
  } catch {
    return undefined;
  }
}

/** Forgets the failure of a SITE_URL and page settings (their build has just succeeded). */
export function clearFailure(dir, siteUrl, pageSettings = '') {
  rmSync(join(dir, failureFile(siteUrl, pageSettings)), { force: true });
}

/** Marks a finished build as complete (only then can a start choose it). */
export function markComplete(dir, id, { siteUrl, sourcesMtime, pageSettings = '' }) {
  writeFileSync(join(dir, id, markerFile), JSON.stringify({ siteUrl, pageSettings, sourcesMtime, builtAt: Date.now() }));
}

/** Records this process as serving build `id`, until it exits. */
export function recordServer(dir, id, pid = process.pid) {
  const servers = join(dir, id, 'servers');
  mkdirSync(servers, { recursive: true });
  const path = join(servers, String(pid));
  writeFileSync(path, '');
  process.once('exit', () => {
    try {
      unlinkSync(path);
    } catch {
      // removed already
    }
  });
}

/** Forgets this process as a server of build `id` (it serves another build now). */
export function forgetServer(dir, id, pid = process.pid) {
  rmSync(join(dir, id, 'servers', String(pid)), { force: true });
}

/** The PIDs recorded in build `id` whose process still runs. */
export function liveServers(dir, id) {
  let pids;
  try {
    pids = readdirSync(join(dir, id, 'servers')).map(Number);
  } catch {
    return [];
  }
  // Our own PID in another build is a record left by a process that died (a container's server gets
  // the same PID on every start), not a server of that build.
  return pids.filter((pid) => pid > 0 && pid !== process.pid && alive(pid));
}

/** Removes every build but `keep` that no live process serves (incomplete ones too: the lock is held). */
export function removeUnused(dir, keep) {
  const removed = [];
  for (const id of buildIds(dir)) {
    if (id === keep || liveServers(dir, id).length > 0) continue;
    rmSync(join(dir, id), { recursive: true, force: true });
    removed.push(id);
  }
  return removed;
}

/**
 * Why a build failed, from its output: from Astro's first `[ERROR]` line to the end (the content check
 * lists every problem there, one a line), else the output's last lines; colours and blank lines dropped.
 * @param {string} output
 */
export function failureReason(output, lastLines = 30) {
  const lines = stripVTControlCharacters(output).split('\n').map((line) => line.trimEnd()).filter((line) => line.trim() && !/^\s*Stack trace:$/.test(line));
  const first = lines.findIndex((line) => /\[ERROR\]/.test(line));
  return (first >= 0 ? lines.slice(first, first + 400) : lines.slice(-lastLines)).join('\n');
}
