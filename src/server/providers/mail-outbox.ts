/**
 * The embedded mail provider: each message is one RFC 5322 .eml file in DATA_DIR/outbox, composed
 * by nodemailer's message composer (the same MIME code the SMTP provider sends).
 */
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import MailComposer from 'nodemailer/lib/mail-composer';
import type { Settings } from '../settings';
import { headerSafe } from './mail-header';
import type { MailMessage, MailProvider } from './mail';
import { probeWritableDirectory } from './probe';

/** nodemailer's message options for one of our messages (shared with the SMTP provider). */
export function composerOptions(message: MailMessage, from: string) {
  return {
    from,
    to: message.to,
    ...(message.replyTo ? { replyTo: headerSafe(message.replyTo) } : {}),
    subject: headerSafe(message.subject),
    text: message.text,
    ...(message.html ? { html: message.html } : {}),
    ...(message.headers ? { headers: Object.fromEntries(Object.entries(message.headers).map(([name, value]) => [headerSafe(name), headerSafe(value)])) } : {}),
    attachments: (message.attachments ?? []).map((attachment) => ({
      filename: headerSafe(attachment.filename),
      content: typeof attachment.content === 'string' ? attachment.content : Buffer.from(attachment.content),
      contentType: headerSafe(attachment.contentType),
      // Base64 keeps the bytes exact: an .ics must keep its CRLF line ends, which text encodings may not.
      contentTransferEncoding: 'base64',
    })),
  };
}

/** The full message text (CRLF line ends, encoded headers and bodies, multipart when needed). */
export async function buildEml(message: MailMessage, from: string, id: string, date = new Date()): Promise<string> {
  const composer = new MailComposer({ ...composerOptions(message, from), messageId: `<${id}@outbox.local>`, date });
  return (await composer.compile().build()).toString('utf8');
}

export function createOutboxMail(settings: Settings): MailProvider {
  const directory = join(settings.DATA_DIR, 'outbox');
  return {
    name: 'outbox',
    describe: () => ({ provider: 'outbox', external: false }),
    probe: () => probeWritableDirectory(directory, 'outbox directory'),
    async send(message) {
      const id = randomUUID();
      await mkdir(directory, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      await writeFile(join(directory, `${stamp}-${id}.eml`), await buildEml(message, settings.mailFrom, id));
      return { id };
    },
  };
}
