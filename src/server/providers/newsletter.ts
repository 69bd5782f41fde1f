/**
 * The mailing list behind one interface: Resend contacts and segments, or the embedded database.
 * Subscribing twice and unsubscribing an unknown address are not errors (idempotent).
 */
import { AppError } from '../errors';
import type { Locale } from '../i18n';
import { getSettings } from '../settings';
import { createEmbeddedList } from './newsletter-embedded';
import { createResendList } from './newsletter-resend';

/** `newsletter`: subscribers; `Kontakt`: people who wrote through the contact form. */
export type Segment = 'newsletter' | 'Kontakt';

export interface ListProvider {
  readonly name: 'resend' | 'embedded';
  /** Adds (or re-activates) an address in a segment; `created` is false when it was already there. */
  add(contact: { email: string; locale: Locale; segment: Segment; name?: string }): Promise<{ created: boolean }>;
  /** Marks an address unsubscribed everywhere; `found` is false when it was never on the list. */
  unsubscribe(email: string): Promise<{ found: boolean }>;
}

let provider: ListProvider | undefined;

export function getListProvider(): ListProvider {
  const settings = getSettings();
  if (settings.mailProvider === 'off') {
    throw new AppError('not_configured', 'The mailing list is switched off on this deployment (MAIL_PROVIDER=off).');
  }
  provider ??= settings.mailProvider === 'resend' ? createResendList(settings) : createEmbeddedList();
  return provider;
}
