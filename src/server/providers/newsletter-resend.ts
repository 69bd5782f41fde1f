/**
 * The mailing list in Resend: contacts (global, with `unsubscribed`) placed in segments. Newsletter
 * subscribers go to RESEND_SEGMENT_ID; contact-form senders to the segment named `Kontakt`, found by
 * name (created when missing) and cached for the life of the process.
 */
import { senderOf } from './mail-sender';
import type { Settings } from '../base/settings';
import { callResend, probeResend, providerDeadline, providerFailure, resendClient, type ResendResult } from './mail-resend';
import type { ListProvider, Segment } from './newsletter';

export const CONTACT_SEGMENT_NAME = 'Kontakt';

type Failure = NonNullable<ResendResult<unknown>['error']>;

/** Resend answers a duplicate contact with a conflict or a validation error that says so. */
function isAlreadyExists(error: Failure): boolean {
  return error.statusCode === 409 || /already exist/i.test(error.message);
}

export function createResendList(settings: Settings): ListProvider {
  const resend = () => resendClient(settings);
  let contactSegmentId: Promise<string> | undefined;

  async function findOrCreateContactSegment(signal: AbortSignal): Promise<string> {
    let after: string | undefined;
    // Accounts have few segments; a handful of pages is plenty and bounds the work.
    for (let page = 0; page < 10; page++) {
      const list = await callResend(signal, () => resend().segments.list({ limit: 100, ...(after ? { after } : {}) }, { signal }));
      if (list.error || !list.data) throw providerFailure('list segments', list.error ?? { name: 'empty', statusCode: null, message: 'no data' });
      const found = list.data.data.find((segment) => segment.name === CONTACT_SEGMENT_NAME);
      if (found) return found.id;
      if (!list.data.has_more || list.data.data.length === 0) break;
      after = list.data.data.at(-1)!.id;
    }
    const created = await callResend(signal, () => resend().segments.create({ name: CONTACT_SEGMENT_NAME }, { signal }));
    if (created.error || !created.data) throw providerFailure('create segment', created.error ?? { name: 'empty', statusCode: null, message: 'no data' });
    return created.data.id;
  }

  async function segmentId(segment: Segment, signal: AbortSignal): Promise<string | undefined> {
    if (segment === 'newsletter') return settings.RESEND_SEGMENT_ID;
    // One lookup per process; a failed lookup is forgotten so the next request tries again.
    contactSegmentId ??= findOrCreateContactSegment(signal).catch((error) => {
      contactSegmentId = undefined;
      throw error;
    });
    return contactSegmentId;
  }

  return {
    name: 'resend',
    describe: () => ({ provider: 'resend', external: true }),
    probe: () => probeResend(settings),
    async add({ email, segment, name }) {
      const signal = providerDeadline();
      const id = await segmentId(segment, signal);
      const [firstName, ...rest] = (name ?? '').trim().split(/\s+/);
      const created = await callResend(signal, () =>
        resend().contacts.create(
          {
            email,
            unsubscribed: false,
            ...(firstName ? { firstName } : {}),
            ...(rest.length ? { lastName: rest.join(' ') } : {}),
            ...(id ? { segments: [{ id }] } : {}),
          },
          { signal },
        ),
      );
      if (!created.error) return { created: true };
      if (!isAlreadyExists(created.error)) throw providerFailure('create contact', created.error);
      // Known already. Only the newsletter (explicit consent) re-subscribes; filing a contact-form
      // sender in Kontakt must never undo an earlier unsubscribe.
      if (segment === 'newsletter') {
        const updated = await callResend(signal, () => resend().contacts.update({ email, unsubscribed: false }, { signal }));
        if (updated.error) throw providerFailure('update contact', updated.error);
      }
      if (id) {
        const added = await callResend(signal, () => resend().contacts.segments.add({ email, segmentId: id }, { signal }));
        if (added.error && !isAlreadyExists(added.error)) throw providerFailure('add contact to segment', added.error);
      }
      return { created: false };
    },
    async unsubscribe(email) {
      const signal = providerDeadline();
      // Read first: whether a subscription ends decides whether the address is told (submissions/newsletter.ts).
      const current = await callResend(signal, () => resend().contacts.get({ email }, { signal }));
      if (current.error?.statusCode === 404) return { found: false, wasSubscribed: false };
      if (current.error) throw providerFailure('read contact', current.error);
      if (current.data?.unsubscribed) return { found: true, wasSubscribed: false };
      const updated = await callResend(signal, () => resend().contacts.update({ email, unsubscribed: true }, { signal }));
      if (!updated.error) return { found: true, wasSubscribed: true };
      if (updated.error.statusCode === 404) return { found: false, wasSubscribed: false };
      throw providerFailure('unsubscribe contact', updated.error);
    },
  };
}

export interface ResendContact {
  id: string;
  email: string;
  name: string | null;
  unsubscribed: boolean;
  createdAt: string;
}

/** Resend lists at most 100 contacts a page; this bounds one listing at 1,000 pages (100,000 contacts). */
const MAX_CONTACT_PAGES = 1_000;

/** The contacts of the newsletter segment (RESEND_SEGMENT_ID; all the account's contacts without it). */
export async function listResendContacts(settings: Settings): Promise<ResendContact[]> {
  const contacts: ResendContact[] = [];
  let after: string | undefined;
  for (let page = 0; page < MAX_CONTACT_PAGES; page++) {
    const signal = providerDeadline();
    const options = { limit: 100, ...(settings.RESEND_SEGMENT_ID ? { segmentId: settings.RESEND_SEGMENT_ID } : {}), ...(after ? { after } : {}) };
    const list = await callResend(signal, () => resendClient(settings).contacts.list(options, { signal }));
    if (list.error || !list.data) throw providerFailure('list contacts', list.error ?? { name: 'empty', statusCode: null, message: 'no data' });
    for (const contact of list.data.data) {
      const name = [contact.first_name, contact.last_name].filter(Boolean).join(' ');
      contacts.push({ id: contact.id, email: contact.email, name: name || null, unsubscribed: contact.unsubscribed, createdAt: contact.created_at });
    }
    if (!list.data.has_more || list.data.data.length === 0) return contacts;
    after = list.data.data.at(-1)!.id;
  }
  throw new Error(`More than ${MAX_CONTACT_PAGES * 100} contacts: the listing stops here.`);
}

/** Resend refused the broadcast: nothing was sent. */
export class BroadcastRefused extends Error {}

/**
 * Sends one broadcast to the newsletter segment. Resend puts its own unsubscribe link where the
 * body says {{{RESEND_UNSUBSCRIBE_URL}}} and the List-Unsubscribe headers on each mail, and marks
 * the contact unsubscribed, which is what the list reads.
 */
export async function sendResendBroadcast(settings: Settings, issue: { name: string; subject: string; text: string; html: string; fromName?: string }): Promise<{ id: string }> {
  if (!settings.RESEND_SEGMENT_ID) throw new Error('RESEND_SEGMENT_ID is not set: there is no newsletter segment to send to.');
  const signal = providerDeadline();
  const created = await callResend(signal, () =>
    resendClient(settings).broadcasts.create(
      { name: issue.name, segmentId: settings.RESEND_SEGMENT_ID!, from: senderOf(settings.mailFrom, issue.fromName), subject: issue.subject, text: issue.text, html: issue.html, send: true },
      { signal },
    ),
  );
  if (created.error || !created.data) {
    const error = created.error ?? { name: 'empty', statusCode: null, message: 'no data' };
    const failure = providerFailure('send broadcast', error);
    // A 4xx answer means Resend made no broadcast; a 5xx or no answer may hide one that was sent.
    if (error.statusCode !== null && error.statusCode < 500) throw new BroadcastRefused(`${failure.message} ${error.statusCode} ${error.name}: ${error.message}`);
    throw failure;
  }
  return { id: created.data.id };
}
