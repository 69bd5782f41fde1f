/** The embedded mailing list in the records database (SQLite or PostgreSQL): a table of contacts. */
import { getRecords } from '../store/database';
import type { ContactsStore } from './newsletter-embedded';

export const recordsContacts: ContactsStore = {
  async listSegment(segment) {
    const db = await getRecords();
    const rows = await db
      .selectFrom('list_contacts')
      .select(['email', 'locale', 'name', 'unsubscribed', 'created_at', 'updated_at'])
      .where('segment', '=', segment)
      .orderBy('created_at')
      .orderBy('email')
      .execute();
    return rows.map((row) => ({
      email: row.email,
      locale: row.locale,
      name: row.name,
      unsubscribed: Number(row.unsubscribed) === 1,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    }));
  },

  async add({ email, locale, segment, name }) {
    const db = await getRecords();
    const address = email.toLowerCase();
    return db.transaction().execute(async (trx) => {
      const existing = await trx
        .selectFrom('list_contacts')
        .select(['unsubscribed', 'locale', 'name'])
        .where('email', '=', address)
        .where('segment', '=', segment)
        .executeTakeFirst();
      const subscribing = segment === 'newsletter';
      // Already subscribed with the same details: nothing to write (the idempotent path stays a read).
      if (subscribing && existing && Number(existing.unsubscribed) === 0 && existing.locale === locale && (name === undefined || name === existing.name)) {
        return { created: false };
      }
      // Filing (segment Kontakt) never re-subscribes: an address unsubscribed anywhere stays so.
      const unsubscribed = subscribing
        ? 0
        : (await trx.selectFrom('list_contacts').select('email').where('email', '=', address).where('unsubscribed', '=', 1).executeTakeFirst())
          ? 1
          : 0;
      const now = new Date().toISOString();
      await trx
        .insertInto('list_contacts')
        .values({ email: address, segment, locale, name: name ?? null, unsubscribed, created_at: now, updated_at: now })
        .onConflict((conflict) =>
          conflict.columns(['email', 'segment']).doUpdateSet((eb) => ({
            locale: eb.ref('excluded.locale'),
            name: eb.fn.coalesce(eb.ref('excluded.name'), eb.ref('list_contacts.name')),
            updated_at: eb.ref('excluded.updated_at'),
            ...(subscribing ? { unsubscribed: 0 } : {}),
          })),
        )
        .execute();
      return { created: subscribing ? !existing || Number(existing.unsubscribed) === 1 : !existing };
    });
  },

  async unsubscribe(email) {
    const db = await getRecords();
    const address = email.toLowerCase();
    return db.transaction().execute(async (trx) => {
      const subscriber = await trx
        .selectFrom('list_contacts')
        .select(['unsubscribed', 'locale'])
        .where('email', '=', address)
        .where('segment', '=', 'newsletter')
        .executeTakeFirst();
      const result = await trx
        .updateTable('list_contacts')
        .set({ unsubscribed: 1, updated_at: new Date().toISOString() })
        .where('email', '=', address)
        .where('unsubscribed', '=', 0)
        .executeTakeFirst();
      const wasSubscribed = Boolean(subscriber) && Number(subscriber!.unsubscribed) === 0;
      const locale = subscriber?.locale === 'en' ? 'en' : subscriber?.locale === 'pl' ? 'pl' : undefined;
      if (Number(result.numUpdatedRows) > 0) return { found: true, wasSubscribed, ...(locale ? { locale } : {}) };
      // Already unsubscribed counts as found; only an address never seen is not.
      const seen = await trx.selectFrom('list_contacts').select('email').where('email', '=', address).limit(1).executeTakeFirst();
      return { found: Boolean(seen), wasSubscribed, ...(locale ? { locale } : {}) };
    });
  },
};
