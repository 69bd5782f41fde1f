/**
 * `backup` and `restore` against a DATA_DIR the built server wrote through its HTTP API: a backup
 * taken while that server serves and writes, restored into an empty directory, then served again. An
 * unsubscribe link mailed before the backup must still work on the restored server (the generated
 * link-signing secret came along) and must not work on one restored without that secret.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backup, restore } from '../../src/server/admin/backup';
import type { AdminCommand } from '../../src/server/admin/command';
import { resetSettingsForTests } from '../../src/server/base/settings';
import { readOutbox } from '../support/outbox';
import { startServer, type TestServer } from '../support/server';

const SITE_URL = 'http://localhost:4321';
const scratch = mkdtempSync(join(tmpdir(), 'site-backup-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Runs an admin command in-process over DATA_DIR, as the CLI would; answers its exit code and output. */
async function admin(command: AdminCommand, dataDir: string, args: string[]) {
  process.env.DATA_DIR = dataDir;
  process.env.SITE_URL = SITE_URL;
  delete process.env.LINK_SIGNING_SECRET;
  resetSettingsForTests();
  let out = '';
  let err = '';
  const code = await command.run(args, { out: (text) => (out += text), err: (text) => (err += `${text}\n`) });
  return { code, out, err };
}

function row(dataDir: string, sql: string, ...params: string[]) {
  const db = new DatabaseSync(join(dataDir, 'site.sqlite'), { readOnly: true });
  try {
    const found = db.prepare(sql).get(...params);
    return found ? { ...found } : undefined;
  } finally {
    db.close();
  }
}

const json = (target: TestServer, path: string, body: unknown) =>
  fetch(`${target.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

// A test that starts a server of its own: the start alone can take 10–20 s on a loaded machine.
const SERVER_TEST_MS = 90_000;

describe('backup and restore of a DATA_DIR the server wrote', () => {
  let original: TestServer;
  let unsubscribeLink: string;
  let bookedStart: string;
  let bookingId: string;
  const backupDir = join(scratch, 'backup');
  const restoredDir = join(scratch, 'restored');

  beforeAll(async () => {
    // No LINK_SIGNING_SECRET: the server generates one into DATA_DIR, the case a backup must carry.
    original = await startServer();
    expect((await json(original, '/api/subscribe', { email: 'ola@example.org', consent: true, locale: 'pl' })).status).toBe(200);
    const [confirmation] = (await readOutbox(original.dataDir)).filter((mail) => mail.to.includes('ola@example.org'));
    const confirm = /https?:\/\/\S+\/newsletter\/potwierdz\/\?token=\S+/.exec(confirmation!.text)![0].replace(SITE_URL, original.url);
    // The link's page has a button; its POST (the token as a form field) confirms.
    const token = new URL(confirm).searchParams.get('token')!;
    expect((await fetch(confirm, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ token }) })).status).toBe(200);
    const welcome = (await readOutbox(original.dataDir)).find((mail) => mail.to.includes('ola@example.org') && mail.subject.startsWith('Witamy'))!;
    unsubscribeLink = /^<([^>]+)>$/.exec(welcome.header('list-unsubscribe')!)![1]!;

    const slots = (await (await fetch(`${original.url}/api/consultation/slots?limit=30`)).json()).slots as Array<{ start: string }>;
    bookedStart = slots[0]!.start;
    const booked = await json(original, '/api/consultation/book', { start: bookedStart, fullName: 'Jan Kowalski', email: 'jan@example.com', timeZone: 'Europe/Warsaw' });
    expect(booked.status).toBe(200);
    bookingId = (await booked.json()).booking.id;
  });
  afterAll(() => original?.stop());

  it('backs up while the server keeps writing, then restores into an empty directory', async () => {
    // A list of 20,000 people (a few MB), then the server unsubscribes them one request at a time
    // (one committed write each) before, during and after the backup.
    const SIZE = 20_000;
    const db = new DatabaseSync(join(original.dataDir, 'site.sqlite'), { timeout: 5000 });
    db.exec(`INSERT INTO list_contacts (email, segment, locale, unsubscribed, created_at, updated_at)
      WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${SIZE - 1})
      SELECT 'list' || i || '@example.org', 'newsletter', 'pl', 0, '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z' FROM n`);
    const unsubscribed = (dir: string) => (row(dir, "SELECT count(*) AS n FROM list_contacts WHERE email LIKE 'list%' AND unsubscribed = 1") as { n: number }).n;
    let next = 0;
    let writing = true;
    const writer = async () => {
      while (writing && next < SIZE) {
        const response = await json(original, '/api/newsletter/unsubscribe', { email: `list${next++}@example.org` });
        expect(response.status).toBe(200);
      }
    };
    const writers = Array.from({ length: 4 }, writer);
    while (next < 50) await new Promise((resolve) => setTimeout(resolve, 5));

    const before = unsubscribed(original.dataDir);
    const started = performance.now();
    const made = await admin(backup, original.dataDir, [backupDir, '--with-outbox', '--json']);
    const took = performance.now() - started;
    const after = unsubscribed(original.dataDir);
    writing = false;
    await Promise.all(writers);
    db.close();
    expect(made.err).toContain('Not in a backup: the shared store');
    expect(made.code).toBe(0);
    expect(after - before, 'the server kept writing during the backup').toBeGreaterThan(0);
    const manifest = JSON.parse(readFileSync(join(backupDir, 'manifest.json'), 'utf8'));
    const mails = readdirSync(join(original.dataDir, 'outbox'));
    expect(manifest).toMatchObject({ format: 'site-backup', version: 1, siteUrl: SITE_URL, linkSigningSecret: 'file', outbox: true });
    const listed = manifest.files.map((file: { path: string }) => file.path);
    expect(listed.slice(0, 2)).toEqual(['site.sqlite', 'link-signing-secret']);
    expect(listed.filter((path: string) => path.startsWith('outbox/')).length).toBeGreaterThanOrEqual(3);
    expect(listed.filter((path: string) => path.startsWith('outbox/')).length).toBeLessThanOrEqual(mails.length);
    for (const file of manifest.files) expect(statSync(join(backupDir, file.path)).size).toBe(file.bytes);
    const rows = JSON.parse(made.out);
    expect(rows.map((each: { id: string }) => each.id)).toEqual(['site.sqlite', 'link-signing-secret', 'outbox/']);
    expect(rows[2].files).toBe(listed.length - 2);
    console.log('backup:', rows.map((each: { id: string; files: number; bytes: number }) => `${each.id} ${each.files} file(s) ${each.bytes} B`).join(', '));
    for (const file of ['site.sqlite', 'link-signing-secret']) expect(statSync(join(backupDir, file)).mode & 0o777).toBe(0o600);

    const restored = await admin(restore, restoredDir, [backupDir]);
    expect(restored.err).toContain('Restored the backup');
    expect(restored.code).toBe(0);
    expect(readFileSync(join(restoredDir, 'link-signing-secret'), 'utf8')).toBe(readFileSync(join(original.dataDir, 'link-signing-secret'), 'utf8'));
    expect(row(restoredDir, "SELECT email, unsubscribed FROM list_contacts WHERE email = ? AND segment = 'newsletter'", 'ola@example.org')).toEqual({ email: 'ola@example.org', unsubscribed: 0 });
    expect(row(restoredDir, 'SELECT email FROM consultation_bookings WHERE id = ?', bookingId)).toEqual({ email: 'jan@example.com' });
    // One snapshot: somewhere between the list as it was when the backup began and when it ended.
    const inBackup = unsubscribed(restoredDir);
    expect(inBackup).toBeGreaterThanOrEqual(before);
    expect(inBackup).toBeLessThanOrEqual(after);
    const bytes = statSync(join(backupDir, 'site.sqlite')).size;
    console.log(`backup of a ${(bytes / 1e6).toFixed(1)} MB database while the server wrote: ${took.toFixed(0)} ms; ${after - before} unsubscribes committed meanwhile, ${inBackup - before} of them in the snapshot`);
  });

  it('serves the restored data: the old unsubscribe link works and the booked slot stays taken', async () => {
    const server = await startServer({ DATA_DIR: restoredDir });
    try {
      const free = (await (await fetch(`${server.url}/api/consultation/slots?limit=30`)).json()).slots as Array<{ start: string }>;
      expect(free.length).toBeGreaterThan(0);
      expect(free.map((slot) => slot.start)).not.toContain(bookedStart);

      const oneClick = await fetch(unsubscribeLink.replace(SITE_URL, server.url), {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(oneClick.status).toBe(200);
      expect(await oneClick.text()).toBe('Unsubscribed.\n');
      expect(row(restoredDir, "SELECT unsubscribed FROM list_contacts WHERE email = ? AND segment = 'newsletter'", 'ola@example.org')).toEqual({ unsubscribed: 1 });
      // The original's list is its own: the restore is a copy, not a link to it.
      expect(row(original.dataDir, "SELECT unsubscribed FROM list_contacts WHERE email = ? AND segment = 'newsletter'", 'ola@example.org')).toEqual({ unsubscribed: 0 });
    } finally {
      await server.stop();
    }
  }, SERVER_TEST_MS);

  it('without the secret file the same link stops working (why the backup carries it)', async () => {
    const bare = join(scratch, 'restored-without-secret');
    expect((await admin(restore, bare, [backupDir])).code).toBe(0);
    unlinkSync(join(bare, 'link-signing-secret'));
    const server = await startServer({ DATA_DIR: bare });
    try {
      const oneClick = await fetch(unsubscribeLink.replace(SITE_URL, server.url), {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(oneClick.status).toBe(400);
      expect(row(bare, "SELECT unsubscribed FROM list_contacts WHERE email = ? AND segment = 'newsletter'", 'ola@example.org')).toEqual({ unsubscribed: 0 });
    } finally {
      await server.stop();
    }
  }, SERVER_TEST_MS);

  it('refuses to restore into a DATA_DIR that is not empty, and says what to do', async () => {
    const before = readdirSync(original.dataDir).sort();
    const secret = readFileSync(join(original.dataDir, 'link-signing-secret'), 'utf8');
    const refused = await admin(restore, original.dataDir, [backupDir]);
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/is not empty .*Point DATA_DIR at a new empty directory/);
    expect(refused.out).toBe('');
    expect(readdirSync(original.dataDir).sort()).toEqual(before);
    expect(readFileSync(join(original.dataDir, 'link-signing-secret'), 'utf8')).toBe(secret);
  });

  it('refuses a backup that does not match its manifest, a directory without one, and a second backup into a used directory', async () => {
    const tampered = join(scratch, 'tampered');
    expect((await admin(backup, original.dataDir, [tampered])).code).toBe(0);
    const database = join(tampered, 'site.sqlite');
    const bytes = readFileSync(database);
    bytes[bytes.length - 1] ^= 0xff;
    writeFileSync(database, bytes);
    const target = join(scratch, 'from-tampered');
    const refused = await admin(restore, target, [tampered]);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('site.sqlite differs from the manifest (SHA-256)');
    expect(existsSync(target)).toBe(false);

    const noManifest = await admin(restore, target, [join(scratch, 'nothing-here')]);
    expect(noManifest.code).toBe(1);
    expect(noManifest.err).toContain('has no manifest.json');

    const again = await admin(backup, original.dataDir, [backupDir]);
    expect(again.code).toBe(1);
    expect(again.err).toContain('is not empty');
    await expect(admin(backup, original.dataDir, [])).rejects.toThrow(/backup <dir>/);
  });
});
