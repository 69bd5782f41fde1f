/** Low-confidence questions in the records database (SQLite or PostgreSQL). */
import type { Selectable } from 'kysely';
import { getRecords } from '../store/database';
import { takeTurn } from '../store/record-versions';
import type { AskMissesTable } from '../store/records-schema';
import { byCountThenRecent, DAY_MS } from './miss-order';
import type { AskMiss, AskMissesStore } from './misses-store';

const fromRow = (row: Selectable<AskMissesTable>): AskMiss => ({
  id: row.id,
  question: row.question,
  locale: row.locale,
  kinds: row.kinds,
  count: Number(row.count),
  firstSeen: row.first_seen,
  lastSeen: row.last_seen,
  best: row.best ? (JSON.parse(row.best) as AskMiss['best']) : null,
});

const cutoff = (retentionDays: number, now: Date) => new Date(now.getTime() - retentionDays * DAY_MS).toISOString();

export const recordsMisses: AskMissesStore = {
  async recordMiss(sighting, limits, now = new Date()) {
    const db = await getRecords();
    const seen = now.toISOString();
    // One writer at a time, so instances asking at once never leave more rows than the cap.
    await db.transaction().execute(async (trx) => {
      await takeTurn(trx, 'ask_misses');
      await trx.deleteFrom('ask_misses').where('last_seen', '<', cutoff(limits.retentionDays, now)).execute();
      await trx
        .insertInto('ask_misses')
        .values({
          id: sighting.id,
          question: sighting.question,
          locale: sighting.locale,
          kinds: sighting.kinds,
          count: 1,
          first_seen: seen,
          last_seen: seen,
          best: sighting.best ? JSON.stringify(sighting.best) : null,
        })
        .onConflict((conflict) =>
          conflict.column('id').doUpdateSet((eb) => ({ count: eb('ask_misses.count', '+', 1), last_seen: eb.ref('excluded.last_seen'), best: eb.ref('excluded.best') })),
        )
        .execute();
      const { rows } = (await trx.selectFrom('ask_misses').select((eb) => eb.fn.countAll<number>().as('rows')).executeTakeFirstOrThrow()) as { rows: number };
      const over = Number(rows) - limits.maxRows;
      if (over <= 0) return;
      // The least asked, then the oldest: the row just counted is the newest, so it goes last.
      const doomed = await trx.selectFrom('ask_misses').select('id').orderBy('count').orderBy('last_seen').orderBy('id').limit(over).execute();
      await trx
        .deleteFrom('ask_misses')
        .where(
          'id',
          'in',
          doomed.map((row) => row.id),
        )
        .execute();
    });
  },

  async listMisses({ retentionDays }, now = new Date()) {
    const rows = await (await getRecords()).selectFrom('ask_misses').selectAll().where('last_seen', '>=', cutoff(retentionDays, now)).execute();
    return rows.map(fromRow).sort(byCountThenRecent);
  },

  async clearMisses() {
    const result = await (await getRecords()).deleteFrom('ask_misses').executeTakeFirst();
    return Number(result.numDeletedRows);
  },
};
