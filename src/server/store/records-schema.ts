/**
 * The tables of the system of record, as Kysely sees them. The same columns on both engines: times
 * are ISO 8601 text (they sort as they read) or milliseconds since the epoch (bigint), flags are 0/1,
 * so one query serves SQLite and PostgreSQL alike.
 */
import type { Generated } from 'kysely';

export interface MessagesTable {
  id: string;
  kind: string;
  received_at: string;
  name: string;
  email: string;
  phone: string | null;
  topic: string | null;
  locale: string;
  body: string;
  suspected_spam: number;
  delivered_at: string | null;
  attempts: Generated<number>;
  last_error: string | null;
  /** The owner's mail as JSON. */
  mail: string;
}

export interface BookingsTable {
  id: string;
  start_ms: number;
  end_ms: number;
  full_name: string;
  email: string;
  phone: string | null;
  notes: string | null;
  time_zone: string;
  locale: string;
  created_at: string;
}

export interface CancellationsTable extends BookingsTable {
  cancelled_at: string;
  cancelled_by: string;
}

export interface ListContactsTable {
  email: string;
  segment: string;
  locale: string;
  name: string | null;
  unsubscribed: number;
  created_at: string;
  updated_at: string;
}

export interface NewsletterIssuesTable {
  hash: string;
  subject: string;
  locale: string;
  provider: string;
  started_at: string;
  finished_at: string | null;
  broadcast_id: string | null;
}

export interface NewsletterDeliveriesTable {
  hash: string;
  email: string;
  state: 'sending' | 'sent';
  at: string;
}

export interface AskMissesTable {
  id: string;
  question: string;
  locale: string;
  kinds: string;
  count: number;
  first_seen: string;
  last_seen: string;
  /** The best low-confidence result as JSON. */
  best: string | null;
}

export interface OAuthClientsTable {
  client_id: string;
  /** The client as JSON. */
  metadata: string;
  created_at: string;
  expires_at: number;
}

export interface SpamLogTable {
  id: Generated<number>;
  form: string;
  reasons: string;
  email: string | null;
  created_at: string;
}

/** A counter per kind of record whose writers take turns (see record-versions.ts). */
export interface RecordVersionsTable {
  name: string;
  version: number;
}

export interface RecordsDatabase {
  messages: MessagesTable;
  consultation_bookings: BookingsTable;
  consultation_cancellations: CancellationsTable;
  list_contacts: ListContactsTable;
  newsletter_issues: NewsletterIssuesTable;
  newsletter_deliveries: NewsletterDeliveriesTable;
  ask_misses: AskMissesTable;
  oauth_clients: OAuthClientsTable;
  spam_log: SpamLogTable;
  record_versions: RecordVersionsTable;
}
