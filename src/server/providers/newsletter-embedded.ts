/** The embedded mailing list: a table in the node:sqlite database. */
import { migrate } from '../store/database';
import type { ListProvider } from './newsletter';

const schema = `
CREATE TABLE IF NOT EXISTS list_contacts (
  email TEXT NOT NULL,
  segment TEXT NOT NULL,
  locale TEXT NOT NULL,
  name TEXT,
  unsubscribed INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (email, segment)
);`;

export function createEmbeddedList(): ListProvider {
  return {
    name: 'embedded',
    async add({ email, locale, segment, name }) {
      const db = migrate('list_contacts', schema);
      const now = new Date().toISOString();
      const key = email.toLowerCase();
      const existing = db.prepare('SELECT unsubscribed FROM list_contacts WHERE email = ? AND segment = ?').get(key, segment);
      db.prepare(
        `INSERT INTO list_contacts (email, segment, locale, name, unsubscribed, created_at, updated_at)
         VALUES (?, ?, ?, ?, 0, ?, ?)
         ON CONFLICT (email, segment) DO UPDATE SET locale = excluded.locale, name = COALESCE(excluded.name, name),
           unsubscribed = 0, updated_at = excluded.updated_at`,
      ).run(key, segment, locale, name ?? null, now, now);
      return { created: !existing || existing.unsubscribed === 1 };
    },
    async unsubscribe(email) {
      const db = migrate('list_contacts', schema);
      const result = db
        .prepare('UPDATE list_contacts SET unsubscribed = 1, updated_at = ? WHERE email = ?')
        .run(new Date().toISOString(), email.toLowerCase());
      return { found: Number(result.changes) > 0 };
    },
  };
}
