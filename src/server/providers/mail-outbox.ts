/** The embedded mail provider: each message is one RFC 5322 .eml file in DATA_DIR/outbox. */
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Settings } from '../settings';
import { headerSafe, type MailMessage, type MailProvider } from './mail';

/** RFC 2047 encoded-word for non-ASCII header text. */
function encodeHeader(value: string): string {
  const safe = headerSafe(value);
  return /^[\x20-\x7e]*$/.test(safe) ? safe : `=?UTF-8?B?${Buffer.from(safe, 'utf8').toString('base64')}?=`;
}

/** An address header: only the display name may be encoded; the address itself stays ASCII. */
function encodeAddress(value: string): string {
  const safe = headerSafe(value);
  const match = /^(.*?)\s*<([^<>]+)>$/.exec(safe);
  if (!match || !match[1]) return safe;
  const name = match[1].replace(/^"|"$/g, '');
  return `${/^[\x20-\x7e]*$/.test(name) ? `"${name.replace(/(["\\])/g, '\\$1')}"` : encodeHeader(name)} <${match[2]}>`;
}

function base64Lines(content: string | Uint8Array): string {
  const encoded = Buffer.from(content).toString('base64');
  return encoded.replace(/.{1,76}/g, '$&\r\n');
}

/** Builds the full message text (CRLF line ends, base64 bodies, multipart when needed). */
export function buildEml(message: MailMessage, from: string, id: string, date = new Date()): string {
  const boundary = (name: string) => `=_${name}_${id}`;
  const headers = [
    `From: ${encodeAddress(from)}`,
    `To: ${message.to.map(encodeAddress).join(', ')}`,
    ...(message.replyTo ? [`Reply-To: ${encodeAddress(message.replyTo)}`] : []),
    `Subject: ${encodeHeader(message.subject)}`,
    `Date: ${date.toUTCString().replace('GMT', '+0000')}`,
    `Message-ID: <${id}@outbox.local>`,
    'MIME-Version: 1.0',
  ];
  const textPart = ['Content-Type: text/plain; charset=utf-8', 'Content-Transfer-Encoding: base64', '', base64Lines(message.text)];
  const bodyPart = message.html
    ? [
        `Content-Type: multipart/alternative; boundary="${boundary('alt')}"`,
        '',
        `--${boundary('alt')}`,
        ...textPart,
        `--${boundary('alt')}`,
        'Content-Type: text/html; charset=utf-8',
        'Content-Transfer-Encoding: base64',
        '',
        base64Lines(message.html),
        `--${boundary('alt')}--`,
        '',
      ]
    : textPart;
  const attachments = message.attachments ?? [];
  if (attachments.length === 0) return [...headers, ...bodyPart].join('\r\n');
  return [
    ...headers,
    `Content-Type: multipart/mixed; boundary="${boundary('mix')}"`,
    '',
    `--${boundary('mix')}`,
    ...bodyPart,
    ...attachments.flatMap((attachment) => [
      `--${boundary('mix')}`,
      `Content-Type: ${headerSafe(attachment.contentType)}; name="${headerSafe(attachment.filename)}"`,
      `Content-Disposition: attachment; filename="${headerSafe(attachment.filename)}"`,
      'Content-Transfer-Encoding: base64',
      '',
      base64Lines(attachment.content),
    ]),
    `--${boundary('mix')}--`,
    '',
  ].join('\r\n');
}

export function createOutboxMail(settings: Settings): MailProvider {
  const directory = join(settings.DATA_DIR, 'outbox');
  return {
    name: 'outbox',
    async send(message) {
      const id = randomUUID();
      await mkdir(directory, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      await writeFile(join(directory, `${stamp}-${id}.eml`), buildEml(message, settings.mailFrom, id));
      return { id };
    },
  };
}
