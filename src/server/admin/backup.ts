/**
 * `backup <dir>` and `restore <dir>`: the records database and what DATA_DIR holds that cannot be
 * made again. The records: SQLite's file copied through its online backup (a consistent snapshot
 * while servers keep writing to it in WAL mode), or, with DATABASE_URL, PostgreSQL's rows exported
 * through the same queries the site uses, in one snapshot, as records.json (no pg_dump needed, whose
 * version must match the server's; see records-export.ts). With them the generated link-signing
 * secret (without it every unsubscribe link already mailed stops working), the outbox only when
 * asked, and a manifest last: a directory without one is an unfinished backup. Restoring goes into
 * an empty DATA_DIR and an empty records database only, so it never mixes two sites' data; either
 * kind of backup restores onto either engine.
 *
 * Not in a backup: what lives in the shared store (Redis or Upstash, else process memory): rate-limit
 * counters, pending double opt-ins, OAuth codes and refresh tokens, slot claims and open-booking
 * places. All of it is short-lived or made again by its client; the settings (.env) are kept by the
 * owner, not here.
 */
import { createHash } from 'node:crypto';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { tmpdir } from 'node:os';
import { backup as sqliteBackup, DatabaseSync } from 'node:sqlite';
import { z } from 'zod';
import { createSecretFile } from '../base/secret-file.ts';
import { getSettings } from '../base/settings.ts';
import { connectRecords, getRecords, migrateRecords, recordsEngine, SQLITE_FILE, type Records } from '../store/database.ts';
import { exportRecords, importRecords, RECORD_TABLES, type RecordsExport } from '../store/records-export.ts';
import { UsageError, type AdminCommand, type AdminIo } from './command.ts';
import { formatRows, outputFormat, type Row } from './output.ts';

const DATABASE = SQLITE_FILE;
const RECORDS = 'records.json';
const SECRET = 'link-signing-secret';
const OUTBOX = 'outbox';
const MANIFEST = 'manifest.json';
const FORMAT = 'site-backup';

const manifestSchema = z.object({
  format: z.literal(FORMAT),
  version: z.literal(1),
  createdAt: z.string(),
  siteUrl: z.string(),
  dataDir: z.string(),
  linkSigningSecret: z.enum(['file', 'setting', 'none']),
  /** The engine the records were taken from (absent in backups made before PostgreSQL: SQLite). */
  records: z.enum(['sqlite', 'postgresql']).optional(),
  outbox: z.boolean(),
  files: z.array(
    z.object({
      // Names inside the backup only: no absolute paths, no way out of the directory.
      path: z.string().regex(/^(site\.sqlite|records\.json|link-signing-secret|outbox\/[\w.-]+\.eml)$/),
      bytes: z.number().int().min(0),
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
    }),
  ),
  notIncluded: z.string(),
});
export type BackupManifest = z.infer<typeof manifestSchema>;

const NOT_INCLUDED =
  'the shared store (Redis/Upstash or memory): rate-limit counters, pending double opt-ins, OAuth codes and refresh tokens, slot claims, open-booking places; the settings (.env)';

function sha256(file: string): string {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}

/** Entries of a directory, or none when it does not exist. */
function entries(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

function oneDirectory(args: string[], usage: string): string {
  const [dir, ...extra] = args;
  if (!dir || dir.startsWith('--') || extra.length) throw new UsageError(usage);
  return resolve(dir);
}

/** Rows for the output: the database and the secret one each, the outbox as one line. */
function summary(manifest: BackupManifest): Row[] {
  const rows: Row[] = manifest.files
    .filter((file) => !file.path.startsWith(`${OUTBOX}/`))
    .map((file) => ({ id: file.path, files: 1, bytes: file.bytes, sha256: file.sha256 }));
  const mails = manifest.files.filter((file) => file.path.startsWith(`${OUTBOX}/`));
  if (manifest.outbox) rows.push({ id: `${OUTBOX}/`, files: mails.length, bytes: mails.reduce((sum, file) => sum + file.bytes, 0), sha256: null });
  return rows;
}

/** Writes a backup of `dataDir` into `target` (new or empty); answers its manifest. */
export async function writeBackup(
  dataDir: string,
  target: string,
  options: { withOutbox: boolean; siteUrl: string; secretSetting: boolean; /** PostgreSQL's records, exported instead of DATA_DIR's SQLite file. */ postgres?: Records },
): Promise<BackupManifest> {
  mkdirSync(target, { recursive: true, mode: 0o700 });
  const files: BackupManifest['files'] = [];
  const record = (path: string) => {
    const file = join(target, path);
    // Personal data and a secret: readable by the owner only, whatever the umask.
    chmodSync(file, 0o600);
    files.push({ path, bytes: statSync(file).size, sha256: sha256(file) });
  };

  const database = join(dataDir, DATABASE);
  if (options.postgres) {
    writeFileSync(join(target, RECORDS), JSON.stringify(await exportRecords(options.postgres)), { mode: 0o600 });
    record(RECORDS);
  } else if (existsSync(database)) {
    // Its own connection, without changing the journal mode: the servers' WAL stays as it is.
    const source = new DatabaseSync(database, { timeout: 5000 });
    try {
      // All pages in one step: a read transaction on one WAL snapshot, which never blocks a writer.
      // In small steps (Node's default is 100 pages) every write by a server between two steps
      // restarts the copy, and a busy site's backup never finishes.
      await sqliteBackup(source, join(target, DATABASE), { rate: 2 ** 31 - 1 });
    } finally {
      source.close();
    }
    record(DATABASE);
  }
  const secret = join(dataDir, SECRET);
  if (existsSync(secret)) {
    copyFileSync(secret, join(target, SECRET));
    record(SECRET);
  }
  if (options.withOutbox) {
    const mails = entries(join(dataDir, OUTBOX)).filter((name) => name.endsWith('.eml')).sort();
    if (mails.length) mkdirSync(join(target, OUTBOX), { mode: 0o700 });
    for (const name of mails) {
      copyFileSync(join(dataDir, OUTBOX, name), join(target, OUTBOX, name));
      record(`${OUTBOX}/${name}`);
    }
  }

  const manifest: BackupManifest = {
    format: FORMAT,
    version: 1,
    createdAt: new Date().toISOString(),
    siteUrl: options.siteUrl,
    dataDir,
    linkSigningSecret: existsSync(secret) ? 'file' : options.secretSetting ? 'setting' : 'none',
    records: options.postgres ? 'postgresql' : 'sqlite',
    outbox: options.withOutbox,
    files,
    notIncluded: NOT_INCLUDED,
  };
  // Written last: its presence is what marks the backup complete.
  writeFileSync(join(target, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
  return manifest;
}

/** The backup's manifest, checked against the files beside it; a list of problems when it does not hold. */
export function checkBackup(source: string): { manifest: BackupManifest } | { problems: string[] } {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(join(source, MANIFEST), 'utf8'));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { problems: [code === 'ENOENT' ? `${source} has no ${MANIFEST}: not a backup, or one that did not finish` : `${MANIFEST} cannot be read: ${code ?? 'not JSON'}`] };
  }
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success) return { problems: [`${MANIFEST} is not a backup manifest of this site: ${parsed.error.issues.map((issue) => `${issue.path.join('.') || 'manifest'}: ${issue.message}`).join('; ')}`] };
  const problems: string[] = [];
  for (const file of parsed.data.files) {
    const path = join(source, file.path);
    if (!existsSync(path)) problems.push(`${file.path} is missing`);
    else if (statSync(path).size !== file.bytes) problems.push(`${file.path} has ${statSync(path).size} bytes, the manifest says ${file.bytes}`);
    else if (sha256(path) !== file.sha256) problems.push(`${file.path} differs from the manifest (SHA-256)`);
  }
  return problems.length ? { problems } : { manifest: parsed.data };
}

function quickCheck(file: string): void {
  const db = new DatabaseSync(file);
  try {
    const check = db.prepare('PRAGMA quick_check').all() as Array<Record<string, string>>;
    const verdict = check.map((row) => Object.values(row)[0]).join('; ');
    if (verdict !== 'ok') throw new Error(`the restored database fails SQLite's quick_check: ${verdict}`);
  } finally {
    db.close();
  }
}

/** The rows of a backed-up SQLite file, read from a scratch copy (migrated first, if it is older). */
async function rowsOfSqliteBackup(file: string): Promise<RecordsExport> {
  const scratch = mkdtempSync(join(tmpdir(), 'restore-'));
  try {
    copyFileSync(file, join(scratch, DATABASE));
    quickCheck(join(scratch, DATABASE));
    const db = connectRecords({ DATA_DIR: scratch });
    try {
      await migrateRecords(db, 'sqlite');
      return await exportRecords(db);
    } finally {
      await db.destroy();
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * Copies a checked backup into `dataDir`, which must be empty or absent, and its records into the
 * records database the settings name, which must hold none. SQLite onto SQLite is the file itself
 * (checked once in place); any other pairing loads the rows. Answers the records loaded per table.
 */
export async function restoreBackup(source: string, dataDir: string, manifest: BackupManifest, target: { engine: 'sqlite' | 'postgresql'; records: () => Promise<Records> }): Promise<Record<string, number> | undefined> {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const hasFile = (path: string) => manifest.files.some((file) => file.path === path);
  const fileOnto = target.engine === 'sqlite' && hasFile(DATABASE);
  for (const file of manifest.files) {
    if (file.path === RECORDS || (file.path === DATABASE && !fileOnto)) continue;
    if (file.path.startsWith(`${OUTBOX}/`)) mkdirSync(join(dataDir, OUTBOX), { recursive: true });
    // The secret whole or not at all: a copy cut short by a full disk would be a different secret.
    if (file.path === SECRET) createSecretFile(join(dataDir, SECRET), readFileSync(join(source, SECRET), 'utf8').trim());
    else copyFileSync(join(source, file.path), join(dataDir, file.path));
  }
  if (fileOnto) {
    quickCheck(join(dataDir, DATABASE));
    return undefined;
  }
  const rows = hasFile(RECORDS)
    ? (JSON.parse(readFileSync(join(source, RECORDS), 'utf8')) as RecordsExport)
    : hasFile(DATABASE)
      ? await rowsOfSqliteBackup(join(source, DATABASE))
      : undefined;
  if (!rows) return undefined;
  if (rows.format !== 'site-records' || rows.version !== 1) throw new Error(`${RECORDS} is not an export of this site's records`);
  return importRecords(await target.records(), rows, target.engine);
}

const backupUsage = ['backup <dir> [--with-outbox] [--json|--csv]   copy DATA_DIR (database, link-signing secret, optionally the outbox) into a new or empty <dir>'];

export const backup: AdminCommand = {
  name: 'backup',
  summary: 'copy the records database (SQLite file or PostgreSQL rows), the link-signing secret and (--with-outbox) the outbox into a new directory; safe while the server runs',
  usage: backupUsage,
  async run(args: string[], io: AdminIo): Promise<number> {
    const { format, rest } = outputFormat(args);
    const withOutbox = rest.includes('--with-outbox');
    const target = oneDirectory(rest.filter((arg) => arg !== '--with-outbox'), backupUsage[0]!);
    const settings = getSettings();
    const dataDir = resolve(settings.DATA_DIR);
    const postgres = recordsEngine(settings) === 'postgresql';
    if (target === dataDir || target.startsWith(`${dataDir}/`)) {
      io.err(`${target} is inside DATA_DIR (${dataDir}): choose a directory outside it, ideally on another disk.`);
      return 1;
    }
    const present = entries(target);
    if (present.length) {
      io.err(`${target} is not empty (${present.slice(0, 3).join(', ')}${present.length > 3 ? ', …' : ''}): a backup goes into a new directory, e.g. backups/$(date +%F-%H%M).`);
      return 1;
    }
    if (!postgres && !existsSync(join(dataDir, DATABASE)) && !existsSync(join(dataDir, SECRET))) {
      io.err(`DATA_DIR (${dataDir}) holds no database and no link-signing secret: check DATA_DIR (the same value the server uses).`);
      return 1;
    }
    const manifest = await writeBackup(dataDir, target, {
      withOutbox,
      siteUrl: settings.SITE_URL,
      secretSetting: Boolean(settings.LINK_SIGNING_SECRET),
      postgres: postgres ? await getRecords() : undefined,
    });
    io.out(formatRows(summary(manifest), format, ['id', 'files', 'bytes', 'sha256']));
    io.err(`Backup of ${postgres ? 'the PostgreSQL records (DATABASE_URL) and ' : ''}${dataDir} written to ${target} (${MANIFEST} lists every file).`);
    if (manifest.linkSigningSecret === 'setting') io.err('LINK_SIGNING_SECRET is set: keep it with your settings; it is not in the backup.');
    io.err(`Not in a backup: ${NOT_INCLUDED}.`);
    return 0;
  },
};

const restoreUsage = ['restore <dir> [--json|--csv]   copy a backup made by `backup` into DATA_DIR, which must be empty or absent, and its records into the records database, which must hold none'];

export const restore: AdminCommand = {
  name: 'restore',
  summary: 'copy a backup into an empty DATA_DIR and an empty records database (SQLite or PostgreSQL), after checking it against its manifest',
  usage: restoreUsage,
  async run(args: string[], io: AdminIo): Promise<number> {
    const { format, rest } = outputFormat(args);
    const source = oneDirectory(rest, restoreUsage[0]!);
    const settings = getSettings();
    const dataDir = resolve(settings.DATA_DIR);
    const present = entries(dataDir);
    if (present.length) {
      io.err(
        `DATA_DIR (${dataDir}) is not empty (${present.slice(0, 3).join(', ')}${present.length > 3 ? ', …' : ''}): restore never mixes two sets of data. ` +
          'Point DATA_DIR at a new empty directory for the restore, or stop the server and move the current DATA_DIR aside first.',
      );
      return 1;
    }
    const checked = checkBackup(source);
    if ('problems' in checked) {
      io.err(`Not restored: ${checked.problems.join('; ')}.`);
      return 1;
    }
    const { manifest } = checked;
    let loaded: Record<string, number> | undefined;
    try {
      loaded = await restoreBackup(source, dataDir, manifest, { engine: recordsEngine(settings), records: getRecords });
    } catch (error) {
      // DATA_DIR was empty: leave it so again rather than half restored.
      for (const name of entries(dataDir)) rmSync(join(dataDir, name), { recursive: true, force: true });
      io.err(`Not restored: ${(error as Error).message}.`);
      return 1;
    }
    io.out(formatRows(summary(manifest), format, ['id', 'files', 'bytes', 'sha256']));
    io.err(`Restored the backup of ${manifest.createdAt} (SITE_URL ${manifest.siteUrl}) into ${dataDir}.`);
    if (loaded) {
      const counts = RECORD_TABLES.filter((table) => table !== 'record_versions').map((table) => `${table} ${loaded[table] ?? 0}`);
      io.err(`Records loaded into the ${recordsEngine(settings) === 'postgresql' ? 'PostgreSQL' : 'SQLite'} database: ${counts.join(', ')}.`);
    }
    if (manifest.siteUrl !== settings.SITE_URL) io.err(`Note: this server's SITE_URL is ${settings.SITE_URL}; links in mails already sent point to ${manifest.siteUrl}.`);
    const restoredSecret = join(dataDir, SECRET);
    if (settings.LINK_SIGNING_SECRET && existsSync(restoredSecret) && readFileSync(restoredSecret, 'utf8').trim() !== settings.LINK_SIGNING_SECRET) {
      io.err('Note: LINK_SIGNING_SECRET is set and differs from the restored secret file; the setting wins, so links signed before the backup will not verify.');
    }
    if (manifest.linkSigningSecret === 'setting') io.err('The backup was made with LINK_SIGNING_SECRET set: set the same value here, or links already mailed stop working.');
    return 0;
  },
};
