/** Low-confidence questions in the embedded database (one machine). */
import { migrate } from '../store/database';
import { byCountThenRecent, DAY_MS } from './miss-order';
import type { AskMiss, AskMissesStore } from './misses-store';

const schema = `
CREATE TABLE IF NOT EXISTS ask_misses (
  id TEXT PRIMARY KEY,
  question TEXT NOT NULL,
  locale TEXT NOT NULL,
  kinds TEXT NOT NULL,
  count INTEGER NOT NULL,
  first_seen TEXT NOT NULL,
  last_seen TEXT NOT NULL,
  best TEXT
);
CREATE INDEX IF NOT EXISTS ask_misses_last_seen ON ask_misses (last_seen);
CREATE INDEX IF NOT EXISTS ask_misses_rank ON ask_misses (count, last_seen);`;

const db = () => migrate('ask_misses', schema);

interface Row {
  id: string;
  question: string;
  locale: string;
  kinds: string;
  count: number;
  first_seen: string;
  last_seen: string;
  best: string | null;
}

const fromRow = (row: Row): AskMiss => ({
  id: row.id,
  question: row.question,
  locale: row.locale,
  kinds: row.kinds,
  count: row.count,
  firstSeen: row.first_seen,
  lastSeen: row.last_seen,
  best: row.best ? (JSON.parse(row.best) as AskMiss['best']) : null,
});

const cutoff = (retentionDays: number, now: Date) => new Date(now.getTime() - retentionDays * DAY_MS).toISOString();

export const sqliteMisses: AskMissesStore = {
  async recordMiss(sighting, limits, now = new Date()) {
    const database = db();
    const seen = now.toISOString();
    database.exec('BEGIN IMMEDIATE');
    try {
      database.prepare('DELETE FROM ask_misses WHERE last_seen < ?').run(cutoff(limits.retentionDays, now));
      database
        .prepare(
          `INSERT INTO ask_misses (id, question, locale, kinds, count, first_seen, last_seen, best) VALUES (?, ?, ?, ?, 1, ?, ?, ?)
           ON CONFLICT (id) DO UPDATE SET count = count + 1, last_seen = excluded.last_seen, best = excluded.best`,
        )
        .run(sighting.id, sighting.question, sighting.locale, sighting.kinds, seen, seen, sighting.best ? JSON.stringify(sighting.best) : null);
      // The least asked, then the oldest: the row just counted is the newest, so it goes last.
      database
        .prepare(
          `DELETE FROM ask_misses WHERE id IN (
             SELECT id FROM ask_misses ORDER BY count, last_seen, id
             LIMIT max(0, (SELECT count(*) FROM ask_misses) - ?))`,
        )
        .run(limits.maxRows);
      database.exec('COMMIT');
    } catch (error) {
      database.exec('ROLLBACK');
      throw error;
    }
  },

  async listMisses({ retentionDays }, now = new Date()) {
    const rows = db().prepare('SELECT * FROM ask_misses WHERE last_seen >= ?').all(cutoff(retentionDays, now)) as unknown as Row[];
    return rows.map(fromRow).sort(byCountThenRecent);
  },

  async clearMisses() {
    return Number(db().prepare('DELETE FROM ask_misses').run().changes);
  },
};
