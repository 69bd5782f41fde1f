/**
 * A failed build never takes the site down (scripts/start.mjs), on a copy of the project: a good start
 * builds once; after a content mistake (a price changed in only one of the two pricing files) the next
 * `npm start` says every problem the build found, serves the last good build and says it is older, while
 * the first instance keeps answering; a start from the same broken sources serves at once without
 * building again; the old instance then stops while the new one answers (the update of
 * docs/going-live.md); and with no build at all the start exits non-zero with the problems.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/ports';
import { copyProject } from '../support/project-copy';

const copy = copyProject('start-failed-build', ['astro.config.mjs', 'package.json', 'tsconfig.json', 'keystatic.config.ts', 'src', 'public', 'content', 'scripts']);
const dataDir = join(copy, '.data');
const started: Start[] = [];

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
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production', ENV_FILE: '/dev/null', NO_COLOR: '1', HOST: '127.0.0.1', PORT: String(port), SITE_URL: 'http://localhost:4321', DATA_DIR: dataDir },
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

/** Asks `path` of a port every 100 ms until stopped; counts what was not a 200. */
function poll(port: number, path = '/cennik/') {
  let running = true;
  const failures: string[] = [];
  let answers = 0;
  const done = (async () => {
    while (running) {
      try {
        const response = await fetch(`http://127.0.0.1:${port}${path}`);
        await response.arrayBuffer();
        if (response.status === 200) answers++;
        else failures.push(String(response.status));
      } catch (error) {
        failures.push((error as Error).message);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  return {
    finish: async () => {
      running = false;
      await done;
      return { answers, failures };
    },
  };
}

afterAll(async () => {
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

describe('npm start after a failed build', () => {
  let good: Start;
  let fallback: Start;
  let goodBuild: string;

  it('builds the site once and serves it', async () => {
    good = start(await freePort());
    await good.listening;
    goodBuild = /into dist-builds\/([^/\s]+)\//.exec(good.output())![1]!;
    expect(good.output()).toContain(`serving dist-builds/${goodBuild}/\n`);
    expect((await fetch(`http://127.0.0.1:${good.port}/cennik/`)).status).toBe(200);
  }, 300_000);

  it('serves the last good build when the content is broken, listing the problems, while the first keeps answering', async () => {
    const pricing = join(copy, 'content/pricing/pl/cennik.md');
    writeFileSync(pricing, readFileSync(pricing, 'utf8').replace('priceNet: 4900', 'priceNet: 5100'));
    const first = poll(good.port);
    const begun = Date.now();
    fallback = start(await freePort());
    await fallback.listening;
    const seconds = (Date.now() - begun) / 1000;
    const { answers, failures } = await first.finish();
    const output = fallback.output();
    console.log(`[failed build] listening on the last good build after ${seconds.toFixed(1)} s; the first instance answered ${answers} requests meanwhile, failures ${JSON.stringify(failures)}`);
    expect(output).toContain('Building the site');
    expect(output).toMatch(/The build failed \(exit 1\):\n.*\[ERROR\] \[content-check\]/);
    expect(output).toMatch(problem);
    expect(output).toContain(`Warning: serving the last good build, dist-builds/${goodBuild}/ (built `);
    expect(output).toContain(`serving dist-builds/${goodBuild}/ (the last good build: the current sources failed to build)`);
    // The log line (written asynchronously) names the build served, for whoever reads the logs only.
    await expect.poll(() => fallback.output()).toContain(`"build":"${goodBuild}"`);
    expect(fallback.output()).toMatch(/"sourcesNewer":true.*"msg":"serving the last good build: the build of the current sources failed"/);
    expect(failures).toEqual([]);
    expect(answers).toBeGreaterThan(0);
    expect((await fetch(`http://127.0.0.1:${fallback.port}/cennik/`)).status).toBe(200);
    // The failed build left no directory: only the good build (and the failure record, a dot file).
    expect(readdirSync(join(copy, 'dist-builds')).filter((name) => !name.startsWith('.'))).toEqual([goodBuild]);
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
  }, 60_000);

  it('hands over without a failed request: the new instance answers while the old one stops', async () => {
    const second = poll(fallback.port);
    expect(await stop(good)).toBe(0);
    const { answers, failures } = await second.finish();
    expect(failures).toEqual([]);
    expect(answers).toBeGreaterThan(0);
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
