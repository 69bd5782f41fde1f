/**
 * Where registered public clients live, and for how long. Registration is open (RFC 7591), so a
 * client nobody uses must not stay forever: one that never obtained a token is forgotten after the
 * unused lifetime (OAUTH_UNUSED_CLIENT_SECONDS); each token it obtains keeps it for the used lifetime
 * from then on (its refresh tokens cannot outlive that anyway).
 *
 * Two places, one behaviour: the shared store (Redis or Upstash, and process memory while they are
 * away), where the key's TTL does the forgetting, and the embedded database, where every row carries
 * its expiry and expired rows are ignored when read and deleted when a client registers.
 */
import type { DatabaseSync } from 'node:sqlite';
import type { SharedStore } from '../store';
import type { OAuthClient } from './clients';

export interface ClientLifetimes {
  /** How long a client that never obtained a token is kept. */
  unusedMs: number;
  /** How long a client is kept after its last token. */
  usedMs: number;
}

export interface ClientStore {
  find(clientId: string): Promise<OAuthClient | undefined>;
  /** A newly registered client: kept for the unused lifetime. */
  save(client: OAuthClient): Promise<void>;
  /** The client obtained a token: kept for the used lifetime from now. */
  markUsed(client: OAuthClient): Promise<void>;
}

const keyOf = (clientId: string) => `oauth:client:${clientId}`;

export function sharedStoreClients(store: SharedStore, lifetimes: ClientLifetimes): ClientStore {
  return {
    async find(clientId) {
      const stored = await store.get(keyOf(clientId));
      return stored ? (JSON.parse(stored) as OAuthClient) : undefined;
    },
    async save(client) {
      await store.set(keyOf(client.clientId), JSON.stringify(client), lifetimes.unusedMs);
    },
    async markUsed(client) {
      await store.set(keyOf(client.clientId), JSON.stringify(client), lifetimes.usedMs);
    },
  };
}

const schema = `
CREATE TABLE IF NOT EXISTS oauth_clients (
  client_id TEXT PRIMARY KEY,
  metadata TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at INTEGER
);`;

/** Creates the table, or adds the expiry to a table made before clients expired (its rows get the used lifetime from now). */
export function migrateClientTable(database: DatabaseSync, lifetimes: ClientLifetimes, now: () => number = Date.now): void {
  database.exec(schema);
  const columns = database.prepare('PRAGMA table_info(oauth_clients)').all() as Array<{ name: string }>;
  if (!columns.some((column) => column.name === 'expires_at')) database.exec('ALTER TABLE oauth_clients ADD COLUMN expires_at INTEGER');
  // Rows from before expiry existed: whether they were used is unknown, so they get the kinder lifetime.
  database.prepare('UPDATE oauth_clients SET expires_at = ? WHERE expires_at IS NULL').run(now() + lifetimes.usedMs);
  database.exec('CREATE INDEX IF NOT EXISTS oauth_clients_expires_at ON oauth_clients (expires_at)');
}

export function databaseClients(database: DatabaseSync, lifetimes: ClientLifetimes, now: () => number = Date.now): ClientStore {
  return {
    async find(clientId) {
      const row = database.prepare('SELECT metadata FROM oauth_clients WHERE client_id = ? AND expires_at > ?').get(clientId, now()) as
        | { metadata: string }
        | undefined;
      return row ? (JSON.parse(row.metadata) as OAuthClient) : undefined;
    },
    async save(client) {
      const time = now();
      // Each registration clears the expired rows, so the table holds at most what the lifetimes allow.
      database.prepare('DELETE FROM oauth_clients WHERE expires_at <= ?').run(time);
      database
        .prepare('INSERT INTO oauth_clients (client_id, metadata, created_at, expires_at) VALUES (?, ?, ?, ?)')
        .run(client.clientId, JSON.stringify(client), new Date(client.issuedAt * 1000).toISOString(), time + lifetimes.unusedMs);
    },
    async markUsed(client) {
      database.prepare('UPDATE oauth_clients SET expires_at = ? WHERE client_id = ?').run(now() + lifetimes.usedMs, client.clientId);
    },
  };
}
