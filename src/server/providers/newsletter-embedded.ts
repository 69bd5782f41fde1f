/**
 * The embedded mailing list (MAIL_PROVIDER smtp or outbox), where every instance and the admin
 * commands see it: Redis with REDIS_URL (newsletter-embedded-redis.ts), else the SQLite file in
 * DATA_DIR (newsletter-embedded-sqlite.ts).
 */
import { storeStatus } from '../store';
import { probeDatabase } from '../store/database';
import { byBackend, recordsBackend } from '../store/records';
import { getSettings } from '../settings';
import type { ListProvider, Segment } from './newsletter';
import { redisContacts } from './newsletter-embedded-redis';
import { sqliteContacts } from './newsletter-embedded-sqlite';

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

export const contactsStore = byBackend<ContactsStore>({ sqlite: sqliteContacts, redis: redisContacts });

export function listSegment(segment: Segment): Promise<ListedContact[]> {
  return contactsStore().listSegment(segment);
}

export function createEmbeddedList(): ListProvider {
  return {
    name: 'embedded',
    describe: () => ({ provider: 'embedded', external: false }),
    probe: () => (recordsBackend() === 'redis' ? storeStatus(getSettings()).probe() : probeDatabase()),
    add: (contact) => contactsStore().add(contact),
    unsubscribe: (email) => contactsStore().unsubscribe(email),
  };
}
