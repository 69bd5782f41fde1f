/**
 * The records' first schema. A site.sqlite made before versioned migrations already holds these
 * tables under the same names and columns (each feature created its own with CREATE TABLE IF NOT
 * EXISTS), so every statement here keeps what exists: an upgrade loses no row. The one table that
 * changed shape then, oauth_clients, gets its expiry column if it lacks it.
 */
import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Engine } from '../engine';

const notNull = (column: ColumnDefinitionBuilder) => column.notNull();

export function records(engine: Engine): Migration {
  return {
    // A migration runs before the typed schema exists: Kysely types it over any database.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('messages')
        .ifNotExists()
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('kind', 'text', notNull)
        .addColumn('received_at', 'text', notNull)
        .addColumn('name', 'text', notNull)
        .addColumn('email', 'text', notNull)
        .addColumn('phone', 'text')
        .addColumn('topic', 'text')
        .addColumn('locale', 'text', notNull)
        .addColumn('body', 'text', notNull)
        .addColumn('suspected_spam', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('delivered_at', 'text')
        .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('last_error', 'text')
        .addColumn('mail', 'text', notNull)
        .execute();
      await db.schema.createIndex('messages_received').ifNotExists().on('messages').column('received_at').execute();

      // The live bookings hold only the slots taken: a start is UNIQUE there, the last line of
      // defence against a double booking. A cancelled booking moves to the cancellations.
      for (const table of ['consultation_bookings', 'consultation_cancellations'] as const) {
        let create = db.schema
          .createTable(table)
          .ifNotExists()
          .addColumn('id', 'text', (column) => column.primaryKey())
          .addColumn('start_ms', 'bigint', (column) => (table === 'consultation_bookings' ? column.notNull().unique() : column.notNull()))
          .addColumn('end_ms', 'bigint', notNull)
          .addColumn('full_name', 'text', notNull)
          .addColumn('email', 'text', notNull)
          .addColumn('phone', 'text')
          .addColumn('notes', 'text')
          .addColumn('time_zone', 'text', notNull)
          .addColumn('locale', 'text', notNull)
          .addColumn('created_at', 'text', notNull);
        if (table === 'consultation_cancellations') create = create.addColumn('cancelled_at', 'text', notNull).addColumn('cancelled_by', 'text', notNull);
        await create.execute();
      }
      await db.schema.createIndex('consultation_bookings_end').ifNotExists().on('consultation_bookings').column('end_ms').execute();

      await db.schema
        .createTable('list_contacts')
        .ifNotExists()
        .addColumn('email', 'text', notNull)
        .addColumn('segment', 'text', notNull)
        .addColumn('locale', 'text', notNull)
        .addColumn('name', 'text')
        .addColumn('unsubscribed', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('created_at', 'text', notNull)
        .addColumn('updated_at', 'text', notNull)
        .addPrimaryKeyConstraint('list_contacts_pkey', ['email', 'segment'])
        .execute();

      await db.schema
        .createTable('newsletter_issues')
        .ifNotExists()
        .addColumn('hash', 'text', (column) => column.primaryKey())
        .addColumn('subject', 'text', notNull)
        .addColumn('locale', 'text', notNull)
        .addColumn('provider', 'text', notNull)
        .addColumn('started_at', 'text', notNull)
        .addColumn('finished_at', 'text')
        .addColumn('broadcast_id', 'text')
        .execute();
      await db.schema
        .createTable('newsletter_deliveries')
        .ifNotExists()
        .addColumn('hash', 'text', (column) => column.notNull().references('newsletter_issues.hash'))
        .addColumn('email', 'text', notNull)
        .addColumn('state', 'text', notNull)
        .addColumn('at', 'text', notNull)
        .addPrimaryKeyConstraint('newsletter_deliveries_pkey', ['hash', 'email'])
        .execute();

      await db.schema
        .createTable('ask_misses')
        .ifNotExists()
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('question', 'text', notNull)
        .addColumn('locale', 'text', notNull)
        .addColumn('kinds', 'text', notNull)
        .addColumn('count', 'integer', notNull)
        .addColumn('first_seen', 'text', notNull)
        .addColumn('last_seen', 'text', notNull)
        .addColumn('best', 'text')
        .execute();
      await db.schema.createIndex('ask_misses_last_seen').ifNotExists().on('ask_misses').column('last_seen').execute();
      await db.schema.createIndex('ask_misses_rank').ifNotExists().on('ask_misses').columns(['count', 'last_seen']).execute();

      await db.schema
        .createTable('oauth_clients')
        .ifNotExists()
        .addColumn('client_id', 'text', (column) => column.primaryKey())
        .addColumn('metadata', 'text', notNull)
        .addColumn('created_at', 'text', notNull)
        .addColumn('expires_at', 'bigint')
        .execute();
      if (engine === 'sqlite') {
        const columns = await sql<{ name: string }>`PRAGMA table_info(oauth_clients)`.execute(db);
        if (!columns.rows.some((column) => column.name === 'expires_at')) await sql`ALTER TABLE oauth_clients ADD COLUMN expires_at INTEGER`.execute(db);
      }
      // Rows from before clients expired: whether they were used is unknown, so they get the kinder
      // lifetime (a used client's: 30 days, its refresh tokens' own).
      await db
        .updateTable('oauth_clients')
        .set({ expires_at: Date.now() + 30 * 86_400_000 })
        .where('expires_at', 'is', null)
        .execute();
      await db.schema.createIndex('oauth_clients_expires_at').ifNotExists().on('oauth_clients').column('expires_at').execute();

      await db.schema
        .createTable('spam_log')
        .ifNotExists()
        .addColumn('id', engine === 'postgresql' ? 'bigserial' : 'integer', (column) => (engine === 'postgresql' ? column.primaryKey() : column.primaryKey().autoIncrement()))
        .addColumn('form', 'text', notNull)
        .addColumn('reasons', 'text', notNull)
        .addColumn('email', 'text')
        .addColumn('created_at', 'text', notNull)
        .execute();

      await db.schema
        .createTable('record_versions')
        .ifNotExists()
        .addColumn('name', 'text', (column) => column.primaryKey())
        .addColumn('version', 'bigint', (column) => column.notNull().defaultTo(0))
        .execute();
      await db
        .insertInto('record_versions')
        .values([{ name: 'bookings' }, { name: 'ask_misses' }])
        .onConflict((conflict) => conflict.column('name').doNothing())
        .execute();
    },
  };
}
