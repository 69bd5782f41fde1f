/**
 * Writers of one kind of record that must check before they write (a booking's slot is free, the miss
 * log is under its cap) take turns: each write transaction first bumps its kind's counter row, which
 * holds that row's lock until it commits, on PostgreSQL as on SQLite (where BEGIN IMMEDIATE already
 * serialises writers). The counter doubles as a mark of change that every instance reads alike.
 */
import type { Kysely } from 'kysely';
import type { RecordsDatabase } from './records-schema';

export type VersionedRecords = 'bookings' | 'ask_misses';

/** Waits for the other writers of `name`, then marks the change (call first in a transaction). */
export async function takeTurn(trx: Kysely<RecordsDatabase>, name: VersionedRecords): Promise<void> {
  await trx
    .updateTable('record_versions')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('name', '=', name)
    .execute();
}

export async function versionOf(db: Kysely<RecordsDatabase>, name: VersionedRecords): Promise<number> {
  const row = await db.selectFrom('record_versions').select('version').where('name', '=', name).executeTakeFirst();
  return Number(row?.version ?? 0);
}
