/** Contact messages and service inquiries in the records database (SQLite or PostgreSQL). */
import { getRecords } from '../store/database';
import type { MessagesTable } from '../store/records-schema';
import type { Selectable } from 'kysely';
import type { MessagesStore, StoredMessage } from './messages-store';
import { MESSAGE_RETENTION_DAYS } from './retention';
import { mailOf, storedMail } from './stored-mail';

function fromRow(row: Selectable<MessagesTable>): StoredMessage {
  return {
    id: row.id,
    kind: row.kind === 'inquiry' ? 'inquiry' : 'contact',
    receivedAt: row.received_at,
    name: row.name,
    email: row.email,
    phone: row.phone,
    topic: row.topic,
    locale: row.locale,
    body: row.body,
    suspectedSpam: Number(row.suspected_spam) === 1,
    deliveredAt: row.delivered_at,
    attempts: Number(row.attempts),
    lastError: row.last_error,
    mail: mailOf(row.mail, row.body),
  };
}

export const recordsMessages: MessagesStore = {
  async recordMessage(message, now = new Date()) {
    const db = await getRecords();
    await db
      .insertInto('messages')
      .values({
        id: message.id,
        kind: message.kind,
        received_at: now.toISOString(),
        name: message.name,
        email: message.email,
        phone: message.phone,
        topic: message.topic,
        locale: message.locale,
        body: message.body,
        suspected_spam: message.suspectedSpam ? 1 : 0,
        mail: storedMail(message.mail, message.body),
      })
      .execute();
    await db
      .deleteFrom('messages')
      .where('received_at', '<', new Date(now.getTime() - MESSAGE_RETENTION_DAYS * 86_400_000).toISOString())
      .execute();
  },

  async recordDelivery(id, outcome) {
    const db = await getRecords();
    await db
      .updateTable('messages')
      .set((eb) =>
        outcome.delivered
          ? { delivered_at: new Date().toISOString(), attempts: eb('attempts', '+', 1), last_error: null }
          : { attempts: eb('attempts', '+', 1), last_error: outcome.error.slice(0, 500) },
      )
      .where('id', '=', id)
      .execute();
  },

  async listMessages(options = {}) {
    const db = await getRecords();
    let query = db.selectFrom('messages').selectAll().orderBy('received_at', 'desc').orderBy('id');
    if (options.undelivered) query = query.where('delivered_at', 'is', null);
    return (await query.execute()).map(fromRow);
  },

  async getMessage(id) {
    const db = await getRecords();
    const row = await db.selectFrom('messages').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? fromRow(row) : undefined;
  },
};
