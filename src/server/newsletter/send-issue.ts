/**
 * Sending one newsletter issue to the confirmed subscribers of its language. The embedded list
 * mails each subscriber through the configured mail provider (outbox or SMTP) at
 * NEWSLETTER_SEND_PER_SECOND, with a signed unsubscribe link and RFC 8058 headers each, recording
 * every recipient (issue-store.ts). With Resend the issue is one broadcast to the newsletter segment.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { issueMail, withUnsubscribeFooter } from '../submissions/newsletter-mail';
import { getMailProvider } from '../providers/mail';
import { listSegment } from '../providers/newsletter-embedded';
import { BroadcastRefused, listResendContacts, sendResendBroadcast } from '../providers/newsletter-resend';
import { getSettings } from '../base/settings';
import { senderName } from '../submissions/business';
import type { Issue } from './issue';
import { issuesStore } from './issue-store';

/** Where Resend puts each contact's own unsubscribe link in a broadcast. */
export const RESEND_UNSUBSCRIBE_PLACEHOLDER = '{{{RESEND_UNSUBSCRIBE_URL}}}';

export interface Plan {
  provider: 'embedded' | 'resend';
  /** Why this issue must not be sent (already sent, or its subject already was); undefined when it may. */
  refusal?: string;
  /** Addresses per state, as far as the provider can tell. */
  counts: Record<string, number>;
  /** Addresses this run would mail (the embedded list); with Resend, the segment's subscribed contacts. */
  recipients: string[];
  /** Recipients a stopped run left mid-send: not mailed again, since that mail may have gone. */
  uncertain: string[];
  notes: string[];
}

export async function planIssue(issue: Issue): Promise<Plan> {
  const settings = getSettings();
  if (settings.mailProvider === 'off') throw new Error('MAIL_PROVIDER=off: there is no mail to send the newsletter with.');
  const record = await issuesStore().findIssue(issue.hash);
  const sameSubject = await issuesStore().findIssueBySubject(issue.subject, issue.locale, issue.hash);
  const refusal = record?.finishedAt
    ? `This issue was sent already (${record.finishedAt}, subject "${record.subject}"); it is never sent twice.`
    : record?.provider === 'resend'
      ? `A broadcast of this issue was started ${record.startedAt} and its answer never recorded; check Resend's broadcasts before anything is sent again.`
      : sameSubject
      ? `An issue with the subject "${sameSubject.subject}" (${sameSubject.locale}) was sent already (${sameSubject.finishedAt ?? `started ${sameSubject.startedAt}`}) from a different file; change the subject if this is a new issue.`
      : undefined;
  const notes = ['Pending (unconfirmed double opt-in) addresses live only in the shared store, under keys that expire in 7 days: they cannot be listed and are never mailed.'];
  if (settings.mailProvider === 'resend') {
    if (!settings.RESEND_SEGMENT_ID) throw new Error('RESEND_SEGMENT_ID is not set: with Resend, an issue is a broadcast to the newsletter segment.');
    const contacts = await listResendContacts(settings);
    const subscribed = contacts.filter((contact) => !contact.unsubscribed);
    notes.push('Resend contacts carry no language here: the broadcast goes to every subscribed contact of the segment.');
    return {
      provider: 'resend',
      ...(refusal ? { refusal } : {}),
      counts: { subscribed: subscribed.length, unsubscribed: contacts.length - subscribed.length },
      recipients: subscribed.map((contact) => contact.email),
      uncertain: [],
      notes,
    };
  }
  const contacts = await listSegment('newsletter');
  const done = await issuesStore().deliveriesOf(issue.hash);
  const confirmed = contacts.filter((contact) => !contact.unsubscribed && contact.locale === issue.locale);
  return {
    provider: 'embedded',
    ...(refusal ? { refusal } : {}),
    counts: {
      [`confirmed (${issue.locale})`]: confirmed.length,
      'confirmed (other language)': contacts.filter((contact) => !contact.unsubscribed && contact.locale !== issue.locale).length,
      unsubscribed: contacts.filter((contact) => contact.unsubscribed).length,
      'sent this issue already': confirmed.filter((contact) => done.get(contact.email) === 'sent').length,
    },
    recipients: confirmed.filter((contact) => !done.has(contact.email)).map((contact) => contact.email),
    uncertain: confirmed.filter((contact) => done.get(contact.email) === 'sending').map((contact) => contact.email),
    notes,
  };
}

/** What the first recipient gets: the text part of their mail (a sample address when there is none). */
export function sampleText(issue: Issue, plan: Plan): string {
  if (plan.provider === 'resend') return withUnsubscribeFooter(issue.locale, issue, RESEND_UNSUBSCRIBE_PLACEHOLDER).text;
  return issueMail(plan.recipients[0] ?? 'subscriber@example.com', issue.locale, issue).text;
}

export interface SendOutcome {
  sent: number;
  failed?: { email: string; error: string };
  broadcastId?: string;
}

/**
 * Sends the plan's recipients. The first provider failure stops the run (the next recipients
 * would most likely fail alike); what went out is recorded, so the next run resumes after it.
 */
export async function sendIssue(issue: Issue, plan: Plan, progress: (line: string) => void = () => {}): Promise<SendOutcome> {
  if (plan.refusal) throw new Error(plan.refusal);
  const settings = getSettings();
  await issuesStore().startIssue({ hash: issue.hash, subject: issue.subject, locale: issue.locale, provider: plan.provider });
  if (plan.provider === 'resend') {
    const body = withUnsubscribeFooter(issue.locale, issue, RESEND_UNSUBSCRIBE_PLACEHOLDER);
    let id: string;
    try {
      ({ id } = await sendResendBroadcast(settings, { name: `${issue.subject} (${issue.hash.slice(0, 12)})`, subject: issue.subject, fromName: await senderName(issue.locale), ...body }));
    } catch (error) {
      // Refused: nothing went out, so the issue may be sent later. Otherwise it stays started (refused again).
      if (error instanceof BroadcastRefused) await issuesStore().forgetIssue(issue.hash);
      throw error;
    }
    await issuesStore().finishIssue(issue.hash, id);
    return { sent: plan.recipients.length, broadcastId: id };
  }
  const interval = 1000 / settings.NEWSLETTER_SEND_PER_SECOND;
  const mail = getMailProvider();
  const sender = await senderName(issue.locale);
  let sent = 0;
  let next = Date.now();
  for (const email of plan.recipients) {
    if (!(await issuesStore().claimRecipient(issue.hash, email))) continue;
    const wait = next - Date.now();
    if (wait > 0) await sleep(wait);
    next = Math.max(next, Date.now()) + interval;
    try {
      await mail.send(issueMail(email, issue.locale, issue, sender));
    } catch (error) {
      await issuesStore().releaseRecipient(issue.hash, email);
      return { sent, failed: { email, error: error instanceof Error ? error.message : String(error) } };
    }
    await issuesStore().markRecipientSent(issue.hash, email);
    sent++;
    if (sent % 50 === 0) progress(`${sent} of ${plan.recipients.length} sent`);
  }
  await issuesStore().finishIssue(issue.hash);
  return { sent };
}
