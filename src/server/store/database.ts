/**
 * The embedded database: one node:sqlite file under DATA_DIR, opened once per process. Each feature
 * registers its own tables with `migrate` (idempotent CREATE ... IF NOT EXISTS statements).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { getSettings } from '../settings';

let database: DatabaseSync | undefined;
const applied = new Set<string>();

export function getDatabase(): DatabaseSync {
  if (!database) {
    const directory = getSettings().DATA_DIR;
    mkdirSync(directory, { recursive: true });
    database = new DatabaseSync(join(directory, 'site.sqlite'));
    // WAL lets several server processes share the file; busy_timeout waits instead of failing.
    // synchronous=NORMAL is the WAL pairing: no corruption on a crash, no fsync per commit (~2 ms each).
    database.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 5000; PRAGMA foreign_keys = ON;');
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
