/**
 * The embedded database: one node:sqlite file under DATA_DIR, opened once per process. Each feature
 * registers its own tables with `migrate` (idempotent CREATE ... IF NOT EXISTS statements).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { onShutdown } from '../lifecycle';
import type { ProbeResult } from '../providers/probe';
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

/** /status/'s check of the embedded database (and of the providers that keep their data in it). */
export async function probeDatabase(): Promise<ProbeResult> {
  const row = getDatabase().prepare('SELECT 1 AS one').get() as { one: number } | undefined;
  return row?.one === 1 ? { state: 'ok', detail: 'SELECT 1 answered' } : { state: 'unreachable', detail: 'SELECT 1 gave no row' };
}

export const databaseStatus = { describe: () => ({ provider: 'sqlite', external: false }), probe: probeDatabase };
