/**
 * What the forms' spam checks conclude, and how a suspicious message is marked when it is delivered
 * (it is never dropped: the owner decides). Checks run only on the HTML form path; see docs/security.md,
 * "Spam defence".
 */

/** Why a form post looks automated. */
export type SpamReason =
  /** The hidden field people never see was filled in. */
  | 'honeypot'
  /** No proof of work: posted without the page's script (or by a script that skipped it). */
  | 'no_proof_of_work'
  /** A proof of work that does not verify (forged, tampered, or for another secret). */
  | 'proof_of_work_invalid'
  /** The challenge expired before the post (older than its lifetime). */
  | 'proof_of_work_expired'
  /** The same solved challenge was posted before. */
  | 'proof_of_work_reused'
  /** Posted sooner after the form was loaded than a person could fill it in (signed time trap). */
  | 'too_fast';

export interface SpamVerdict {
  suspicious: boolean;
  reasons: SpamReason[];
}

export const spamSubjectPrefix = '[Podejrzenie spamu / Suspected spam] ';

export function spamHeaders(verdict: SpamVerdict): Record<string, string> {
  return { 'X-Spam-Flag': 'YES', 'X-Spam-Reasons': verdict.reasons.join(', ') };
}

export function spamNote(verdict: SpamVerdict): string {
  return `UWAGA / NOTE: formularz uznał tę wiadomość za możliwy spam / the form judged this message possible spam (${verdict.reasons.join(', ')}).`;
}
