/**
 * Where registered public clients live, and for how long: the records database (SQLite or
 * PostgreSQL), which every instance shares. Registration is open (RFC 7591), so a client nobody uses
 * must not stay forever: one that never obtained a token is forgotten after the unused lifetime
 * (OAUTH_UNUSED_CLIENT_SECONDS); each token it obtains keeps it for the used lifetime from then on
 * (its refresh tokens cannot outlive that anyway). Every row carries its expiry; expired rows are
 * ignored when read and deleted when a client registers.
 */
import type { Records } from '../store/database';
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

export function recordsClients(records: () => Promise<Records>, lifetimes: ClientLifetimes, now: () => number = Date.now): ClientStore {
  return {
    async find(clientId) {
      const row = await (await records()).selectFrom('oauth_clients').select('metadata').where('client_id', '=', clientId).where('expires_at', '>', now()).executeTakeFirst();
      return row ? (JSON.parse(row.metadata) as OAuthClient) : undefined;
    },
    async save(client) {
      const db = await records();
      const time = now();
      // Each registration clears the expired rows, so the table holds at most what the lifetimes allow.
      await db.deleteFrom('oauth_clients').where('expires_at', '<=', time).execute();
      await db
        .insertInto('oauth_clients')
        .values({ client_id: client.clientId, metadata: JSON.stringify(client), created_at: new Date(client.issuedAt * 1000).toISOString(), expires_at: time + lifetimes.unusedMs })
        .execute();
    },
    async markUsed(client) {
      await (await records())
        .updateTable('oauth_clients')
        .set({ expires_at: now() + lifetimes.usedMs })
        .where('client_id', '=', client.clientId)
        .execute();
    },
  };
}
