/**
 * The embedded database: one node:sqlite file under DATA_DIR, opened once per process. Each feature
 * registers its own tables with `migrate` (idempotent CREATE ... IF NOT EXISTS statements).
 */
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { onShutdown } from '../lifecycle';
import type { ProbeResult } from '../providers/probe';
import { getSettings } from '../settings';
import { privateDirectory, privateFiles, probeWrite } from './data-dir';

let database: DatabaseSync | undefined;
const applied = new Set<string>();

export function getDatabase(): DatabaseSync {
  if (!database) {
    const directory = privateDirectory(getSettings().DATA_DIR);
    const file = join(directory, 'site.sqlite');
    database = new DatabaseSync(file);
    // WAL lets several server processes share the file; busy_timeout waits instead of failing.
    // synchronous=NORMAL is the WAL pairing: no corruption on a crash, no fsync per commit (~2 ms each).
    database.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 5000; PRAGMA foreign_keys = ON;');
    // Personal data: the file and its companions for the owner only (SQLite makes them with the umask).
    privateFiles(file, `${file}-wal`, `${file}-shm`);
    const opened = database;
    onShutdown('database', () => {
      opened.close();
      if (database === opened) database = undefined;
    });
  }
  return database;
}

/** Runs a feature's schema statements once per process. */
export function migrate(name: string, sql: string): DatabaseSync {
  const db = getDatabase();
  if (!applied.has(name)) {
    db.exec(sql);
    applied.add(name);
  }
  return db;
}

/**
 * /status/'s check of the embedded database (and of the providers that keep their data in it): that
 * DATA_DIR takes a write, and that the database takes one (a write lock and a change, rolled back).
 * A full or read-only disk throws its own error, which /status/ shows as not_writable.
 */
export async function probeDatabase(): Promise<ProbeResult> {
  probeWrite(getSettings().DATA_DIR);
  const db = getDatabase();
  db.exec('BEGIN IMMEDIATE');
  try {
    db.exec('CREATE TABLE status_write_probe (at TEXT)');
  } finally {
    if (db.isTransaction) db.exec('ROLLBACK');
  }
  return { state: 'ok', detail: 'DATA_DIR and the database took a write (rolled back)' };
}

export const databaseStatus = { describe: () => ({ provider: 'sqlite', external: false }), probe: probeDatabase };
