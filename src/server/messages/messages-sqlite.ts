/** Contact messages and service inquiries in the embedded database (one machine). */
import { migrate } from '../store/database';
import type { Incoming, MessagesStore, StoredMessage, Delivery } from './messages-store';
import { MESSAGE_RETENTION_DAYS } from './retention';
import type { MailMessage } from '../providers/mail';

const schema = `
CREATE TABLE IF NOT EXISTS messages (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  received_at TEXT NOT NULL,
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  phone TEXT,
  topic TEXT,
  locale TEXT NOT NULL,
  body TEXT NOT NULL,
  suspected_spam INTEGER NOT NULL DEFAULT 0,
  delivered_at TEXT,
  attempts INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  mail TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS messages_received ON messages (received_at);`;

const db = () => migrate('messages', schema);

/** Keeps a message as it arrives and forgets those older than the retention period. */
function recordMessage(message: Incoming, now = new Date()): void {
  const database = db();
  database
    .prepare(
      `INSERT INTO messages (id, kind, received_at, name, email, phone, topic, locale, body, suspected_spam, mail)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      message.id,
      message.kind,
      now.toISOString(),
      message.name,
      message.email,
      message.phone,
      message.topic,
      message.locale,
      message.body,
      message.suspectedSpam ? 1 : 0,
      JSON.stringify(message.mail),
    );
  database.prepare('DELETE FROM messages WHERE received_at < ?').run(new Date(now.getTime() - MESSAGE_RETENTION_DAYS * 86_400_000).toISOString());
}

/** Records one attempt to mail the owner: delivered, or the reason it was not. */
function recordDelivery(id: string, outcome: Delivery): void {
  if (outcome.delivered) {
    db().prepare('UPDATE messages SET delivered_at = ?, attempts = attempts + 1, last_error = NULL WHERE id = ?').run(new Date().toISOString(), id);
  } else {
    db().prepare('UPDATE messages SET attempts = attempts + 1, last_error = ? WHERE id = ?').run(outcome.error.slice(0, 500), id);
  }
}

/** A row: the message's own fields, but for those SQLite keeps under other names and types. */
type Row = Omit<StoredMessage, 'receivedAt' | 'suspectedSpam' | 'deliveredAt' | 'lastError' | 'mail'> & {
  received_at: string;
  suspected_spam: number;
  delivered_at: string | null;
  last_error: string | null;
  mail: string;
};

function fromRow({ received_at, suspected_spam, delivered_at, last_error, mail, ...same }: Row): StoredMessage {
  return {
    ...same,
    receivedAt: received_at,
    suspectedSpam: suspected_spam === 1,
    deliveredAt: delivered_at,
    lastError: last_error,
    mail: JSON.parse(mail) as MailMessage,
  };
}

/** Newest first; `undelivered` keeps only those whose mail was never accepted. */
function listMessages(options: { undelivered?: boolean } = {}): StoredMessage[] {
  const where = options.undelivered ? 'WHERE delivered_at IS NULL' : '';
  return (db().prepare(`SELECT * FROM messages ${where} ORDER BY received_at DESC, id`).all() as unknown as Row[]).map(fromRow);
}

function getMessage(id: string): StoredMessage | undefined {
  const row = db().prepare('SELECT * FROM messages WHERE id = ?').get(id) as unknown as Row | undefined;
  return row ? fromRow(row) : undefined;
}

export const sqliteMessages: MessagesStore = {
  recordMessage: async (message, now) => recordMessage(message, now),
  recordDelivery: async (id, outcome) => recordDelivery(id, outcome),
  listMessages: async (options) => listMessages(options),
  getMessage: async (id) => getMessage(id),
};
