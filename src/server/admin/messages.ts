/**
 * `messages`: contact messages and service inquiries as they arrived (newest first), one in full,
 * and a resend of those whose mail to the owner was not delivered.
 */
import { remailOwner } from '../messages/owner-mail';
import { messagesStore, type StoredMessage } from '../messages/messages-store';
import { UsageError, type AdminCommand } from './command';
import { formatRows, outputFormat, terminalText, type Row } from './output';

/** Longer than any mail provider's deadline (10 s): a message untried for this long will not be tried by the server. */
const IN_FLIGHT_MS = 60_000;

const columns = ['id', 'received', 'kind', 'name', 'email', 'topic', 'delivered', 'suspected_spam'];

function row(message: StoredMessage): Row {
  return {
    id: message.id,
    received: message.receivedAt,
    kind: message.kind,
    name: message.name,
    email: message.email,
    topic: message.topic,
    delivered: message.deliveredAt !== null,
    suspected_spam: message.suspectedSpam,
  };
}

function whole(message: StoredMessage): string {
  const fields: Array<[string, string | number | null]> = [
    ['id', message.id],
    ['received', message.receivedAt],
    ['kind', message.kind],
    ['name', message.name],
    ['email', message.email],
    ['phone', message.phone],
    [message.kind === 'inquiry' ? 'area' : 'topic', message.topic],
    ['locale', message.locale],
    ['suspected spam', message.suspectedSpam ? 'yes' : 'no'],
    ['delivered', message.deliveredAt ?? `no (${message.attempts} attempt${message.attempts === 1 ? '' : 's'}${message.lastError ? `: ${message.lastError}` : ''})`],
  ];
  const width = Math.max(...fields.map(([name]) => name.length));
  const head = fields.map(([name, value]) => `${`${name}:`.padEnd(width + 2)}${terminalText(String(value ?? '—')).replace(/\s+/g, ' ')}`);
  return `${head.join('\n')}\n\n${terminalText(message.body)}\n`;
}

async function resend(ids: string[], io: Parameters<AdminCommand['run']>[1]): Promise<number> {
  const targets = ids.length
    ? await Promise.all(
        ids.map(async (id) => {
          const message = await messagesStore().getMessage(id);
          if (!message) throw new UsageError(`No message ${id}.`);
          return message;
        }),
      )
    : (await messagesStore().listMessages({ undelivered: true }))
        .reverse()
        // Not yet tried and just arrived: the server may be sending it right now.
        .filter((message) => message.attempts > 0 || Date.now() - Date.parse(message.receivedAt) > IN_FLIGHT_MS);
  let failed = 0;
  for (const message of targets) {
    const outcome = await remailOwner(message);
    if (!outcome.delivered) failed++;
    io.err(`${message.id}: ${outcome.delivered ? 'delivered' : `not delivered (${outcome.error})`}`);
  }
  io.err(`${targets.length - failed} of ${targets.length} message${targets.length === 1 ? '' : 's'} delivered.`);
  return failed ? 1 : 0;
}

export const messages: AdminCommand = {
  name: 'messages',
  summary: 'contact messages and service inquiries, with whether their mail reached you; resend the undelivered',
  usage: [
    'messages [--json | --csv]          all kept messages, newest first (kept 12 months)',
    'messages show <id>                 one message in full',
    'messages resend [<id>…]            mail again those not delivered (or the ones named)',
    'messages --resend                  the same as `messages resend`',
  ],
  async run(args, io) {
    const { format, rest } = outputFormat(args);
    const [verb, ...words] = rest.filter((arg) => arg !== '--resend');
    if (rest.includes('--resend') || verb === 'resend') return resend(verb === 'resend' ? words : [verb, ...words].filter(Boolean) as string[], io);
    if (verb === 'show') {
      if (words.length !== 1) throw new UsageError('Name one message: messages show <id>.');
      const message = await messagesStore().getMessage(words[0]!);
      if (!message) {
        io.err(`No message ${words[0]}.`);
        return 1;
      }
      io.out(format === 'json' ? `${JSON.stringify(message, null, 2)}\n` : whole(message));
      return 0;
    }
    if (verb !== undefined) throw new UsageError(`Unknown words: ${rest.join(' ')}`);
    io.out(formatRows((await messagesStore().listMessages()).map(row), format, columns));
    return 0;
  },
};
