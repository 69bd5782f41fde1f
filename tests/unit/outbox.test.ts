/**
 * The outbox on a real file system: a message appears whole or not at all, for the owner only; old
 * mail goes after the retention the privacy policy states; in production the outbox says that its
 * mail reaches nobody.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MESSAGE_RETENTION_DAYS } from '../../src/server/messages/retention';
import { createOutboxMail, OUTBOX_RETENTION_DAYS, pruneOutbox, writeWhole } from '../../src/server/providers/mail-outbox';
import { parseSettings } from '../../src/server/base/settings';

const root = mkdtempSync(join(tmpdir(), 'outbox-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const message = { to: ['owner@pracownia.pl'], subject: 'Test', text: 'Treść wiadomości.' };
const mode = (path: string) => (statSync(path).mode & 0o777).toString(8);
const DAY_MS = 86_400_000;

describe('the outbox', () => {
  it('writes each message whole, readable by the owner only', async () => {
    const dataDir = join(root, 'whole');
    const outbox = createOutboxMail(parseSettings({ DATA_DIR: dataDir }), {});
    const sent = await outbox.send(message);
    expect(sent.delivered).toBe(true);
    const directory = join(dataDir, 'outbox');
    const files = readdirSync(directory);
    expect(files).toEqual([expect.stringMatching(new RegExp(`${sent.id}\\.eml$`))]);
    expect(readFileSync(join(directory, files[0]!), 'utf8')).toContain('Subject: Test');
    expect(mode(directory)).toBe('700');
    expect(mode(join(directory, files[0]!))).toBe('600');
  });

  it('leaves nothing behind when the write fails (the temporary file is removed)', async () => {
    const directory = join(root, 'failing');
    // The final name is taken by a folder with a file in it: the rename fails after the bytes were written.
    mkdirSync(join(directory, 'taken.eml'), { recursive: true });
    writeFileSync(join(directory, 'taken.eml', 'inside'), '');
    await expect(writeWhole(join(directory, 'taken.eml'), 'From: a\r\n\r\nbody')).rejects.toMatchObject({ code: expect.stringMatching(/^(EISDIR|ENOTEMPTY|EEXIST)$/) });
    expect(readdirSync(directory)).toEqual(['taken.eml']);
  });

  it('leaves no empty or partial file on a full disk (a tiny tmpfs; skipped where mounting is refused)', async (context) => {
    const mountPoint = mkdtempSync(join(tmpdir(), 'outbox-full-'));
    const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', mountPoint], { encoding: 'utf8' });
    if (mounted.error || mounted.status !== 0) {
      rmdirSync(mountPoint);
      console.log(`[outbox] full-disk case skipped: a tmpfs cannot be mounted here (${mounted.error?.message ?? mounted.stderr.trim()})`);
      context.skip();
    }
    try {
      const outbox = createOutboxMail(parseSettings({ DATA_DIR: mountPoint }), {});
      const big = { ...message, text: 'x'.repeat(40_000) };
      const results = [];
      for (let index = 0; index < 5; index++) results.push(await outbox.send(big).then(() => 'sent', (error: NodeJS.ErrnoException) => error.code));
      expect(results).toContain('ENOSPC');
      const files = readdirSync(join(mountPoint, 'outbox'));
      expect(files.every((name) => name.endsWith('.eml'))).toBe(true);
      for (const name of files) expect(statSync(join(mountPoint, 'outbox', name)).size).toBeGreaterThan(40_000);
      expect(files).toHaveLength(results.filter((result) => result === 'sent').length);
    } finally {
      spawnSync('umount', [mountPoint]);
      rmdirSync(mountPoint);
    }
  });

  it('removes mail older than the retention the privacy policy states, and temporary files left by a stopped write', async () => {
    expect(OUTBOX_RETENTION_DAYS).toBe(MESSAGE_RETENTION_DAYS);
    const directory = join(root, 'prune');
    mkdirSync(directory, { recursive: true });
    const now = Date.now();
    const file = (name: string, ageMs: number) => {
      writeFileSync(join(directory, name), 'x');
      const at = new Date(now - ageMs);
      utimesSync(join(directory, name), at, at);
    };
    file('old.eml', (OUTBOX_RETENTION_DAYS + 1) * DAY_MS);
    file('recent.eml', (OUTBOX_RETENTION_DAYS - 1) * DAY_MS);
    file('stale.eml.1.tmp', 2 * 60 * 60_000);
    file('writing.eml.2.tmp', 1_000);
    file('notes.txt', 10 * 365 * DAY_MS);
    expect(await pruneOutbox(directory, now)).toBe(2);
    expect(readdirSync(directory).sort()).toEqual(['notes.txt', 'recent.eml', 'writing.eml.2.tmp']);
  });

  it('in production keeps the mail but says it is not delivered, and /status/ shows it', async () => {
    const dataDir = join(root, 'production');
    const outbox = createOutboxMail(parseSettings({ DATA_DIR: dataDir }), { NODE_ENV: 'production' });
    expect(outbox.delivers).toBe(false);
    expect((await outbox.send(message)).delivered).toBe(false);
    expect(readdirSync(join(dataDir, 'outbox'))).toHaveLength(1);
    expect(await outbox.probe()).toMatchObject({ state: 'not_delivered', detail: expect.stringContaining(join(dataDir, 'outbox')) });
    expect(await createOutboxMail(parseSettings({ DATA_DIR: dataDir }), {}).probe()).toMatchObject({ state: 'ok' });
  });
});
