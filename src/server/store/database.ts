/**
 * The system of record: every record a visitor or the owner creates (messages, bookings, list
 * contacts, newsletter sends, OAuth clients, the /ask miss log, the spam log). PostgreSQL when
 * DATABASE_URL is set (instances on several machines), else one node:sqlite file under DATA_DIR
 * (the processes of one machine share it in WAL mode). One Kysely schema and one set of versioned
 * migrations (./migrations) serve both; each process opens the database once and migrates it on
 * first use. A store answers only after its write is committed.
 */
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { onShutdown } from '../base/lifecycle';
import { logger } from '../base/log';
import type { ProbeResult } from '../providers/probe';
import { getSettings } from '../base/settings';
import { privateDirectory, privateFiles, probeWrite } from './data-dir';
import { recordsEngine, type Engine } from './engine';
import { recordMigrations } from './migrations';
import { NodeSqliteDialect } from './node-sqlite-dialect';
import type { RecordsDatabase } from './records-schema';

export type Records = Kysely<RecordsDatabase>;
export type { Engine } from './engine';
export { recordsEngine } from './engine';

export const SQLITE_FILE = 'site.sqlite';

function sqlitePath(dataDir: string): string {
  return join(dataDir, SQLITE_FILE);
}

/** Opens node:sqlite the way every process sharing the file must. */
function openSqlite(file: string): DatabaseSync {
  const database = new DatabaseSync(file);
  // WAL lets several server processes share the file; busy_timeout waits instead of failing.
  // synchronous=NORMAL is the WAL pairing: no corruption on a crash, no fsync per commit (~2 ms each).
  database.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 5000; PRAGMA foreign_keys = ON;');
  // Personal data: the file and its companions for the owner only (SQLite makes them with the umask).
  privateFiles(file, `${file}-wal`, `${file}-shm`);
  return database;
}

/** PostgreSQL's bigint (int8, also count(*)) as a number: the records' values stay far below 2^53. */
const INT8 = 20;
const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8 ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

function postgresPool(url: string): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5_000, idleTimeoutMillis: 30_000, statement_timeout: 15_000, types: pgTypes });
  // An idle connection dropped by a restarting server is reported here, not thrown: the next query
  // opens a new one.
  pool.on('error', (error) => logger().error({ err: error }, '[records] PostgreSQL connection lost'));
  return pool;
}

/** A Kysely instance over the engine the settings name, not yet migrated. */
export function connectRecords(settings: { DATA_DIR: string; DATABASE_URL?: string }): Records {
  if (recordsEngine(settings) === 'postgresql') return new Kysely<RecordsDatabase>({ dialect: new PostgresDialect({ pool: postgresPool(settings.DATABASE_URL!) }) });
  return new Kysely<RecordsDatabase>({ dialect: new NodeSqliteDialect(openSqlite(sqlitePath(privateDirectory(settings.DATA_DIR)))) });
}

/** Brings the schema to the latest migration; several processes at once take turns. */
export async function migrateRecords(db: Records, engine: Engine): Promise<void> {
  const { error, results } = await new Migrator({ db, provider: recordMigrations(engine) }).migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === 'Error')?.migrationName;
    throw new Error(`the records database could not be migrated${failed ? ` (${failed})` : ''}: ${(error as Error).message ?? String(error)}`);
  }
}

let opened: Promise<Records> | undefined;

/** The process's records database, opened and migrated on first use. */
export function getRecords(): Promise<Records> {
  if (!opened) {
    const settings = getSettings();
    const db = connectRecords(settings);
    const ready = migrateRecords(db, recordsEngine(settings)).then(() => db);
    opened = ready;
    // A failed open is not kept: the next use tries again (PostgreSQL may be starting).
    ready.catch(() => {
      if (opened === ready) opened = undefined;
      void db.destroy().catch(() => {});
    });
    onShutdown('records database', async () => {
      if (opened === ready) opened = undefined;
      await db.destroy();
    });
  }
  return opened;
}

/** A write refused by a UNIQUE or primary key (SQLite's message, PostgreSQL's SQLSTATE 23505). */
export function isUniqueViolation(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (error as { code?: string }).code === '23505' || /UNIQUE constraint failed|PRIMARY KEY constraint failed/i.test(error.message);
}

const rolledBack = Symbol('rolled back');

/**
 * /status/'s check of the records database: that DATA_DIR (the outbox, the secret, SQLite's file) takes
 * a write, and that the database takes one (a change in a transaction, rolled back). A full or read-only
 * disk throws its own error, which /status/ shows as not_writable; another failure as unreachable.
 */
export async function probeDatabase(): Promise<ProbeResult> {
  probeWrite(getSettings().DATA_DIR);
  const db = await getRecords();
  await db
    .transaction()
    .execute(async (transaction) => {
      await sql`CREATE TABLE status_write_probe (at TEXT)`.execute(transaction);
      throw rolledBack;
    })
    .catch((error: unknown) => {
      if (error !== rolledBack) throw error;
    });
  return { state: 'ok', detail: 'DATA_DIR and the records database took a write (rolled back)' };
}

export const databaseStatus = {
  describe: () => {
    const engine = recordsEngine(getSettings());
    return { provider: engine, external: engine === 'postgresql' };
  },
  probe: probeDatabase,
};
