/** The embedded mailing list in the embedded database (one machine): a table of contacts. */
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { migrate } from '../store/database';
import type { Segment } from './newsletter';
import type { ContactsStore, ListedContact } from './newsletter-embedded';

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

interface Statements {
  file: StatementSync;
  find: StatementSync;
  upsert: StatementSync;
  unsubscribe: StatementSync;
  seen: StatementSync;
}

let prepared: { db: DatabaseSync; statements: Statements } | undefined;

/** Statements are compiled once per database connection, not per request. */
function statements(): Statements {
  const db = migrate('list_contacts', schema);
  if (prepared?.db !== db) {
    prepared = {
      db,
      statements: {
        find: db.prepare('SELECT unsubscribed, locale, name FROM list_contacts WHERE email = ? AND segment = ?'),
        upsert: db.prepare(
          `INSERT INTO list_contacts (email, segment, locale, name, unsubscribed, created_at, updated_at)
           VALUES (?, ?, ?, ?, 0, ?, ?)
           ON CONFLICT (email, segment) DO UPDATE SET locale = excluded.locale, name = COALESCE(excluded.name, name),
             unsubscribed = 0, updated_at = excluded.updated_at`,
        ),
        unsubscribe: db.prepare('UPDATE list_contacts SET unsubscribed = 1, updated_at = ? WHERE email = ? AND unsubscribed = 0'),
        seen: db.prepare('SELECT 1 FROM list_contacts WHERE email = ? LIMIT 1'),
        // Filing (segment Kontakt) never re-subscribes: an address unsubscribed anywhere stays so.
        file: db.prepare(
          `INSERT INTO list_contacts (email, segment, locale, name, unsubscribed, created_at, updated_at)
           VALUES (?, ?, ?, ?, EXISTS (SELECT 1 FROM list_contacts WHERE email = ? AND unsubscribed = 1), ?, ?)
           ON CONFLICT (email, segment) DO UPDATE SET locale = excluded.locale, name = COALESCE(excluded.name, name),
             updated_at = excluded.updated_at`,
        ),
      },
    };
  }
  return prepared.statements;
}

function listSegment(segment: Segment): ListedContact[] {
  const db = migrate('list_contacts', schema);
  const rows = db
    .prepare('SELECT email, locale, name, unsubscribed, created_at, updated_at FROM list_contacts WHERE segment = ? ORDER BY created_at, email')
    .all(segment) as Array<{ email: string; locale: string; name: string | null; unsubscribed: number; created_at: string; updated_at: string }>;
  return rows.map((row) => ({ email: row.email, locale: row.locale, name: row.name, unsubscribed: row.unsubscribed === 1, createdAt: row.created_at, updatedAt: row.updated_at }));
}

export const sqliteContacts: ContactsStore = {
  listSegment: async (segment) => listSegment(segment),
  async add({ email, locale, segment, name }) {
    const { find, upsert, file } = statements();
    const key = email.toLowerCase();
    if (segment !== 'newsletter') {
      const existing = find.get(key, segment);
      const now = new Date().toISOString();
      file.run(key, segment, locale, name ?? null, key, now, now);
      return { created: !existing };
    }
    const existing = find.get(key, segment) as { unsubscribed: number; locale: string; name: string | null } | undefined;
    // Already subscribed with the same details: nothing to write (the idempotent path stays a read).
    if (existing && existing.unsubscribed === 0 && existing.locale === locale && (name === undefined || name === existing.name)) {
      return { created: false };
    }
    const now = new Date().toISOString();
    upsert.run(key, segment, locale, name ?? null, now, now);
    return { created: !existing || existing.unsubscribed === 1 };
  },
  async unsubscribe(email) {
    const key = email.toLowerCase();
    const result = statements().unsubscribe.run(new Date().toISOString(), key);
    if (Number(result.changes) > 0) return { found: true };
    // Already unsubscribed counts as found; only an address never seen is not.
    const seen = statements().seen.get(key);
    return { found: Boolean(seen) };
  },
};
