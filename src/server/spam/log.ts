/**
 * The record of suspected spam: every form post judged suspicious is written here (kind, reasons,
 * address, time) besides whatever else happens to it, so nothing is silently dropped and the owner
 * can count and review. Rows older than 30 days are forgotten.
 */
import { migrate } from '../store/database';
import { logger } from '../log';

export type SpamForm = 'contact' | 'subscribe' | 'inquiry' | 'booking';

export const SPAM_LOG_RETENTION_DAYS = 30;

const schema = `
CREATE TABLE IF NOT EXISTS spam_log (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  form TEXT NOT NULL,
  reasons TEXT NOT NULL,
  email TEXT,
  created_at TEXT NOT NULL
);`;

export function recordSuspectedSpam(form: SpamForm, reasons: string[], email?: string): void {
  try {
    const db = migrate('spam_log', schema);
    const now = new Date();
    db.prepare('INSERT INTO spam_log (form, reasons, email, created_at) VALUES (?, ?, ?, ?)').run(form, reasons.join(','), email ?? null, now.toISOString());
    db.prepare('DELETE FROM spam_log WHERE created_at < ?').run(new Date(now.getTime() - SPAM_LOG_RETENTION_DAYS * 86_400_000).toISOString());
  } catch (error) {
    // The verdict still travels with the message; a full disk must not turn a post into a 500.
    logger().error({ err: error }, '[spam] could not record a suspected spam post');
  }
  logger().warn(`[spam] suspected spam on the ${form} form: ${reasons.join(', ')}`);
}
