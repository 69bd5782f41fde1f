/**
 * Mail to the owner about a message that arrived: the message is kept first, then mailed, then
 * marked delivered or not. A database that cannot write does not stop the mail (logged); a mail that
 * fails still fails the caller (retryable 502) but stays kept, to be resent.
 */
import { getMailProvider } from '../providers/mail';
import { messagesStore, type Incoming, type StoredMessage } from './messages-store';
import { logger } from '../log';

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Runs `step`, logging instead of throwing: keeping the record must never cost the mail. */
async function keepTrying(what: string, step: () => Promise<void>): Promise<boolean> {
  try {
    await step();
    return true;
  } catch (error) {
    logger().error({ err: error }, `[messages] could not ${what}`);
    return false;
  }
}

export async function keepAndMailOwner(message: Incoming): Promise<void> {
  const kept = await keepTrying(`keep message ${message.id}`, () => messagesStore().recordMessage(message));
  try {
    await getMailProvider().send(message.mail);
  } catch (error) {
    if (kept) await keepTrying(`mark message ${message.id} undelivered`, () => messagesStore().recordDelivery(message.id, { delivered: false, error: reason(error) }));
    throw error;
  }
  if (kept) await keepTrying(`mark message ${message.id} delivered`, () => messagesStore().recordDelivery(message.id, { delivered: true }));
}

/** Sends a kept message's mail again (the same mail) and records the outcome. */
export async function remailOwner(message: StoredMessage): Promise<{ delivered: boolean; error?: string }> {
  try {
    await getMailProvider().send(message.mail);
  } catch (error) {
    await messagesStore().recordDelivery(message.id, { delivered: false, error: reason(error) });
    return { delivered: false, error: reason(error) };
  }
  await messagesStore().recordDelivery(message.id, { delivered: true });
  return { delivered: true };
}

