/**
 * The record of newsletter issues sent (by file hash, with subject and language) and, per issue, of
 * each recipient: a row is claimed ('sending') before the mail goes out and marked 'sent' after, so
 * a second send of the issue is refused and a run that stopped midway resumes without mailing anyone
 * twice (a row left 'sending' by a crash is not retried: that mail may have gone).
 */
import { migrate } from '../store/database';

const schema = `
CREATE TABLE IF NOT EXISTS newsletter_issues (
  hash TEXT PRIMARY KEY,
  subject TEXT NOT NULL,
  locale TEXT NOT NULL,
  provider TEXT NOT NULL,
  started_at TEXT NOT NULL,
  finished_at TEXT,
  broadcast_id TEXT
);
CREATE TABLE IF NOT EXISTS newsletter_deliveries (
  hash TEXT NOT NULL REFERENCES newsletter_issues (hash),
  email TEXT NOT NULL,
  state TEXT NOT NULL,
  at TEXT NOT NULL,
  PRIMARY KEY (hash, email)
);`;

const db = () => migrate('newsletter_issues', schema);

export interface IssueRecord {
  hash: string;
  subject: string;
  locale: string;
  provider: string;
  startedAt: string;
  finishedAt: string | null;
  broadcastId: string | null;
}

type IssueRow = { hash: string; subject: string; locale: string; provider: string; started_at: string; finished_at: string | null; broadcast_id: string | null };

const fromRow = (row: IssueRow): IssueRecord => ({
  hash: row.hash,
  subject: row.subject,
  locale: row.locale,
  provider: row.provider,
  startedAt: row.started_at,
  finishedAt: row.finished_at,
  broadcastId: row.broadcast_id,
});

export function findIssue(hash: string): IssueRecord | undefined {
  const row = db().prepare('SELECT * FROM newsletter_issues WHERE hash = ?').get(hash) as IssueRow | undefined;
  return row ? fromRow(row) : undefined;
}

/** Another file already sent (or being sent) with the same subject in the same language: most likely the same issue edited. */
export function findIssueBySubject(subject: string, locale: string, exceptHash: string): IssueRecord | undefined {
  const row = db().prepare('SELECT * FROM newsletter_issues WHERE subject = ? AND locale = ? AND hash <> ? ORDER BY started_at LIMIT 1').get(subject, locale, exceptHash) as
    | IssueRow
    | undefined;
  return row ? fromRow(row) : undefined;
}

export function startIssue(issue: { hash: string; subject: string; locale: string; provider: string }): void {
  db()
    .prepare('INSERT INTO newsletter_issues (hash, subject, locale, provider, started_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (hash) DO NOTHING')
    .run(issue.hash, issue.subject, issue.locale, issue.provider, new Date().toISOString());
}

/** Forgets an issue that was started but certainly not sent (its provider refused it), so it may be sent. */
export function forgetIssue(hash: string): void {
  const database = db();
  database.prepare('DELETE FROM newsletter_deliveries WHERE hash = ?').run(hash);
  database.prepare('DELETE FROM newsletter_issues WHERE hash = ? AND finished_at IS NULL').run(hash);
}

export function finishIssue(hash: string, broadcastId?: string): void {
  db().prepare('UPDATE newsletter_issues SET finished_at = ?, broadcast_id = COALESCE(?, broadcast_id) WHERE hash = ?').run(new Date().toISOString(), broadcastId ?? null, hash);
}

/** Each recipient already claimed for this issue, with 'sending' or 'sent'. */
export function deliveriesOf(hash: string): Map<string, 'sending' | 'sent'> {
  const rows = db().prepare('SELECT email, state FROM newsletter_deliveries WHERE hash = ?').all(hash) as Array<{ email: string; state: 'sending' | 'sent' }>;
  return new Map(rows.map((row) => [row.email, row.state]));
}

/** Claims a recipient before mailing; false when some run claimed it already (never mail twice). */
export function claimRecipient(hash: string, email: string): boolean {
  const result = db()
    .prepare("INSERT INTO newsletter_deliveries (hash, email, state, at) VALUES (?, ?, 'sending', ?) ON CONFLICT (hash, email) DO NOTHING")
    .run(hash, email, new Date().toISOString());
  return Number(result.changes) === 1;
}

export function markRecipientSent(hash: string, email: string): void {
  db().prepare("UPDATE newsletter_deliveries SET state = 'sent', at = ? WHERE hash = ? AND email = ?").run(new Date().toISOString(), hash, email);
}

/** The provider refused this mail (it did not go): the next run may try again. */
export function releaseRecipient(hash: string, email: string): void {
  db().prepare("DELETE FROM newsletter_deliveries WHERE hash = ? AND email = ? AND state = 'sending'").run(hash, email);
}
