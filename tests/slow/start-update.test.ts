/**
 * Updating a running site (docs/going-live.md, "Updating without downtime"), on a copy of the project
 * behind Caddy with deploy/Caddyfile.systemd: a second `npm start` from the same folder, on the other
 * port, builds the changed sources while the first keeps answering; then the first stops; a visitor
 * going through Caddy never sees a failed request and then sees the change.
 *
 * And a failed build never takes the site down (scripts/start.mjs): after a content mistake (a price
 * changed in only one of the two pricing files) the next start says every problem the build found,
 * serves the last good build and says it is older; a start from the same broken sources serves at once
 * without building again; with no build at all the start exits non-zero with the problems.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/ports';
import { copyProject } from '../support/project-copy';
import { priceMark, startVisitor } from '../support/visitor';

const root = fileURLToPath(new URL('../..', import.meta.url));
const copy = copyProject('start-update', ['astro.config.mjs', 'package.json', 'tsconfig.json', 'keystatic.config.ts', 'src', 'public', 'content', 'scripts']);
const dataDir = join(copy, '.data');
const started: Start[] = [];
let caddy: ChildProcess | undefined;
let caddyUrl = '';
/** The end of Caddy's log, shown when it does not answer. */
let caddyLog = '';
/** The two ports of deploy/Caddyfile.systemd (4321 and 4322 there), free ones here. */
let ports: [number, number];

interface Start {
  port: number;
  pid: number;
  output: () => string;
  exited: Promise<number | null>;
  listening: Promise<void>;
}

/** `npm start` in the copy (its own process group: a kill reaches a build it runs). */
function start(port: number): Start {
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: copy,
    detached: true,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production', ENV_FILE: '/dev/null', NO_COLOR: '1', HOST: '127.0.0.1', PORT: String(port), REBUILD_ON_CHANGE: 'false', SITE_URL: 'http://localhost:4321', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const listening = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', () => output.includes('Listening on') && resolve());
    exited.then(() => reject(new Error(`exited before listening:\n${output}`)));
  });
  listening.catch(() => undefined);
  const each = { port, pid: child.pid!, output: () => output, exited, listening };
  started.push(each);
  return each;
}

function stop(each: Start): Promise<number | null> {
  try {
    process.kill(each.pid, 'SIGTERM');
  } catch {
    // gone already
  }
  return each.exited;
}

/** Edits a content file of the copy. */
function edit(file: string, from: string, to: string) {
  const path = join(copy, 'content', file);
  const text = readFileSync(path, 'utf8');
  expect(text).toContain(from);
  writeFileSync(path, text.replace(from, to));
}

beforeAll(async () => {
  ports = [await freePort(), await freePort()];
  if (spawnSync('caddy', ['version']).status !== 0) throw new Error('caddy is not installed (Debian: apt-get install caddy; .ci/run installs it)');
  const folder = join(copy, '.caddy');
  mkdirSync(folder);
  const caddyPort = await freePort();
  caddyUrl = `http://127.0.0.1:${caddyPort}`;
  // The deploy file as it is, on this test's ports, without Caddy's admin endpoint (one per machine).
  const caddyfile = readFileSync(join(root, 'deploy/Caddyfile.systemd'), 'utf8').replaceAll('127.0.0.1:4321', `127.0.0.1:${ports[0]}`).replaceAll('127.0.0.1:4322', `127.0.0.1:${ports[1]}`);
  writeFileSync(join(folder, 'Caddyfile'), `{\n\tadmin off\n}\n${caddyfile}`);
  caddy = spawn('caddy', ['run', '--config', join(folder, 'Caddyfile'), '--adapter', 'caddyfile'], {
    env: { PATH: process.env.PATH, HOME: folder, XDG_DATA_HOME: folder, XDG_CONFIG_HOME: folder, SITE_DOMAIN: caddyUrl },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  caddy.stderr!.on('data', (chunk) => (caddyLog = `${caddyLog}${chunk}`.slice(-4_000)));
  caddy.once('exit', (code) => (caddyLog += `\ncaddy exited with ${code}`));
});

afterAll(async () => {
  caddy?.kill('SIGKILL');
  for (const each of started) {
    try {
      process.kill(-each.pid, 'SIGKILL');
    } catch {
      // exited
    }
  }
  rmSync(copy, { recursive: true, force: true });
});

const problem = /ERROR +pricing\/en\/pricing\.md: website-start\.priceNet: "website-start": priceNet is 4900, and 5100 in pricing\/pl\/cennik\.md/;

describe('updating a running site', () => {
  let first: Start;
  let second: Start;
  let fallback: Start;
  let goodBuild: string;

  it('builds the site once and serves it, behind Caddy', async () => {
    first = start(ports[0]);
    await first.listening;
    expect(first.output()).toContain('Building the site');
    await expect.poll(async () => (await fetch(`${caddyUrl}/pricing.md`).catch(() => undefined))?.status, { timeout: 10_000, message: caddyLog }).toBe(200);
  }, 300_000);

  it('starts a second instance on the new sources beside the first, then stops the first: no request fails', async () => {
    edit('pricing/pl/cennik.md', 'Strona wizytówka do 5 podstron', 'Strona-wizytówka do 5 podstron');
    const through = startVisitor(`${caddyUrl}/pricing.md`, priceMark);
    const direct = startVisitor(`http://127.0.0.1:${first.port}/pricing.md`, priceMark);
    const begun = Date.now();
    second = start(ports[1]);
    await second.listening;
    const builtIn = (Date.now() - begun) / 1000;
    const firstMeanwhile = await direct.finish();
    goodBuild = /into dist-builds\/([^/\s]+)\//.exec(second.output())![1]!;
    // Caddy checks health every 2 s: the second is in its list before the first stops.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(await stop(first)).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const { answers, failures, marks } = await through.finish();
    console.log(`[update] the second built and listened in ${builtIn.toFixed(1)} s; the first answered ${firstMeanwhile.answers} requests meanwhile (failures ${JSON.stringify(firstMeanwhile.failures)}); through Caddy ${answers} answers, failures ${JSON.stringify(failures)}, pages seen ${marks.join(' → ')}`);
    expect(firstMeanwhile.failures).toEqual([]);
    expect(failures).toEqual([]);
    expect(marks).toEqual(['original', 'changed']);
  }, 300_000);

  it('serves the last good build when the content is broken, listing the problems, while the other keeps answering', async () => {
    edit('pricing/pl/cennik.md', 'priceNet: 4900', 'priceNet: 5100');
    const through = startVisitor(`${caddyUrl}/pricing.md`, priceMark);
    const begun = Date.now();
    fallback = start(ports[0]);
    await fallback.listening;
    const seconds = (Date.now() - begun) / 1000;
    const output = fallback.output();
    expect(output).toContain('Building the site');
    expect(output).toMatch(/The build failed \(exit 1\):\n.*\[ERROR\] \[content-check\]/);
    expect(output).toMatch(problem);
    expect(output).toContain(`Warning: serving the last good build, dist-builds/${goodBuild}/ (built `);
    expect(output).toContain(`serving dist-builds/${goodBuild}/ (the last good build: the current sources failed to build)`);
    // The log line (written asynchronously) names the build served, for whoever reads the logs only.
    await expect.poll(() => fallback.output()).toContain(`"build":"${goodBuild}"`);
    expect(fallback.output()).toMatch(/"sourcesNewer":true.*"msg":"serving the last good build: the build of the current sources failed"/);
    expect(await (await fetch(`http://127.0.0.1:${fallback.port}/pricing.md`)).text()).toContain('Strona-wizytówka do 5 podstron');
    // The failed build left no directory: only the good builds (and the failure record, a dot file).
    expect(readdirSync(join(copy, 'dist-builds')).filter((name) => !name.startsWith('.'))).toContain(goodBuild);
    expect(readdirSync(join(copy, 'dist-builds')).filter((name) => !name.startsWith('.'))).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(await stop(second)).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const { answers, failures, marks } = await through.finish();
    console.log(`[failed build] listening on the last good build after ${seconds.toFixed(1)} s; through Caddy ${answers} answers, failures ${JSON.stringify(failures)}, pages seen ${marks.join(' → ')}`);
    expect(failures).toEqual([]);
    expect(marks).toEqual(['changed']);
  }, 180_000);

  it('does not build the same broken sources again: the next start serves at once and says why', async () => {
    const again = start(await freePort());
    const begun = Date.now();
    await again.listening;
    console.log(`[failed build] a start from the same sources listened in ${((Date.now() - begun) / 1000).toFixed(1)} s`);
    expect(again.output()).not.toContain('Building the site');
    expect(again.output()).toMatch(/The build from the current sources failed at .*; it is tried again when a source changes/);
    expect(again.output()).toMatch(problem);
    expect(again.output()).toContain(`serving dist-builds/${goodBuild}/ (the last good build`);
    expect((await fetch(`http://127.0.0.1:${again.port}/en/`)).status).toBe(200);
    expect(await stop(again)).toBe(0);
    expect(await stop(fallback)).toBe(0);
  }, 60_000);

  it('exits non-zero, with the problems, when there is no build to fall back to', async () => {
    rmSync(join(copy, 'dist-builds'), { recursive: true, force: true });
    const none = start(await freePort());
    expect(await none.exited).toBe(1);
    expect(none.output()).toMatch(problem);
    expect(none.output()).toContain('No earlier build for SITE_URL http://localhost:4321 to serve instead');
    expect(none.output()).not.toContain('Listening on');
  }, 120_000);
});
