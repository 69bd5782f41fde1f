/**
 * Outgoing mail behind one small interface. The real providers are Resend and any SMTP server
 * (nodemailer); the embedded default writes RFC 5322 .eml files to an outbox under DATA_DIR.
 * MAIL_PROVIDER=off means no mail at all: callers answer 501 (not_configured).
 */
import { fault } from '../base/errors';
import { getSettings, type Settings } from '../base/settings';
import { notConfigured, type Probeable } from './probe';
import { createOutboxMail } from './mail-outbox';
import { createResendMail } from './mail-resend';
import { createSmtpMail } from './mail-smtp';
import { headerSafe } from './mail-header';

export { headerSafe };

export interface MailAttachment {
  filename: string;
  content: string | Uint8Array;
  contentType: string;
}

export interface MailMessage {
  to: string[];
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  attachments?: MailAttachment[];
  /**
   * Extra header fields, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) on mail to
   * subscribers, or X-Spam-Flag on a message judged suspicious. Values are made single-line.
   */
  headers?: Record<string, string>;
  /** The sender's display name in the mail's language (the business name); unset: MAIL_FROM as written. */
  fromName?: string;
}

export interface MailProvider extends Probeable {
  readonly name: 'resend' | 'smtp' | 'outbox';
  /** False when mail is kept but reaches nobody (the outbox in production); absent or true otherwise. */
  readonly delivers?: boolean;
  /**
   * Sends one message; throws AppError('provider_unavailable') on failure or timeout. `delivered` is
   * false when the message was kept but not sent to anyone.
   */
  send(message: MailMessage): Promise<{ id: string; delivered?: boolean }>;
}

let provider: MailProvider | undefined;

/** The one choice of mail provider (MAIL_PROVIDER), used by the senders and by /status/ alike. */
export function selectMailProvider(settings: Settings): MailProvider | undefined {
  if (settings.mailProvider === 'off') return undefined;
  if (settings.mailProvider === 'resend') return createResendMail(settings);
  return settings.mailProvider === 'smtp' ? createSmtpMail(settings) : createOutboxMail(settings);
}

/** What /status/ probes for mail: the provider in use, or the switched-off stand-in. */
export function mailStatus(settings: Settings): Probeable {
  return selectMailProvider(settings) ?? notConfigured('off', 'MAIL_PROVIDER=off: the mail endpoints answer 501');
}

/** The configured mail provider; throws not_configured when MAIL_PROVIDER=off. */
export function getMailProvider(): MailProvider {
  const settings = getSettings();
  if (settings.mailProvider === 'off') {
    throw fault('not_configured.mail');
  }
  provider ??= selectMailProvider(settings)!;
  return provider;
}

/** Throws not_configured (501) when MAIL_PROVIDER=off: checked before the body is read. */
export function assertMailEnabled(): void {
  if (getSettings().mailProvider === 'off') {
    throw fault('not_configured.mail_and_list');
  }
}

/**
 * A single-line field (name, topic, full name, phone) as it may appear in a mail: control
 * characters, CR/LF and other line or paragraph separators become one space, bidirectional
 * overrides and isolates (which can make text read backwards) are removed, so no one can forge
 * lines or reorder what the owner reads.
 */
export function singleLine(value: string): string {
  return value
    .replace(/[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g, '')
    .replace(/[\u0000-\u001F\u007F-\u009F\u2028\u2029]+/g, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
