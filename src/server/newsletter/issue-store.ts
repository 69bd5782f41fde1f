/**
 * The record of newsletter issues sent (by file hash, with subject and language) and, per issue, of
 * each recipient: a recipient is claimed ('sending') before the mail goes out and marked 'sent' after,
 * so a second send of the issue is refused and a run that stopped midway resumes without mailing
 * anyone twice (one left 'sending' by a crash is not retried: that mail may have gone). Kept in the
 * records database (issue-records.ts), which every instance and the admin commands share.
 */
import { recordsIssues } from './issue-records';

export interface IssueRecord {
  hash: string;
  subject: string;
  locale: string;
  provider: string;
  startedAt: string;
  finishedAt: string | null;
  broadcastId: string | null;
}

export interface IssuesStore {
  findIssue(hash: string): Promise<IssueRecord | undefined>;
  /** Another file already sent (or being sent) with the same subject in the same language: most likely the same issue edited. */
  findIssueBySubject(subject: string, locale: string, exceptHash: string): Promise<IssueRecord | undefined>;
  /** Records that an issue's send began (once: a second start keeps the first). */
  startIssue(issue: { hash: string; subject: string; locale: string; provider: string }): Promise<void>;
  /** Forgets an issue that was started but certainly not sent (its provider refused it), so it may be sent. */
  forgetIssue(hash: string): Promise<void>;
  finishIssue(hash: string, broadcastId?: string): Promise<void>;
  /** Each recipient already claimed for this issue, with 'sending' or 'sent'. */
  deliveriesOf(hash: string): Promise<Map<string, 'sending' | 'sent'>>;
  /** Claims a recipient before mailing; false when some run claimed it already (never mail twice). */
  claimRecipient(hash: string, email: string): Promise<boolean>;
  markRecipientSent(hash: string, email: string): Promise<void>;
  /** The provider refused this mail (it did not go): the next run may try again. */
  releaseRecipient(hash: string, email: string): Promise<void>;
}

export const issuesStore = (): IssuesStore => recordsIssues;
