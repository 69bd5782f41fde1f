/** The record of newsletter issues sent, in the embedded database (one machine). */
import { migrate } from '../store/database';
import type { IssueRecord, IssuesStore } from './issue-store';

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

function findIssue(hash: string): IssueRecord | undefined {
  const row = db().prepare('SELECT * FROM newsletter_issues WHERE hash = ?').get(hash) as IssueRow | undefined;
  return row ? fromRow(row) : undefined;
}

/** Another file already sent (or being sent) with the same subject in the same language: most likely the same issue edited. */
function findIssueBySubject(subject: string, locale: string, exceptHash: string): IssueRecord | undefined {
  const row = db().prepare('SELECT * FROM newsletter_issues WHERE subject = ? AND locale = ? AND hash <> ? ORDER BY started_at LIMIT 1').get(subject, locale, exceptHash) as
    | IssueRow
    | undefined;
  return row ? fromRow(row) : undefined;
}

function startIssue(issue: { hash: string; subject: string; locale: string; provider: string }): void {
  db()
    .prepare('INSERT INTO newsletter_issues (hash, subject, locale, provider, started_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (hash) DO NOTHING')
    .run(issue.hash, issue.subject, issue.locale, issue.provider, new Date().toISOString());
}

/** Forgets an issue that was started but certainly not sent (its provider refused it), so it may be sent. */
function forgetIssue(hash: string): void {
  const database = db();
  database.prepare('DELETE FROM newsletter_deliveries WHERE hash = ?').run(hash);
  database.prepare('DELETE FROM newsletter_issues WHERE hash = ? AND finished_at IS NULL').run(hash);
}

function finishIssue(hash: string, broadcastId?: string): void {
  db().prepare('UPDATE newsletter_issues SET finished_at = ?, broadcast_id = COALESCE(?, broadcast_id) WHERE hash = ?').run(new Date().toISOString(), broadcastId ?? null, hash);
}

/** Each recipient already claimed for this issue, with 'sending' or 'sent'. */
function deliveriesOf(hash: string): Map<string, 'sending' | 'sent'> {
  const rows = db().prepare('SELECT email, state FROM newsletter_deliveries WHERE hash = ?').all(hash) as Array<{ email: string; state: 'sending' | 'sent' }>;
  return new Map(rows.map((row) => [row.email, row.state]));
}

/** Claims a recipient before mailing; false when some run claimed it already (never mail twice). */
function claimRecipient(hash: string, email: string): boolean {
  const result = db()
    .prepare("INSERT INTO newsletter_deliveries (hash, email, state, at) VALUES (?, ?, 'sending', ?) ON CONFLICT (hash, email) DO NOTHING")
    .run(hash, email, new Date().toISOString());
  return Number(result.changes) === 1;
}

function markRecipientSent(hash: string, email: string): void {
  db().prepare("UPDATE newsletter_deliveries SET state = 'sent', at = ? WHERE hash = ? AND email = ?").run(new Date().toISOString(), hash, email);
}

/** The provider refused this mail (it did not go): the next run may try again. */
function releaseRecipient(hash: string, email: string): void {
  db().prepare("DELETE FROM newsletter_deliveries WHERE hash = ? AND email = ? AND state = 'sending'").run(hash, email);
}

export const sqliteIssues: IssuesStore = {
  findIssue: async (hash) => findIssue(hash),
  findIssueBySubject: async (subject, locale, exceptHash) => findIssueBySubject(subject, locale, exceptHash),
  startIssue: async (issue) => startIssue(issue),
  forgetIssue: async (hash) => forgetIssue(hash),
  finishIssue: async (hash, broadcastId) => finishIssue(hash, broadcastId),
  deliveriesOf: async (hash) => deliveriesOf(hash),
  claimRecipient: async (hash, email) => claimRecipient(hash, email),
  markRecipientSent: async (hash, email) => markRecipientSent(hash, email),
  releaseRecipient: async (hash, email) => releaseRecipient(hash, email),
};
