/**
 * Mail to the owner about a message that arrived: the message is kept first, then mailed, then
 * marked delivered or not. A message the records database cannot take fails the caller before any mail
 * goes out (a full disk or a database away answers 503 storage_unavailable), so nobody is told
 * "received" about a message that is not kept; a mail that fails still fails the caller (retryable
 * 502) but stays kept, to be resent. Only the delivery marks, written after the message, are
 * best-effort.
 */
import { escapeHtml, getMailProvider, headerSafe, type MailMessage } from '../providers/mail';
import { getSettings } from '../base/settings';
import { spamHeaders, spamNote, spamSubjectPrefix, type SpamVerdict } from '../spam/verdict';
import { messagesStore, type Delivery, type Incoming, type StoredMessage } from './messages-store';
import { logger } from '../base/log';

/**
 * The owner's mail (CONTACT_EMAIL) about a message: `facts` line by line, then the sender's own
 * `text`; replies go to the sender. A message the form found suspicious is marked in its subject,
 * first line and headers.
 */
export function ownerMail(about: { replyTo: string; subject: string; facts: string[]; text: string; verdict?: SpamVerdict }): MailMessage {
  const verdict = about.verdict?.suspicious ? about.verdict : undefined;
  const lines = [...(verdict ? [spamNote(verdict), ''] : []), ...about.facts];
  return {
    to: [getSettings().CONTACT_EMAIL],
    replyTo: about.replyTo,
    subject: headerSafe(`${verdict ? spamSubjectPrefix : ''}${about.subject}`).slice(0, 200),
    text: [...lines, '', about.text].join('\n'),
    html: `<p>${lines.map(escapeHtml).join('<br>')}</p><p>${escapeHtml(about.text).replace(/\n/g, '<br>')}</p>`,
    ...(verdict ? { headers: spamHeaders(verdict) } : {}),
  };
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Runs `step`, logging instead of throwing: a delivery mark that cannot be written must not cost the mail. */
async function keepTrying(what: string, step: () => Promise<void>): Promise<boolean> {
  try {
    await step();
    return true;
  } catch (error) {
    logger().error({ err: error }, `[messages] could not ${what}`);
    return false;
  }
}

/** What a message's delivery record says after a send that did not throw: kept in the outbox is not delivered. */
function outcomeOf(sent: { delivered?: boolean }): Delivery {
  return sent.delivered === false ? { delivered: false, error: KEPT_NOT_SENT } : { delivered: true };
}

/** Why a message kept in the production outbox is not delivered (what `npm run admin -- messages` shows). */
export const KEPT_NOT_SENT = 'kept in DATA_DIR/outbox: no mail provider is configured';

export async function keepAndMailOwner(message: Incoming): Promise<void> {
  await messagesStore().recordMessage(message);
  let sent;
  try {
    sent = await getMailProvider().send(message.mail);
  } catch (error) {
    await keepTrying(`mark message ${message.id} undelivered`, () => messagesStore().recordDelivery(message.id, { delivered: false, error: reason(error) }));
    throw error;
  }
  const outcome = outcomeOf(sent);
  await keepTrying(`mark message ${message.id} ${outcome.delivered ? 'delivered' : 'kept, not delivered'}`, () => messagesStore().recordDelivery(message.id, outcome));
}

/** Sends a kept message's mail again (the same mail) and records the outcome. */
export async function remailOwner(message: StoredMessage): Promise<{ delivered: boolean; error?: string }> {
  let sent;
  try {
    sent = await getMailProvider().send(message.mail);
  } catch (error) {
    await messagesStore().recordDelivery(message.id, { delivered: false, error: reason(error) });
    return { delivered: false, error: reason(error) };
  }
  const outcome = outcomeOf(sent);
  await messagesStore().recordDelivery(message.id, outcome);
  return outcome;
}

