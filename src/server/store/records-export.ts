/**
 * Every record as plain rows, and back: the engine-neutral form of the records database. A backup of
 * PostgreSQL is this export (read in one snapshot), and a restore loads it into an empty database of
 * either engine, so a SQLite site can also move to PostgreSQL through backup and restore.
 */
import { sql, type Kysely } from 'kysely';
import type { RecordsDatabase } from './records-schema';

/** In an order that keeps references whole (an issue before its deliveries). */
export const RECORD_TABLES = [
  'messages',
  'consultation_bookings',
  'consultation_cancellations',
  'list_contacts',
  'newsletter_issues',
  'newsletter_deliveries',
  'ask_misses',
  'oauth_clients',
  'spam_log',
  'record_versions',
] as const satisfies ReadonlyArray<keyof RecordsDatabase>;

export type RecordTable = (typeof RECORD_TABLES)[number];

export interface RecordsExport {
  format: 'site-records';
  version: 1;
  exportedAt: string;
  tables: Record<RecordTable, Array<Record<string, unknown>>>;
}

// A dump names its tables at run time; the typed queries of the stores are checked elsewhere.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDatabase = Kysely<any>;

/** Every table's rows, read in one transaction (one snapshot on PostgreSQL). */
export async function exportRecords(db: Kysely<RecordsDatabase>): Promise<RecordsExport> {
  const tables = await (db as AnyDatabase)
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const read: Partial<RecordsExport['tables']> = {};
      for (const table of RECORD_TABLES) read[table] = await trx.selectFrom(table).selectAll().execute();
      return read as RecordsExport['tables'];
    });
  return { format: 'site-records', version: 1, exportedAt: new Date().toISOString(), tables };
}

/** The number of records (every table but the version counters) the database holds. */
async function countRecords(db: Kysely<RecordsDatabase> | AnyDatabase): Promise<Record<RecordTable, number>> {
  const counts = {} as Record<RecordTable, number>;
  for (const table of RECORD_TABLES) {
    const row = (await (db as AnyDatabase).selectFrom(table).select((eb) => eb.fn.countAll().as('rows')).executeTakeFirst()) as { rows?: unknown } | undefined;
    counts[table] = Number(row?.rows ?? 0);
  }
  return counts;
}

const CHUNK = 100;

/**
 * Loads an export into a migrated database that holds no record (a restore never mixes two sites'
 * data), in one transaction; answers the rows loaded per table.
 */
export async function importRecords(db: Kysely<RecordsDatabase>, dump: RecordsExport, engine: 'sqlite' | 'postgresql'): Promise<Record<RecordTable, number>> {
  return (db as AnyDatabase).transaction().execute(async (trx) => {
    const present = await countRecords(trx);
    const busy = RECORD_TABLES.filter((table) => table !== 'record_versions' && present[table] > 0);
    if (busy.length) throw new Error(`the records database is not empty (${busy.map((table) => `${table}: ${present[table]}`).join(', ')}); restore goes into an empty one`);
    const loaded = {} as Record<RecordTable, number>;
    for (const table of RECORD_TABLES) {
      const rows = dump.tables[table] ?? [];
      loaded[table] = rows.length;
      if (table === 'record_versions') {
        for (const row of rows) {
          await trx
            .insertInto('record_versions')
            .values(row)
            .onConflict((conflict) => conflict.column('name').doUpdateSet({ version: row.version }))
            .execute();
        }
        continue;
      }
      for (let index = 0; index < rows.length; index += CHUNK) await trx.insertInto(table).values(rows.slice(index, index + CHUNK)).execute();
    }
    // The spam log's ids came with their rows: the next one continues after them.
    if (engine === 'postgresql' && loaded.spam_log) await sql`SELECT setval(pg_get_serial_sequence('spam_log', 'id'), (SELECT max(id) FROM spam_log))`.execute(trx);
    return loaded;
  });
}
