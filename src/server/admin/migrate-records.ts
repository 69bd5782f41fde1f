/**
 * `migrate-records`: a one-off copy of the records an installation kept in Redis, when REDIS_URL
 * used to hold them, into the records database (SQLite in DATA_DIR, or PostgreSQL with DATABASE_URL).
 * It reads the key layouts Redis used then and writes each record unless one with its key exists, so
 * it can run again (it copies nothing twice) and it never changes or deletes what Redis holds: once
 * the counts look right, the old keys may be removed. A live booking whose slot is already booked in
 * the database is counted as skipped.
 */
import type { Redis } from 'ioredis';
import { Redis as RedisClient } from 'ioredis';
import { getSettings } from '../base/settings';
import { getRecords, type Records } from '../store/database';
import { UsageError, type AdminCommand } from './command';
import { formatRows, outputFormat, type Row } from './output';

type Fields = Record<string, string>;

interface Count {
  found: number;
  copied: number;
}

async function hashes(redis: Redis, keys: string[]): Promise<Fields[]> {
  if (keys.length === 0) return [];
  const pipeline = redis.pipeline();
  for (const key of keys) pipeline.hgetall(key);
  return ((await pipeline.exec()) ?? []).map(([error, fields]) => {
    if (error) throw error;
    return fields as Fields;
  });
}

async function scanKeys(redis: Redis, pattern: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const batch of redis.scanStream({ match: pattern, count: 500 })) keys.push(...(batch as string[]));
  return [...new Set(keys)].sort();
}

const inserted = (result: { numInsertedOrUpdatedRows?: bigint }) => Number(result.numInsertedOrUpdatedRows ?? 0);

async function copyMessages(redis: Redis, db: Records): Promise<Count> {
  const ids = await redis.zrange('{messages}:index', 0, -1);
  const rows = (await hashes(redis, ids.map((id) => `{messages}:message:${id}`))).filter((fields) => fields.id);
  let copied = 0;
  for (const fields of rows) {
    const result = await db
      .insertInto('messages')
      .values({
        id: fields.id!,
        kind: fields.kind === 'inquiry' ? 'inquiry' : 'contact',
        received_at: fields.receivedAt ?? new Date(0).toISOString(),
        name: fields.name ?? '',
        email: fields.email ?? '',
        phone: fields.phone || null,
        topic: fields.topic || null,
        locale: fields.locale ?? 'pl',
        body: fields.body ?? '',
        suspected_spam: fields.suspectedSpam === '1' ? 1 : 0,
        delivered_at: fields.deliveredAt || null,
        attempts: Number(fields.attempts ?? 0),
        last_error: fields.lastError || null,
        mail: fields.mail ?? '{}',
      })
      .onConflict((conflict) => conflict.doNothing())
      .executeTakeFirst();
    copied += inserted(result);
  }
  return { found: rows.length, copied };
}

async function copyBookings(redis: Redis, db: Records): Promise<Count> {
  const ids = await redis.zrange('{bookings}:all', 0, -1);
  const rows = (await hashes(redis, ids.map((id) => `{bookings}:booking:${id}`))).filter((fields) => fields.id);
  let copied = 0;
  for (const fields of rows) {
    const booking = {
      id: fields.id!,
      start_ms: Number(fields.start),
      end_ms: Number(fields.end),
      full_name: fields.fullName ?? '',
      email: fields.email ?? '',
      phone: fields.phone || null,
      notes: fields.notes || null,
      time_zone: fields.timeZone ?? 'UTC',
      locale: fields.locale ?? 'pl',
      created_at: fields.createdAt ?? new Date(0).toISOString(),
    };
    // The id may already be in the other table (copied before, then cancelled): one place per booking.
    const known =
      (await db.selectFrom('consultation_bookings').select('id').where('id', '=', booking.id).executeTakeFirst()) ??
      (await db.selectFrom('consultation_cancellations').select('id').where('id', '=', booking.id).executeTakeFirst());
    if (known) continue;
    const result = fields.cancelledAt
      ? await db
          .insertInto('consultation_cancellations')
          .values({ ...booking, cancelled_at: fields.cancelledAt, cancelled_by: fields.cancelledBy === 'visitor' ? 'visitor' : 'owner' })
          .executeTakeFirst()
      : await db.insertInto('consultation_bookings').values(booking).onConflict((conflict) => conflict.doNothing()).executeTakeFirst();
    copied += inserted(result);
  }
  if (copied) await db.updateTable('record_versions').set((eb) => ({ version: eb('version', '+', 1) })).where('name', '=', 'bookings').execute();
  return { found: rows.length, copied };
}

async function copyContacts(redis: Redis, db: Records): Promise<Count> {
  let found = 0;
  let copied = 0;
  for (const key of await scanKeys(redis, '{list}:segment:*')) {
    const segment = key.slice('{list}:segment:'.length);
    const emails = await redis.zrange(key, 0, -1);
    for (const fields of await hashes(redis, emails.map((email) => `{list}:contact:${segment}:${email}`))) {
      if (!fields.email) continue;
      found += 1;
      const result = await db
        .insertInto('list_contacts')
        .values({
          email: fields.email,
          segment,
          locale: fields.locale ?? 'pl',
          name: fields.name || null,
          unsubscribed: fields.unsubscribed === '1' ? 1 : 0,
          created_at: fields.createdAt ?? fields.updatedAt ?? new Date(0).toISOString(),
          updated_at: fields.updatedAt ?? new Date(0).toISOString(),
        })
        .onConflict((conflict) => conflict.doNothing())
        .executeTakeFirst();
      copied += inserted(result);
    }
  }
  return { found, copied };
}

async function copyIssues(redis: Redis, db: Records): Promise<{ issues: Count; deliveries: Count }> {
  const issues = { found: 0, copied: 0 };
  const deliveries = { found: 0, copied: 0 };
  const hashesOfIssues = (await redis.smembers('{newsletter}:issues')).sort();
  for (const fields of await hashes(redis, hashesOfIssues.map((hash) => `{newsletter}:issue:${hash}`))) {
    if (!fields.hash) continue;
    issues.found += 1;
    issues.copied += inserted(
      await db
        .insertInto('newsletter_issues')
        .values({
          hash: fields.hash,
          subject: fields.subject ?? '',
          locale: fields.locale ?? '',
          provider: fields.provider ?? '',
          started_at: fields.startedAt ?? new Date(0).toISOString(),
          finished_at: fields.finishedAt || null,
          broadcast_id: fields.broadcastId || null,
        })
        .onConflict((conflict) => conflict.doNothing())
        .executeTakeFirst(),
    );
    const states = await redis.hgetall(`{newsletter}:deliveries:${fields.hash}`);
    for (const [email, state] of Object.entries(states)) {
      deliveries.found += 1;
      deliveries.copied += inserted(
        await db
          .insertInto('newsletter_deliveries')
          .values({ hash: fields.hash, email, state: state === 'sent' ? 'sent' : 'sending', at: fields.finishedAt || fields.startedAt || new Date(0).toISOString() })
          .onConflict((conflict) => conflict.doNothing())
          .executeTakeFirst(),
      );
    }
  }
  return { issues, deliveries };
}

async function copyMisses(redis: Redis, db: Records): Promise<Count> {
  const ids = await redis.zrange('ask-misses:by-time', 0, -1);
  const rows = (await hashes(redis, ids.map((id) => `ask-miss:${id}`))).filter((fields) => fields.id && fields.lastSeen);
  let copied = 0;
  for (const fields of rows) {
    copied += inserted(
      await db
        .insertInto('ask_misses')
        .values({
          id: fields.id!,
          question: fields.question ?? '',
          locale: fields.locale ?? '',
          kinds: fields.kinds ?? '',
          count: Number(fields.count ?? 1),
          first_seen: fields.firstSeen ?? fields.lastSeen!,
          last_seen: fields.lastSeen!,
          best: fields.best || null,
        })
        .onConflict((conflict) => conflict.doNothing())
        .executeTakeFirst(),
    );
  }
  return { found: rows.length, copied };
}

/** Registered OAuth clients the shared store kept (JSON under oauth:client:<id>, with its lifetime as the key's TTL). */
async function copyClients(redis: Redis, db: Records): Promise<Count> {
  const keys = await scanKeys(redis, 'oauth:client:*');
  let found = 0;
  let copied = 0;
  for (const key of keys) {
    const [value, ttl] = await Promise.all([redis.get(key), redis.pttl(key)]);
    if (!value || ttl === -2) continue;
    let client: { clientId?: string; issuedAt?: number };
    try {
      client = JSON.parse(value);
    } catch {
      continue;
    }
    if (typeof client.clientId !== 'string') continue;
    found += 1;
    copied += inserted(
      await db
        .insertInto('oauth_clients')
        .values({
          client_id: client.clientId,
          metadata: value,
          created_at: new Date((client.issuedAt ?? 0) * 1000).toISOString(),
          // A key without a TTL never expired in Redis: it gets a used client's lifetime from now.
          expires_at: Date.now() + (ttl > 0 ? ttl : 30 * 86_400_000),
        })
        .onConflict((conflict) => conflict.doNothing())
        .executeTakeFirst(),
    );
  }
  return { found, copied };
}

/** Copies every kind of record Redis kept; the counts per kind. */
export async function copyRedisRecords(redis: Redis, db: Records): Promise<Row[]> {
  const { issues, deliveries } = await copyIssues(redis, db);
  const counts: Array<[string, Count]> = [
    ['messages', await copyMessages(redis, db)],
    ['bookings', await copyBookings(redis, db)],
    ['list_contacts', await copyContacts(redis, db)],
    ['newsletter_issues', issues],
    ['newsletter_deliveries', deliveries],
    ['ask_misses', await copyMisses(redis, db)],
    ['oauth_clients', await copyClients(redis, db)],
  ];
  return counts.map(([id, count]) => ({ id, found: count.found, copied: count.copied, skipped: count.found - count.copied }));
}

const usage = ['migrate-records [--from <redis-url>] [--json|--csv]   copy the records an older version kept in Redis (REDIS_URL, or --from) into the records database; safe to repeat'];

export const migrateRecords: AdminCommand = {
  name: 'migrate-records',
  summary: 'copy the records an older version kept in Redis into the records database (SQLite or PostgreSQL); prints counts, safe to repeat',
  usage,
  async run(args, io) {
    const { format, rest } = outputFormat(args);
    let from = getSettings().REDIS_URL;
    for (let index = 0; index < rest.length; index++) {
      if (rest[index] !== '--from' || !rest[index + 1]) throw new UsageError(usage[0]!);
      from = rest[++index];
    }
    if (!from || !/^rediss?:\/\//.test(from)) {
      io.err('No Redis to copy from: set REDIS_URL to the Redis that kept the records, or pass --from redis://host:6379.');
      return 1;
    }
    const redis = new RedisClient(from, { lazyConnect: true, connectTimeout: 5_000, maxRetriesPerRequest: 1, retryStrategy: () => null });
    redis.on('error', () => {}); // reported through the failed command
    try {
      await redis.connect();
      const rows = await copyRedisRecords(redis, await getRecords());
      io.out(formatRows(rows, format, ['id', 'found', 'copied', 'skipped']));
      const copied = rows.reduce((sum, row) => sum + Number(row.copied), 0);
      io.err(`Copied ${copied} record(s) into the records database; Redis is unchanged (skipped: already there, or a slot booked twice).`);
      return 0;
    } finally {
      redis.disconnect();
    }
  },
};
