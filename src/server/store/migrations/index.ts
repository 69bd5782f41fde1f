/**
 * The records' migrations, in order, imported statically: the server bundle reads no migration
 * files at run time. A change of schema is a new module added here (never an edit of one that ran).
 */
import type { Migration, MigrationProvider } from 'kysely/migration';
import type { Engine } from '../engine';
import { records } from './0001-records';

export function recordMigrations(engine: Engine): MigrationProvider {
  return {
    getMigrations: async (): Promise<Record<string, Migration>> => ({
      '0001-records': records(engine),
    }),
  };
}
