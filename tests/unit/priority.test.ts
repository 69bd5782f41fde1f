/**
 * The audit's CPU priority (scripts/lib/priority.mjs) on real processes: a child in a session of its
 * own, as Chromium is started, gets nice -19 and its session's share raised, the session is put back,
 * and an unprivileged user is told what was refused instead of the audit failing.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { getPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { raiseNice, raiseSession, restoreSession, sessionNice } from '../../scripts/lib/priority.mjs';

const linuxRoot = process.platform === 'linux' && process.getuid?.() === 0 && existsSync('/proc/self/autogroup');
const autogroup = (pid: number) => readFileSync(`/proc/${pid}/autogroup`, 'utf8').trim();

let child: ChildProcess | undefined;
afterEach(() => {
  child?.kill();
  child = undefined;
});

describe.skipIf(!linuxRoot)('CPU priority of a process in a session of its own', () => {
  it('raises its nice value and its session share, and puts the session back', () => {
    child = spawn('sleep', ['30'], { detached: true, stdio: 'ignore' });
    const pid = child.pid!;
    const before = sessionNice(pid);
    expect(before).toBe('0');
    expect([...raiseNice(pid), ...raiseSession(pid)]).toEqual([]);
    expect(getPriority(pid)).toBe(-19);
    expect(autogroup(pid)).toMatch(/ nice -19$/);
    // The audit's own session outlives it: its share goes back to what it was.
    restoreSession(pid, before);
    expect(autogroup(pid)).toMatch(/ nice 0$/);
  });

  it('tells an unprivileged user what was refused', () => {
    // A copy the unprivileged user can read, wherever the checkout lies (a 0700 temporary clone).
    const folder = mkdtempSync(join(tmpdir(), 'priority-'));
    const module = join(folder, 'priority.mjs');
    copyFileSync(fileURLToPath(new URL('../../scripts/lib/priority.mjs', import.meta.url)), module);
    chmodSync(folder, 0o755);
    const script = `const { raiseNice, raiseSession } = await import(${JSON.stringify(module)}); console.log(JSON.stringify([...raiseNice(process.pid), ...raiseSession(process.pid)]));`;
    const run = spawnSync('setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', process.execPath, '--input-type=module', '-e', script], { encoding: 'utf8' });
    rmSync(folder, { recursive: true, force: true });
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual(['nice (EACCES)', 'session share (EPERM)']);
  });
});
