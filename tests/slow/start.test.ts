/**
 * Starting and stopping `npm start` (scripts/start.mjs): a busy port is one readable line naming the
 * setting; with PORT set and no SITE_URL the on-demand URLs follow the port; a SIGTERM to npm reaches
 * the process that listens, which stops; nothing prints a telemetry notice; settings come from `.env`
 * (here ENV_FILE) with the environment winning; and two more instances from this folder, started
 * together for another SITE_URL, build once beside the first without changing a byte the first serves.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/ports';
import { startServer } from '../support/server';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Every process a test started, stopped after the file even when its test failed midway. */
const started = new Set<ChildProcess>();
afterAll(() => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

function run(command: string, args: string[], env: Record<string, string>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'start-test-'));
  const child = spawn(command, args, {
    cwd: root,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, SKIP_BUILD: '1', ENV_FILE: '/dev/null', HOST: '127.0.0.1', DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.add(child);
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  exited.then(() => rmSync(dataDir, { recursive: true, force: true }));
  const listening = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', () => output.includes('Listening on') && resolve());
    exited.then(() => reject(new Error(`exited before listening:\n${output}`)));
  });
  listening.catch(() => undefined); // awaited only by the tests that expect a start
  return { child, exited, listening, output: () => output };
}

function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

describe('npm start', () => {
  it('names the PORT setting in one line when the port is taken, without a stack trace', async () => {
    const blocker = createServer();
    const port = await freePort();
    await new Promise<void>((resolve) => blocker.listen(port, '127.0.0.1', resolve));
    try {
      const started = run(process.execPath, ['scripts/start.mjs'], { PORT: String(port), SITE_URL: 'http://localhost:4321' });
      expect(await started.exited).toBe(1);
      const lines = started.output().trim().split('\n');
      expect(lines).toEqual([`Port ${port} on 127.0.0.1 is already in use: stop what listens there or set PORT to a free port.`]);
    } finally {
      blocker.close();
    }
  }, 30_000);

  it('with PORT set and no SITE_URL, on-demand URLs follow the port', async () => {
    const server = await startServer({ SITE_URL: '' });
    try {
      const discovery = (await (await fetch(`${server.url}/mcp`)).json()) as { endpoints: string[] };
      expect(discovery.endpoints[0]).toBe(`http://localhost:${server.port}/mcp`);
      expect(server.output()).toContain(`(SITE_URL http://localhost:${server.port})`);
      expect(server.output()).not.toMatch(/telemetry/i);
    } finally {
      await server.stop();
    }
  }, 30_000);

  it('stops the listening server when npm itself gets SIGTERM', async () => {
    const port = await freePort();
    const started = run('npm', ['start', '--silent'], { PORT: String(port), SITE_URL: 'http://localhost:4321' });
    await started.listening;
    expect(await portAnswers(port)).toBe(true);
    started.child.kill('SIGTERM');
    await started.exited;
    // The node process that listened got the signal too: the port is free within a few seconds.
    const until = Date.now() + 10_000;
    while ((await portAnswers(port)) && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await portAnswers(port)).toBe(false);
    expect(started.output()).toContain('"msg":"stopped"');
    expect(started.output()).not.toMatch(/telemetry/i);
  }, 60_000);
});

describe('the link-signing secret in DATA_DIR', () => {
  it('refuses to start on an empty secret file (left by a write that failed), naming the file and the setting', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'empty-secret-'));
    const file = join(dataDir, 'link-signing-secret');
    writeFileSync(file, '');
    try {
      const started = run(process.execPath, ['scripts/start.mjs'], { PORT: String(await freePort()), DATA_DIR: dataDir });
      expect(await started.exited).toBe(1);
      expect(started.output().trim()).toBe(
        `The secret file ${file} is empty: a key that short lets anyone sign. Restore it from a backup, or remove it to have a new one made (what it signed stops verifying), or set LINK_SIGNING_SECRET (32+ characters, e.g. openssl rand -base64 48).`,
      );
      expect(readFileSync(file, 'utf8')).toBe('');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 30_000);

  it('is made whole before the server listens, readable by its owner only', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'new-secret-')), 'data');
    try {
      const started = run(process.execPath, ['scripts/start.mjs'], { PORT: String(await freePort()), DATA_DIR: dataDir });
      await started.listening;
      expect(readFileSync(join(dataDir, 'link-signing-secret'), 'utf8')).toMatch(/^[\w-]{64}\n$/);
      expect(statSync(join(dataDir, 'link-signing-secret')).mode & 0o777).toBe(0o600);
      expect(statSync(dataDir).mode & 0o777).toBe(0o700);
      started.child.kill('SIGTERM');
      expect(await started.exited).toBe(0);
    } finally {
      rmSync(join(dataDir, '..'), { recursive: true, force: true });
    }
  }, 30_000);
});

describe('settings from .env', () => {
  it('takes PORT and SITE_URL from the file, and the environment wins over it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'env-file-'));
    const filePort = await freePort();
    const envPort = await freePort();
    const file = join(dir, '.env');
    writeFileSync(file, `# the site's settings\nPORT=${filePort}\nSITE_URL="http://from-env-file.example"\nLOG_LEVEL=warn\n`);
    try {
      const fromFile = run(process.execPath, ['scripts/start.mjs'], { ENV_FILE: file });
      await fromFile.listening;
      expect(fromFile.output()).toContain(`Listening on http://127.0.0.1:${filePort}/ (SITE_URL http://from-env-file.example)`);
      const discovery = (await (await fetch(`http://127.0.0.1:${filePort}/mcp`)).json()) as { endpoints: string[] };
      expect(discovery.endpoints[0]).toBe('http://from-env-file.example/mcp');
      fromFile.child.kill('SIGTERM');
      expect(await fromFile.exited).toBe(0);

      const overridden = run(process.execPath, ['scripts/start.mjs'], { ENV_FILE: file, PORT: String(envPort), SITE_URL: 'http://from-environment.example' });
      await overridden.listening;
      expect(overridden.output()).toContain(`Listening on http://127.0.0.1:${envPort}/ (SITE_URL http://from-environment.example)`);
      expect(await portAnswers(filePort)).toBe(false);
      overridden.child.kill('SIGTERM');
      expect(await overridden.exited).toBe(0);

      const missing = run(process.execPath, ['scripts/start.mjs'], { ENV_FILE: join(dir, 'absent.env') });
      expect(await missing.exited).toBe(1);
      expect(missing.output().trim()).toBe(`Cannot read the settings file ${join(dir, 'absent.env')} (ENV_FILE): ENOENT.`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});

describe('more instances from the same folder', () => {
  /** What the first instance serves, with absolute URLs in prerendered and on-demand answers. */
  const pages = ['/', '/en/', '/cennik/', '/llms.txt', '/api', '/ask?query=x'];
  /**
   * Asked of the first only once the second has built: the server keeps small static answers in memory
   * after their first request and loads a route's code on its first request, so these read the build's
   * files then (the polled pages would not show another build's files written under them).
   */
  const firstAskedLate = ['/kontakt/', '/en/contact/', '/en/pricing/', '/llms-full.txt', '/o-nas.md', '/status/', '/mcp', '/openapi.json'];

  it('build once for their own SITE_URL while the first keeps answering every page with its own URLs', async () => {
    const first = await startServer();
    const secondPort = await freePort();
    const secondSite = `http://localhost:${secondPort}`;
    const entry = join(root, 'dist/server/entry.mjs');
    const entryMtime = statSync(entry).mtimeMs;
    let buildDir: string | undefined;
    const problems: string[] = [];
    let rounds = 0;
    let answers = 0;
    const ownUrls: Record<string, number> = {};
    const starts: ReturnType<typeof run>[] = [];

    /** One round over every page of the first instance: no 5xx, never the second's URL, its own where it had them. */
    const check = async () => {
      rounds++;
      for (const path of pages) {
        const response = await fetch(`${first.url}${path}`);
        const body = await response.text();
        answers++;
        const own = body.split('http://localhost:4321').length - 1;
        if (rounds === 1) ownUrls[path] = own;
        if (response.status >= 500) problems.push(`${path}: ${response.status}`);
        if (body.includes(`localhost:${secondPort}`)) problems.push(`${path}: the second instance's URL`);
        if (own < ownUrls[path]!) problems.push(`${path}: ${own} of its own URLs, ${ownUrls[path]} before`);
      }
    };

    try {
      await check();
      expect(Object.values(ownUrls).reduce((sum, count) => sum + count, 0)).toBeGreaterThan(20);
      // Two starts at once for the same new SITE_URL (on two ports): one builds, the other waits for it
      // and serves the same build.
      const thirdPort = await freePort();
      const settings = { SKIP_BUILD: '', NODE_ENV: 'production', SITE_URL: secondSite };
      const second = run(process.execPath, ['scripts/start.mjs'], { ...settings, PORT: String(secondPort) });
      const third = run(process.execPath, ['scripts/start.mjs'], { ...settings, PORT: String(thirdPort) });
      starts.push(second, third);
      const started = Date.now();
      let listening = false;
      Promise.all([second.listening, third.listening]).then(() => (listening = true), () => (listening = true));
      while (!listening) {
        await check();
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      await Promise.all([second.listening, third.listening]);
      const builders = [second, third].filter((start) => start.output().includes('Building the site'));
      expect(builders).toHaveLength(1);
      expect([second, third].find((start) => start !== builders[0])!.output()).toContain('Waiting for another npm start');
      buildDir = /into (dist-builds\/[^/\s]+)\//.exec(builders[0]!.output())?.[1];
      expect(buildDir).toBeDefined();
      expect(second.output()).toContain(`serving ${buildDir}/`);
      expect(third.output()).toContain(`serving ${buildDir}/`);
      expect(await (await fetch(`http://127.0.0.1:${thirdPort}/llms.txt`)).text()).toContain(`${secondSite}/`);
      const secondPage = await (await fetch(`http://127.0.0.1:${secondPort}/en/`)).text();
      expect(secondPage).toContain(`${secondSite}/`);
      expect(secondPage).not.toContain('localhost:4321');
      for (let round = 0; round < 3; round++) await check();
      for (const path of firstAskedLate) {
        const response = await fetch(`${first.url}${path}`);
        const body = await response.text();
        answers++;
        if (response.status !== 200) problems.push(`${path}: ${response.status}`);
        if (body.includes(`localhost:${secondPort}`)) problems.push(`${path}: the second instance's URL`);
        if (!body.includes('http://localhost:4321')) problems.push(`${path}: none of its own URLs`);
      }
      console.log(`[two more instances] one built, both listening in ${((Date.now() - started) / 1000).toFixed(1)} s; the first answered ${answers} requests (${rounds} rounds, then ${firstAskedLate.length} pages asked first), own URLs per polled page ${JSON.stringify(ownUrls)}; problems: ${JSON.stringify(problems.slice(0, 10))} (${problems.length})`);
      expect(problems).toEqual([]);
      expect(statSync(entry).mtimeMs).toBe(entryMtime);

      // Each records itself in the build while it runs, and removes the record when it stops.
      const servers = join(root, buildDir!, 'servers');
      expect(readdirSync(servers).sort()).toEqual([String(second.child.pid), String(third.child.pid)].sort());
      second.child.kill('SIGTERM');
      third.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
      expect(await third.exited).toBe(0);
      expect(readdirSync(servers)).toEqual([]);
    } finally {
      for (const start of starts) if (start.child.exitCode === null && start.child.signalCode === null) start.child.kill('SIGKILL');
      await first.stop();
      if (buildDir) rmSync(join(root, buildDir), { recursive: true, force: true });
    }
  }, 240_000);
});
