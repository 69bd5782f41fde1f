/**
 * Outgoing mail behind one small interface. The real provider is Resend; the embedded default
 * writes RFC 5322 .eml files to an outbox under DATA_DIR. MAIL_PROVIDER=off means no mail at all:
 * callers answer 501 (not_configured).
 */
import { AppError } from '../errors';
import { getSettings } from '../settings';
import { createOutboxMail } from './mail-outbox';
import { createResendMail } from './mail-resend';

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
}

export interface MailProvider {
  readonly name: 'resend' | 'outbox';
  /** Sends one message; throws AppError('provider_unavailable') on failure or timeout. */
  send(message: MailMessage): Promise<{ id: string }>;
}

let provider: MailProvider | undefined;

/** The configured mail provider; throws not_configured when MAIL_PROVIDER=off. */
export function getMailProvider(): MailProvider {
  const settings = getSettings();
  if (settings.mailProvider === 'off') {
    throw new AppError('not_configured', 'E-mail is switched off on this deployment (MAIL_PROVIDER=off).');
  }
  provider ??= settings.mailProvider === 'resend' ? createResendMail(settings) : createOutboxMail(settings);
  return provider;
}

/** Throws not_configured (501) when MAIL_PROVIDER=off: checked before the body is read. */
export function assertMailEnabled(): void {
  if (getSettings().mailProvider === 'off') {
    throw new AppError('not_configured', 'E-mail and the mailing list are switched off on this deployment (MAIL_PROVIDER=off).');
  }
}

/** Header values must never carry line breaks (header injection). */
export function headerSafe(value: string): string {
  return value.replace(/[\r\n]+/g, ' ').trim();
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
