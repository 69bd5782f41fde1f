/**
 * What arrives through the contact form and as service inquiries, kept when it arrives (before its
 * mail to the owner is sent), with whether that mail was delivered: a mail provider that fails loses
 * nothing, and `npm run admin -- messages --resend` sends it again. Kept in the records database
 * (messages-records.ts), which every instance and the admin commands share.
 *
 * Personal data, so it is kept MESSAGE_RETENTION_DAYS (12 months) from arrival; older ones are
 * forgotten whenever a new message is written.
 */
import { randomBytes } from 'node:crypto';
import type { MailMessage } from '../providers/mail';
import { recordsMessages } from './messages-records';

export { MESSAGE_RETENTION_DAYS } from './retention';

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

export type Incoming = Omit<StoredMessage, 'receivedAt' | 'deliveredAt' | 'attempts' | 'lastError'>;

/** One attempt to mail the owner: delivered, or the reason it was not. */
export type Delivery = { delivered: true } | { delivered: false; error: string };

export interface MessagesStore {
  /** Keeps a message as it arrives and forgets those older than the retention period. */
  recordMessage(message: Incoming, now?: Date): Promise<void>;
  recordDelivery(id: string, outcome: Delivery): Promise<void>;
  /** Newest first; `undelivered` keeps only those whose mail was never accepted. */
  listMessages(options?: { undelivered?: boolean }): Promise<StoredMessage[]>;
  getMessage(id: string): Promise<StoredMessage | undefined>;
}

/** Short, unambiguous id, e.g. MSG-7F3K9Q (an inquiry keeps its INQ- reference). */
export function newMessageId(prefix = 'MSG'): string {
  const alphabet = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
  return `${prefix}-${Array.from(randomBytes(6), (byte) => alphabet[byte % alphabet.length]).join('')}`;
}

export const messagesStore = (): MessagesStore => recordsMessages;
