/**
 * Starting and stopping `npm start` (scripts/start.mjs): a busy port is one readable line naming the
 * setting; with PORT set and no SITE_URL the on-demand URLs follow the port; a SIGTERM to npm reaches
 * the process that listens, which stops; nothing prints a telemetry notice.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { freePort } from '../support/ports';
import { startServer } from '../support/server';

const root = fileURLToPath(new URL('../..', import.meta.url));

function run(command: string, args: string[], env: Record<string, string>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'start-test-'));
  const child = spawn(command, args, {
    cwd: root,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, SKIP_BUILD: '1', HOST: '127.0.0.1', DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
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
