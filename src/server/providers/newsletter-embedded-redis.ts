/**
 * The embedded mailing list in Redis, shared by every instance (REDIS_URL): a hash per address and
 * segment (`{list}:contact:<segment>:<email>`), a sorted set per segment by the time it was first
 * added, and per address the set of its segments (an unsubscribe reaches them all). The `{list}` hash
 * tag keeps a transaction's keys in one Redis Cluster slot.
 */
import { recordsRedis } from '../store/records';
import type { ContactsStore, ListedContact } from './newsletter-embedded';

const contactKey = (segment: string, email: string) => `{list}:contact:${segment}:${email}`;
const segmentKey = (segment: string) => `{list}:segment:${segment}`;
const segmentsOf = (email: string) => `{list}:segments-of:${email}`;

function fromFields(fields: Record<string, string>): ListedContact | undefined {
  if (!fields.email) return undefined;
  return {
    email: fields.email,
    locale: fields.locale ?? 'pl',
    name: fields.name || null,
    unsubscribed: fields.unsubscribed === '1',
    createdAt: fields.createdAt ?? '',
    updatedAt: fields.updatedAt ?? '',
  };
}

export const redisContacts: ContactsStore = {
  async listSegment(segment) {
    const client = await recordsRedis();
    const emails = await client.zrange(segmentKey(segment), 0, -1);
    if (emails.length === 0) return [];
    const pipeline = client.pipeline();
    for (const email of emails) pipeline.hgetall(contactKey(segment, email));
    return ((await pipeline.exec()) ?? []).flatMap(([error, fields]) => {
      if (error) throw error;
      const contact = fromFields(fields as Record<string, string>);
      return contact ? [contact] : [];
    });
  },

  async add({ email, locale, segment, name }) {
    const client = await recordsRedis();
    const address = email.toLowerCase();
    const key = contactKey(segment, address);
    const existing = fromFields(await client.hgetall(key));
    if (segment === 'newsletter' && existing && !existing.unsubscribed && existing.locale === locale && (name === undefined || name === existing.name)) {
      // Already subscribed with the same details: nothing to write (the idempotent path stays a read).
      return { created: false };
    }
    const now = new Date();
    const fields: Record<string, string> = { email: address, locale, updatedAt: now.toISOString() };
    if (name) fields.name = name;
    if (segment === 'newsletter') fields.unsubscribed = '0';
    else if (!existing) fields.unsubscribed = (await unsubscribedAnywhere(address)) ? '1' : '0';
    await client
      .multi()
      .hset(key, fields)
      .hsetnx(key, 'createdAt', now.toISOString())
      .zadd(segmentKey(segment), 'NX', now.getTime(), address)
      .sadd(segmentsOf(address), segment)
      .exec();
    return { created: segment === 'newsletter' ? !existing || existing.unsubscribed : !existing };
  },

  async unsubscribe(email) {
    const client = await recordsRedis();
    const address = email.toLowerCase();
    const segments = await client.smembers(segmentsOf(address));
    const now = new Date().toISOString();
    for (const segment of segments) {
      const key = contactKey(segment, address);
      if ((await client.hget(key, 'unsubscribed')) !== '1') await client.hset(key, 'unsubscribed', '1', 'updatedAt', now);
    }
    // Already unsubscribed counts as found; only an address never seen is not.
    return { found: segments.length > 0 };
  },
};

async function unsubscribedAnywhere(address: string): Promise<boolean> {
  const client = await recordsRedis();
  for (const segment of await client.smembers(segmentsOf(address))) {
    if ((await client.hget(contactKey(segment, address), 'unsubscribed')) === '1') return true;
  }
  return false;
}
