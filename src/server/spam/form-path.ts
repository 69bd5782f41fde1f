/**
 * The two ways into the contact and newsletter endpoints (docs/security.md, "Spam defence"):
 *
 * - the JSON API (`application/json`), for agents and API clients as the API documents it: no spam
 *   checks beyond the per-client rate limit (and OAuth when enforced), exactly as before;
 * - the HTML form path (`application/x-www-form-urlencoded`, what the site's forms post, with or
 *   without their script): the honeypot field, the signed time trap and the ALTCHA proof of work
 *   are checked, and the request gets a verdict. A suspicious post is not refused (a bot learns
 *   nothing, a person loses nothing): the caller keeps and marks it.
 */
import type { z } from 'zod';
import { readJson, validate } from '../http/body';
import { checkFormProof } from './challenge';
import { recordSuspectedSpam, type SpamForm } from './log';
import type { SpamReason, SpamVerdict } from './verdict';

/** The names of the form path's own fields (never part of the JSON API's schemas). */
export const formFields = {
  /** The honeypot: a text field hidden from people and assistive technology. */
  honeypot: 'website',
  /** The ALTCHA widget's payload. */
  proof: 'altcha',
} as const;

export function isFormPost(request: Request): boolean {
  return (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase() === 'application/x-www-form-urlencoded';
}

/** HTML checkboxes post "on" (or their value); the JSON API's booleans stay booleans. */
function formValue(name: string, value: string): unknown {
  // Checkboxes: ticked sends its value, unticked sends nothing (the schema's default).
  if (name === 'consent' || name === 'listConsent') return value === 'true' || value === 'on';
  return value === '' ? undefined : value;
}

/** Reads a submission from either path; `verdict` is set on the form path only. */
export async function readSubmission<Schema extends z.ZodType>(
  request: Request,
  schema: Schema,
  form: SpamForm,
): Promise<{ input: z.output<Schema>; verdict?: SpamVerdict }> {
  const formPost = isFormPost(request);
  const raw = await readJson(request, { allowForm: true });
  if (!formPost) return { input: validate(schema, raw) };
  const fields = raw as Record<string, string>;
  const { [formFields.honeypot]: honeypot, [formFields.proof]: proof, ...rest } = fields;
  const input = validate(schema, Object.fromEntries(Object.entries(rest).map(([name, value]) => [name, formValue(name, value)])));
  const reasons: SpamReason[] = [...(honeypot?.trim() ? (['honeypot'] as const) : []), ...(await checkFormProof(proof))];
  const verdict = { suspicious: reasons.length > 0, reasons };
  if (verdict.suspicious) await recordSuspectedSpam(form, reasons, (input as { email?: string }).email);
  return { input, verdict };
}
