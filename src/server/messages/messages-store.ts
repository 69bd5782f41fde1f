/**
 * What arrives through the contact form and as service inquiries, kept in the embedded database when
 * it arrives (before its mail to the owner is sent), with whether that mail was delivered: a mail
 * provider that fails loses nothing, and `npm run admin -- messages --resend` sends it again.
 *
 * Personal data, so it is kept MESSAGE_RETENTION_DAYS (12 months) from arrival; older rows are
 * deleted whenever a new message is written.
 */
import { randomBytes } from 'node:crypto';
import type { MailMessage } from '../providers/mail';
import { migrate } from '../store/database';

export const MESSAGE_RETENTION_DAYS = 365;

export type MessageKind = 'contact' | 'inquiry';

export interface StoredMessage {
  id: string;
  kind: MessageKind;
  receivedAt: string;
  name: string;
  email: string;
  phone: string | null;
  /** The contact form's topic, or the inquiry's support area. */
  topic: string | null;
  locale: string;
  body: string;
  suspectedSpam: boolean;
  /** When the owner's mail was accepted by the provider; null while it was not. */
  deliveredAt: string | null;
  attempts: number;
  lastError: string | null;
  /** The mail to the owner exactly as composed, so a resend is the same mail. */
  mail: MailMessage;
}

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

/** Short, unambiguous id, e.g. MSG-7F3K9Q (an inquiry keeps its INQ- reference). */
export function newMessageId(prefix = 'MSG'): string {
  const alphabet = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
  return `${prefix}-${Array.from(randomBytes(6), (byte) => alphabet[byte % alphabet.length]).join('')}`;
}

type Incoming = Omit<StoredMessage, 'receivedAt' | 'deliveredAt' | 'attempts' | 'lastError'>;

/** Keeps a message as it arrives and forgets those older than the retention period. */
export function recordMessage(message: Incoming, now = new Date()): void {
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
export function recordDelivery(id: string, outcome: { delivered: true } | { delivered: false; error: string }): void {
  if (outcome.delivered) {
    db().prepare('UPDATE messages SET delivered_at = ?, attempts = attempts + 1, last_error = NULL WHERE id = ?').run(new Date().toISOString(), id);
  } else {
    db().prepare('UPDATE messages SET attempts = attempts + 1, last_error = ? WHERE id = ?').run(outcome.error.slice(0, 500), id);
  }
}

interface Row {
  id: string;
  kind: MessageKind;
  received_at: string;
  name: string;
  email: string;
  phone: string | null;
  topic: string | null;
  locale: string;
  body: string;
  suspected_spam: number;
  delivered_at: string | null;
  attempts: number;
  last_error: string | null;
  mail: string;
}

function fromRow(row: Row): StoredMessage {
  return {
    id: row.id,
    kind: row.kind,
    receivedAt: row.received_at,
    name: row.name,
    email: row.email,
    phone: row.phone,
    topic: row.topic,
    locale: row.locale,
    body: row.body,
    suspectedSpam: row.suspected_spam === 1,
    deliveredAt: row.delivered_at,
    attempts: row.attempts,
    lastError: row.last_error,
    mail: JSON.parse(row.mail) as MailMessage,
  };
}

/** Newest first; `undelivered` keeps only those whose mail was never accepted. */
export function listMessages(options: { undelivered?: boolean } = {}): StoredMessage[] {
  const where = options.undelivered ? 'WHERE delivered_at IS NULL' : '';
  return (db().prepare(`SELECT * FROM messages ${where} ORDER BY received_at DESC, id`).all() as unknown as Row[]).map(fromRow);
}

export function getMessage(id: string): StoredMessage | undefined {
  const row = db().prepare('SELECT * FROM messages WHERE id = ?').get(id) as unknown as Row | undefined;
  return row ? fromRow(row) : undefined;
}
