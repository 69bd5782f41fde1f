/**
 * The mailing list behind one interface: Resend contacts and segments, or the records database.
 * Subscribing twice and unsubscribing an unknown address are not errors (idempotent).
 */
import { fault } from '../base/errors';
import type { Locale } from '../base/i18n';
import { getSettings, type Settings } from '../base/settings';
import { notConfigured, type Probeable } from './probe';
import { createEmbeddedList } from './newsletter-embedded';
import { createResendList } from './newsletter-resend';

/** `newsletter`: subscribers; `Kontakt`: people who wrote through the contact form. */
export type Segment = 'newsletter' | 'Kontakt';

export interface ListProvider extends Probeable {
  readonly name: 'resend' | 'embedded';
  /** Adds (or re-activates) an address in a segment; `created` is false when it was already there. */
  add(contact: { email: string; locale: Locale; segment: Segment; name?: string }): Promise<{ created: boolean }>;
  /**
   * Marks an address unsubscribed everywhere; `found` is false when it was never on the list.
   * `wasSubscribed`: it was subscribed until now (with Resend: a contact not yet unsubscribed, in
   * whichever segment); `locale`, when the list keeps one.
   */
  unsubscribe(email: string): Promise<{ found: boolean; wasSubscribed: boolean; locale?: Locale }>;
}

let provider: ListProvider | undefined;

/**
 * The one choice of list provider (follows MAIL_PROVIDER), used by the endpoints and by /status/ alike:
 * Resend's contacts only with MAIL_PROVIDER=resend; SMTP and the outbox keep the list in the records database.
 */
export function selectListProvider(settings: Settings): ListProvider | undefined {
  if (settings.mailProvider === 'off') return undefined;
  return settings.mailProvider === 'resend' ? createResendList(settings) : createEmbeddedList();
}

/** What /status/ probes for the mailing list: the provider in use, or the switched-off stand-in. */
export function listStatus(settings: Settings): Probeable {
  return selectListProvider(settings) ?? notConfigured('off', 'MAIL_PROVIDER=off: the list endpoints answer 501');
}

export function getListProvider(): ListProvider {
  const settings = getSettings();
  if (settings.mailProvider === 'off') {
    throw fault('not_configured.list');
  }
  provider ??= selectListProvider(settings)!;
  return provider;
}
