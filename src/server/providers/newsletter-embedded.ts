/**
 * The embedded mailing list (MAIL_PROVIDER smtp or outbox), in the records database
 * (newsletter-embedded-records.ts), which every instance and the admin commands share.
 */
import { probeDatabase } from '../store/database';
import type { ListProvider, Segment } from './newsletter';
import { recordsContacts } from './newsletter-embedded-records';

export interface ListedContact {
  email: string;
  locale: string;
  name: string | null;
  unsubscribed: boolean;
  createdAt: string;
  updatedAt: string;
}

/**
 * The list's contacts. An address is kept per segment; filing one under `Kontakt` never re-subscribes
 * it (an address unsubscribed anywhere stays so), while subscribing to `newsletter` does.
 */
export interface ContactsStore extends Pick<ListProvider, 'add' | 'unsubscribe'> {
  /** Everyone in a segment, subscribed or not, oldest first (the admin listing and newsletter sends). */
  listSegment(segment: Segment): Promise<ListedContact[]>;
}

export const contactsStore = (): ContactsStore => recordsContacts;

export function listSegment(segment: Segment): Promise<ListedContact[]> {
  return contactsStore().listSegment(segment);
}

export function createEmbeddedList(): ListProvider {
  return {
    name: 'embedded',
    describe: () => ({ provider: 'embedded', external: false }),
    probe: probeDatabase,
    add: (contact) => contactsStore().add(contact),
    unsubscribe: (email) => contactsStore().unsubscribe(email),
  };
}
