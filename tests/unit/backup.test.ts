/**
 * The backup's copy of the database under a writer that never pauses, and restore's refusal of a
 * manifest that names files outside the backup. tests/http/backup.test.ts runs the commands against
 * a DATA_DIR the built server wrote.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { checkBackup, writeBackup } from '../../src/server/admin/backup';

const scratch = mkdtempSync(join(tmpdir(), 'backup-unit-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const count = (file: string) => {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    return (db.prepare('SELECT count(*) AS n FROM t').get() as { n: number }).n;
  } finally {
    db.close();
  }
};

describe('writeBackup', () => {
  it('finishes while another connection writes every millisecond, with one consistent snapshot', async () => {
    const dataDir = join(scratch, 'busy');
    mkdirSync(dataDir);
    const db = new DatabaseSync(join(dataDir, 'site.sqlite'));
    db.exec('PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 5000; CREATE TABLE t (x BLOB)');
    db.exec('INSERT INTO t WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 20000) SELECT randomblob(500) FROM n');
    // Another connection, as a server process would be: SQLite restarts a stepwise backup after each of its writes.
    const writer = new DatabaseSync(join(dataDir, 'site.sqlite'), { timeout: 5000 });
    let writes = 0;
    const timer = setInterval(() => {
      writer.exec('INSERT INTO t VALUES (randomblob(10))');
      writes++;
    }, 1);
    const before = count(join(dataDir, 'site.sqlite'));
    const started = performance.now();
    const outcome = await Promise.race([
      writeBackup(dataDir, join(scratch, 'busy-backup'), { withOutbox: false, siteUrl: 'https://example.org', secretSetting: false }).then(() => 'done'),
      new Promise((resolve) => setTimeout(resolve, 10_000, 'still copying after 10 s')),
    ]);
    const took = performance.now() - started;
    clearInterval(timer);
    const after = count(join(dataDir, 'site.sqlite'));
    writer.close();
    db.close();
    expect(outcome).toBe('done');
    const copied = count(join(scratch, 'busy-backup', 'site.sqlite'));
    console.log(`backup of a ${20_000} row (10 MB) database under a writer: ${took.toFixed(0)} ms, ${writes} writes meanwhile; the copy has ${copied - before} of them`);
    expect(copied).toBeGreaterThanOrEqual(before);
    expect(copied).toBeLessThanOrEqual(after);
  });
});

describe('checkBackup', () => {
  it('refuses a manifest naming a file outside the backup, before anything is copied', () => {
    const dir = join(scratch, 'crafted');
    mkdirSync(dir);
    writeFileSync(
      join(dir, 'manifest.json'),
      JSON.stringify({
        format: 'site-backup',
        version: 1,
        createdAt: new Date().toISOString(),
        siteUrl: 'https://example.org',
        dataDir: '/var/lib/site',
        linkSigningSecret: 'file',
        outbox: true,
        files: [{ path: 'outbox/../../../etc/cron.d/x.eml', bytes: 0, sha256: '0'.repeat(64) }],
        notIncluded: '',
      }),
    );
    const checked = checkBackup(dir);
    expect('problems' in checked && checked.problems.join(' ')).toMatch(/not a backup manifest of this site: files\.0\.path/);
    expect(existsSync(join(dir, 'etc'))).toBe(false);
  });
});
