/**
 * Mail to the owner about a message that arrived: the message is kept first, then mailed, then
 * marked delivered or not. A database that cannot write does not stop the mail (logged); a mail that
 * fails still fails the caller (retryable 502) but stays kept, to be resent.
 */
import { getMailProvider } from '../providers/mail';
import { recordDelivery, recordMessage, type StoredMessage } from './messages-store';
import { logger } from '../log';

type Incoming = Parameters<typeof recordMessage>[0];

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Runs `step`, logging instead of throwing: keeping the record must never cost the mail. */
function keepTrying(what: string, step: () => void): boolean {
  try {
    step();
    return true;
  } catch (error) {
    logger().error({ err: error }, `[messages] could not ${what}`);
    return false;
  }
}

export async function keepAndMailOwner(message: Incoming): Promise<void> {
  const kept = keepTrying(`keep message ${message.id}`, () => recordMessage(message));
  try {
    await getMailProvider().send(message.mail);
  } catch (error) {
    if (kept) keepTrying(`mark message ${message.id} undelivered`, () => recordDelivery(message.id, { delivered: false, error: reason(error) }));
    throw error;
  }
  if (kept) keepTrying(`mark message ${message.id} delivered`, () => recordDelivery(message.id, { delivered: true }));
}

/** Sends a kept message's mail again (the same mail) and records the outcome. */
export async function remailOwner(message: StoredMessage): Promise<{ delivered: boolean; error?: string }> {
  try {
    await getMailProvider().send(message.mail);
  } catch (error) {
    recordDelivery(message.id, { delivered: false, error: reason(error) });
    return { delivered: false, error: reason(error) };
  }
  recordDelivery(message.id, { delivered: true });
  return { delivered: true };
}

