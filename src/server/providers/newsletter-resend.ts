/**
 * The mailing list in Resend: contacts (global, with `unsubscribed`) placed in segments. Newsletter
 * subscribers go to RESEND_SEGMENT_ID; contact-form senders to the segment named `Kontakt`, found by
 * name (created when missing) and cached for the life of the process.
 */
import type { Settings } from '../settings';
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
      const updated = await callResend(signal, () => resend().contacts.update({ email, unsubscribed: true }, { signal }));
      if (!updated.error) return { found: true };
      if (updated.error.statusCode === 404) return { found: false };
      throw providerFailure('unsubscribe contact', updated.error);
    },
  };
}
