/**
 * The built server on a DATA_DIR that is a real, tiny file system (tmpfs): filled to the last byte,
 * then remounted read-only. Writes answer 503 storage_unavailable with Retry-After at the REST and MCP
 * doors, no empty or partial .eml file is left in the outbox, /status/ names the database and the
 * outbox as not writable, and once space is back the same request succeeds. Mounting needs root and a
 * kernel that allows it (CI runs as root on Debian); where it is refused, the test is skipped and says why.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readdirSync, rmdirSync, rmSync, statSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/server';
import { callTool } from '../support/mcp-call';

const mountPoint = mkdtempSync(join(tmpdir(), 'site-full-disk-'));
const mountCommand = (...args: string[]) => spawnSync('mount', args, { encoding: 'utf8' });
const mounted = mountCommand('-t', 'tmpfs', '-o', 'size=8m', 'tmpfs', mountPoint);
const refused = mounted.error?.message ?? (mounted.status === 0 ? undefined : mounted.stderr.trim() || `mount exited with ${mounted.status}`);
if (refused) {
  console.log(`[storage-full] skipped: a tmpfs cannot be mounted here (${refused})`);
  rmdirSync(mountPoint);
}

let server: TestServer;
const filler = join(mountPoint, 'filler');
const settings = { DATA_DIR: mountPoint };

beforeAll(async () => {
  if (refused) return;
  server = await startServer(settings);
});
afterAll(async () => {
  await server?.stop();
  if (!refused) {
    spawnSync('umount', [mountPoint]);
    rmdirSync(mountPoint);
  }
});

const contact = (name: string) =>
  fetch(`${server.url}/api/contact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name, email: 'anna@example.org', message: 'Proszę o kontakt w sprawie strony.' }),
  });

/** Writes zeros until the file system refuses (ENOSPC): the disk is then full to the last block. */
function fillTheDisk(): void {
  const descriptor = openSync(filler, 'w');
  const block = Buffer.alloc(64 * 1024);
  try {
    for (;;) writeSync(descriptor, block);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    closeSync(descriptor);
  }
  // The last partial block too, byte by byte.
  const tail = openSync(filler, 'a');
  try {
    for (;;) writeSync(tail, Buffer.alloc(512));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    closeSync(tail);
  }
}

function outboxFiles(): Array<{ name: string; size: number }> {
  const outbox = join(mountPoint, 'outbox');
  return readdirSync(outbox).map((name) => ({ name, size: statSync(join(outbox, name)).size }));
}

async function expectStorageUnavailable(response: Response): Promise<void> {
  expect(response.status).toBe(503);
  expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
  const body = await response.json();
  expect(body.error).toMatchObject({ code: 'storage_unavailable', retryable: true });
}

describe.skipIf(Boolean(refused))('a full or read-only DATA_DIR', () => {
  it('answers 503 storage_unavailable, leaves no empty or partial mail, and /status/ says the storage cannot write', async () => {
    expect((await contact('Before')).status).toBe(200);
    expect(outboxFiles()).toEqual([{ name: expect.stringMatching(/\.eml$/), size: expect.any(Number) }]);

    fillTheDisk();
    for (let index = 0; index < 5; index++) await expectStorageUnavailable(await contact(`Full ${index}`));
    // Only the whole message from before: no zero-byte .eml, no temporary file.
    const files = outboxFiles();
    expect(files.map((file) => file.name)).toEqual([expect.stringMatching(/\.eml$/)]);
    expect(files[0]!.size).toBeGreaterThan(100);

    const call = await callTool(server.url, 'contact_submit', { name: 'Agent', email: 'agent@example.org', message: 'Proszę o kontakt w sprawie strony.' });
    expect(call.result.isError).toBe(true);
    expect(call.result.content[0]!.text).toMatch(/^The site cannot store anything right now/);

    const report = await (await fetch(`${server.url}/status/?format=json`)).json();
    const byId = Object.fromEntries(report.providers.map((item: { id: string }) => [item.id, item]));
    expect(report.status).toBe('degraded');
    expect(byId.database).toMatchObject({ state: 'not_writable' });
    expect(byId.mail).toMatchObject({ provider: 'outbox', state: 'not_writable' });
    expect(outboxFiles()).toHaveLength(1);

    rmSync(filler);
    expect((await contact('After')).status).toBe(200);
    expect(outboxFiles()).toHaveLength(2);
  });

  it('keeps personal data for the owner only: DATA_DIR and the outbox 0700, the database (with -wal, -shm) and mail 0600', () => {
    const mode = (path: string) => (statSync(path).mode & 0o777).toString(8);
    expect(mode(mountPoint)).toBe('700');
    expect(mode(join(mountPoint, 'outbox'))).toBe('700');
    for (const file of ['site.sqlite', 'site.sqlite-wal', 'site.sqlite-shm']) expect(mode(join(mountPoint, file)), file).toBe('600');
    for (const file of outboxFiles()) expect(mode(join(mountPoint, 'outbox', file.name)), file.name).toBe('600');
  });

  it('answers 503 on a disk mounted read-only (a server started on it), and serves again once it is writable', async () => {
    // A file system with files open for writing cannot be remounted read-only: stop the server first.
    await server.stop();
    expect(mountCommand('-o', 'remount,ro', mountPoint).status).toBe(0);
    try {
      server = await startServer(settings);
      await expectStorageUnavailable(await contact('Read-only'));
      const report = await (await fetch(`${server.url}/status/?format=json`)).json();
      expect(report.providers.find((item: { id: string }) => item.id === 'database')).toMatchObject({ state: 'not_writable' });
    } finally {
      expect(mountCommand('-o', 'remount,rw', mountPoint).status).toBe(0);
    }
    expect(outboxFiles().every((file) => file.size > 100 && file.name.endsWith('.eml'))).toBe(true);
    const again = await contact('Writable again');
    expect(again.status, server.output().split('\n').filter((line) => line.includes('storage_unavailable')).slice(-2).join('\n')).toBe(200);
  });
});
