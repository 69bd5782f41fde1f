/**
 * The record of suspected spam: every form post judged suspicious is written here (kind, reasons,
 * address, time) besides whatever else happens to it, so nothing is silently dropped and the owner
 * can count and review. Rows older than 30 days are forgotten.
 */
import { getRecords } from '../store/database';
import { logger } from '../base/log';

export type SpamForm = 'contact' | 'subscribe' | 'inquiry' | 'booking';

export const SPAM_LOG_RETENTION_DAYS = 30;

export async function recordSuspectedSpam(form: SpamForm, reasons: string[], email?: string): Promise<void> {
  logger().warn(`[spam] suspected spam on the ${form} form: ${reasons.join(', ')}`);
  try {
    const db = await getRecords();
    const now = new Date();
    await db.insertInto('spam_log').values({ form, reasons: reasons.join(','), email: email ?? null, created_at: now.toISOString() }).execute();
    await db
      .deleteFrom('spam_log')
      .where('created_at', '<', new Date(now.getTime() - SPAM_LOG_RETENTION_DAYS * 86_400_000).toISOString())
      .execute();
  } catch (error) {
    // The verdict still travels with the message; a full disk must not turn a post into a 500.
    logger().error({ err: error }, '[spam] could not record a suspected spam post');
  }
}
