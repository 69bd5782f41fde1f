/**
 * The per-build directories of `npm start` (scripts/lib/builds.mjs), on fake builds in a temp folder:
 * which build a start reuses, which builds a start removes (never one a live server is recorded in),
 * the lock that lets one start build at a time, taken over when its holder died, and what a failed build
 * leaves: the last good build to serve, and a record that keeps the same sources from being built again.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  clearFailure,
  failureReason,
  findBuild,
  lastGoodBuild,
  liveServers,
  lockBuilds,
  markComplete,
  recordedFailure,
  recordFailure,
  removeUnused,
} from '../../scripts/lib/builds.mjs';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'builds-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A PID no process has any more: a child that has exited. */
const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid!;

function fakeBuild(id: string, info?: { siteUrl: string; sourcesMtime: number; pageSettings?: string }, servers: number[] = []) {
  mkdirSync(join(dir, id, 'server'), { recursive: true });
  if (info) markComplete(dir, id, info);
  if (servers.length > 0) mkdirSync(join(dir, id, 'servers'));
  for (const pid of servers) writeFileSync(join(dir, id, 'servers', String(pid)), '');
}

describe('findBuild', () => {
  it('reuses the newest complete build for the SITE_URL that is not older than the sources', async () => {
    fakeBuild('a', { siteUrl: 'http://one.example', sourcesMtime: 100 });
    await new Promise((resolve) => setTimeout(resolve, 5));
    fakeBuild('b', { siteUrl: 'http://one.example', sourcesMtime: 100 });
    fakeBuild('c', { siteUrl: 'http://two.example', sourcesMtime: 200 });
    fakeBuild('incomplete');
    expect(findBuild(dir, 'http://one.example', 100)).toBe('b');
    expect(findBuild(dir, 'http://one.example', 101)).toBeUndefined();
    expect(findBuild(dir, 'http://two.example', 150)).toBe('c');
    expect(findBuild(dir, 'http://three.example', 0)).toBeUndefined();
  });

  it('builds again when a setting the prerendered pages show (where consultations take place) has changed', () => {
    const phone = JSON.stringify({ CONSULTATION_LOCATION: { kind: 'phone' } });
    const office = JSON.stringify({ CONSULTATION_LOCATION: { kind: 'address', address: 'ul. Przykładowa 1, 00-001 Warszawa' } });
    fakeBuild('p', { siteUrl: 'http://one.example', sourcesMtime: 100, pageSettings: phone });
    expect(findBuild(dir, 'http://one.example', 100, phone)).toBe('p');
    expect(findBuild(dir, 'http://one.example', 100, office)).toBeUndefined();
  });
});

describe('a failed build', () => {
  it('falls back to the newest complete build for the SITE_URL and page settings, from any sources', async () => {
    fakeBuild('old', { siteUrl: 'http://one.example', sourcesMtime: 100 });
    await new Promise((resolve) => setTimeout(resolve, 5));
    fakeBuild('newer', { siteUrl: 'http://one.example', sourcesMtime: 150 });
    fakeBuild('other-site', { siteUrl: 'http://two.example', sourcesMtime: 300 });
    fakeBuild('other-place', { siteUrl: 'http://one.example', sourcesMtime: 300, pageSettings: '{"CONSULTATION_LOCATION":{"kind":"phone"}}' });
    fakeBuild('half-built');
    expect(findBuild(dir, 'http://one.example', 200)).toBeUndefined();
    expect(lastGoodBuild(dir, 'http://one.example')).toBe('newer');
    expect(lastGoodBuild(dir, 'http://three.example')).toBeUndefined();
  });

  it('is recorded for exactly its sources, SITE_URL and page settings, and forgotten after a good build', () => {
    recordFailure(dir, { siteUrl: 'http://one.example', sourcesMtime: 200, reason: 'content: 1 error' });
    expect(recordedFailure(dir, 'http://one.example', 200)).toMatchObject({ reason: 'content: 1 error', sourcesMtime: 200 });
    expect(recordedFailure(dir, 'http://one.example', 201)).toBeUndefined();
    expect(recordedFailure(dir, 'http://two.example', 200)).toBeUndefined();
    expect(recordedFailure(dir, 'http://one.example', 200, '{"CONSULTATION_LOCATION":{"kind":"phone"}}')).toBeUndefined();
    // The record is a dot file: never taken for a build, never removed as one.
    expect(findBuild(dir, 'http://one.example', 0)).toBeUndefined();
    expect(removeUnused(dir, 'none')).toEqual([]);
    expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    clearFailure(dir, 'http://one.example');
    expect(recordedFailure(dir, 'http://one.example', 200)).toBeUndefined();
  });

  it('is explained by what Astro said from its first error on, without colours or the empty stack trace', () => {
    const output = [
      '03:56:16 [WARN] [csp] a warning before',
      '03:56:16 [@astrojs/node] Enabling sessions',
      '\u001b[31m03:56:23 [ERROR] [content-check] An unhandled error occurred while running the "astro:config:setup" hook\u001b[39m',
      'content: 2 errors in content/ — fix them and run again (npm run content shows the whole report):',
      'ERROR    pricing/en/pricing.md: website-start.priceNet: "website-start": priceNet is 4900, and 5100 in pricing/pl/cennik.md',
      'ERROR    articles/pl/a.md:3: publised: not a field',
      '  Stack trace:',
      '',
    ].join('\n');
    expect(failureReason(output).split('\n')).toEqual([
      '03:56:23 [ERROR] [content-check] An unhandled error occurred while running the "astro:config:setup" hook',
      'content: 2 errors in content/ — fix them and run again (npm run content shows the whole report):',
      'ERROR    pricing/en/pricing.md: website-start.priceNet: "website-start": priceNet is 4900, and 5100 in pricing/pl/cennik.md',
      'ERROR    articles/pl/a.md:3: publised: not a field',
    ]);
    expect(failureReason('one\ntwo\nthree\n', 2)).toBe('two\nthree');
  });
});

describe('removeUnused', () => {
  it('removes only builds no live process serves, never the one being started', () => {
    const dead = deadPid();
    fakeBuild('served', { siteUrl: 'http://one.example', sourcesMtime: 1 }, [process.ppid, dead]);
    fakeBuild('abandoned', { siteUrl: 'http://one.example', sourcesMtime: 1 }, [dead]);
    fakeBuild('unused', { siteUrl: 'http://two.example', sourcesMtime: 1 });
    fakeBuild('half-built');
    // A record with this process's own PID is left by an earlier process (same PID in a container).
    fakeBuild('own-pid-record', { siteUrl: 'http://two.example', sourcesMtime: 1 }, [process.pid]);
    fakeBuild('current', { siteUrl: 'http://three.example', sourcesMtime: 1 });
    expect(liveServers(dir, 'served')).toEqual([process.ppid]);
    expect(removeUnused(dir, 'current').sort()).toEqual(['abandoned', 'half-built', 'own-pid-record', 'unused']);
    expect(readdirSync(dir).sort()).toEqual(['current', 'served']);
  });
});

describe('lockBuilds', () => {
  it('lets one start at a time hold the lock, and takes over the lock of a start that died', async () => {
    const release = await lockBuilds(dir);
    let waitedFor: number | undefined;
    let second = false;
    const secondLock = lockBuilds(dir, (holder: number) => (waitedFor = holder)).then((releaseSecond: () => void) => {
      second = true;
      return releaseSecond;
    });
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(second).toBe(false);
    expect(waitedFor).toBe(process.pid);
    release();
    (await secondLock)();
    expect(second).toBe(true);

    writeFileSync(join(dir, '.lock'), String(deadPid()));
    const takenOver = await Promise.race([lockBuilds(dir), new Promise((resolve) => setTimeout(() => resolve('still waiting'), 2_000))]);
    expect(typeof takenOver).toBe('function');
    (takenOver as () => void)();
    expect(existsSync(join(dir, '.lock'))).toBe(false);
  });
});
