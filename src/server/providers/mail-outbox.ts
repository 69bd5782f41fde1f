/**
 * The embedded mail provider: each message is one RFC 5322 .eml file in DATA_DIR/outbox, composed
 * by nodemailer's message composer (the same MIME code the SMTP provider sends). A file appears whole
 * or not at all (written to a temporary name, synced, then renamed), for the owner only, and is kept
 * as long as the privacy policy keeps messages (OUTBOX_RETENTION_DAYS). In production nothing leaves
 * the server: the mail is kept, not delivered, and says so.
 */
import { senderOf } from './mail-sender';
import { randomUUID } from 'node:crypto';
import { open, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import MailComposer from 'nodemailer/lib/mail-composer';
import { logger } from '../base/log';
import type { Settings } from '../base/settings';
import { isProduction } from '../base/settings-warnings';
import { headerSafe } from './mail-header';
import type { MailMessage, MailProvider } from './mail';
import { PRIVATE_FILE_MODE, privateDirectory, probeWritableDirectory } from '../store/data-dir';

/**
 * How long an .eml file is kept: the privacy policy (content/pages/en/privacy-policy.md) keeps
 * messages and bookings 12 months, and the outbox holds copies of them.
 */
export const OUTBOX_RETENTION_DAYS = 365;

/** A temporary file older than this was left by a process that stopped mid-write. */
const STALE_TEMPORARY_MS = 60 * 60_000;

/** Pruning runs on a write at most this often (and once when the provider is made). */
const PRUNE_INTERVAL_MS = 60 * 60_000;

const DAY_MS = 86_400_000;

/** Writes `text` to `path` whole or not at all: a temporary file in the same folder, synced, renamed. */
export async function writeWhole(path: string, text: string): Promise<void> {
  const temporary = `${path}.${randomUUID()}.tmp`;
  try {
    const file = await open(temporary, 'wx', PRIVATE_FILE_MODE);
    try {
      await file.writeFile(text);
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true }).catch(() => undefined);
    throw error;
  }
}

/** Removes .eml files older than the retention, and temporary files a stopped write left. */
export async function pruneOutbox(directory: string, now = Date.now(), retentionDays = OUTBOX_RETENTION_DAYS): Promise<number> {
  let names: string[];
  try {
    names = await readdir(directory);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  let removed = 0;
  for (const name of names) {
    const limit = name.endsWith('.eml') ? retentionDays * DAY_MS : name.endsWith('.tmp') ? STALE_TEMPORARY_MS : undefined;
    if (limit === undefined) continue;
    const path = join(directory, name);
    const { mtimeMs } = await stat(path).catch(() => ({ mtimeMs: now }));
    if (now - mtimeMs > limit) {
      await rm(path, { force: true });
      removed++;
    }
  }
  return removed;
}

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

/** When each outbox was last pruned in this process (the provider is made anew for /status/). */
const prunedAt = new Map<string, number>();

function pruneNowAndThen(directory: string): void {
  if (Date.now() - (prunedAt.get(directory) ?? 0) < PRUNE_INTERVAL_MS) return;
  prunedAt.set(directory, Date.now());
  pruneOutbox(directory)
    .then((removed) => removed > 0 && logger().info(`[outbox] removed ${removed} file(s) past ${OUTBOX_RETENTION_DAYS} days`))
    .catch((error: unknown) => logger().error({ err: error }, '[outbox] could not prune old mail'));
}

export function createOutboxMail(settings: Settings, environment: Record<string, string | undefined> = process.env): MailProvider {
  const directory = join(settings.DATA_DIR, 'outbox');
  // In production an outbox is where mail stops: nobody receives it.
  const delivers = !isProduction(environment);
  const prune = () => pruneNowAndThen(directory);
  prune();
  return {
    name: 'outbox',
    delivers,
    describe: () => ({ provider: 'outbox', external: false }),
    probe: async () => {
      const writable = await probeWritableDirectory(directory, 'outbox directory');
      return delivers ? writable : { state: 'not_delivered', detail: `mail is kept in ${directory}, not delivered: no mail provider is configured` };
    },
    async send(message) {
      const id = randomUUID();
      privateDirectory(directory);
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      await writeWhole(join(directory, `${stamp}-${id}.eml`), await buildEml(message, senderOf(settings.mailFrom, message.fromName), id));
      prune();
      return { id, delivered: delivers };
    },
  };
}
