/**
 * Contact messages and service inquiries in Redis, shared by every instance (REDIS_URL): each a hash
 * `{messages}:message:<id>` that expires with the retention period, listed by `{messages}:index` (a
 * sorted set by arrival). The `{messages}` hash tag keeps a transaction's keys in one Redis Cluster slot.
 */
import type { MailMessage } from '../providers/mail';
import { recordsRedis } from '../store/records';
import type { MessagesStore, StoredMessage } from './messages-store';
import { MESSAGE_RETENTION_DAYS } from './retention';

const INDEX = '{messages}:index';
const key = (id: string) => `{messages}:message:${id}`;
const RETENTION_MS = MESSAGE_RETENTION_DAYS * 86_400_000;

function fromFields(fields: Record<string, string>): StoredMessage | undefined {
  if (!fields.id) return undefined;
  return {
    id: fields.id,
    kind: fields.kind === 'inquiry' ? 'inquiry' : 'contact',
    receivedAt: fields.receivedAt ?? '',
    name: fields.name ?? '',
    email: fields.email ?? '',
    phone: fields.phone || null,
    topic: fields.topic || null,
    locale: fields.locale ?? 'pl',
    body: fields.body ?? '',
    suspectedSpam: fields.suspectedSpam === '1',
    deliveredAt: fields.deliveredAt || null,
    attempts: Number(fields.attempts ?? 0),
    lastError: fields.lastError || null,
    mail: JSON.parse(fields.mail ?? '{}') as MailMessage,
  };
}

export const redisMessages: MessagesStore = {
  async recordMessage(message, now = new Date()) {
    const client = await recordsRedis();
    const fields: Record<string, string> = {
      id: message.id,
      kind: message.kind,
      receivedAt: now.toISOString(),
      name: message.name,
      email: message.email,
      phone: message.phone ?? '',
      topic: message.topic ?? '',
      locale: message.locale,
      body: message.body,
      suspectedSpam: message.suspectedSpam ? '1' : '0',
      attempts: '0',
      mail: JSON.stringify(message.mail),
    };
    await client
      .multi()
      .hset(key(message.id), fields)
      .pexpireat(key(message.id), now.getTime() + RETENTION_MS)
      .zadd(INDEX, now.getTime(), message.id)
      .zremrangebyscore(INDEX, '-inf', `(${now.getTime() - RETENTION_MS}`)
      .exec();
  },

  async recordDelivery(id, outcome) {
    const client = await recordsRedis();
    if (!(await client.exists(key(id)))) return;
    const step = client.multi().hincrby(key(id), 'attempts', 1);
    if (outcome.delivered) step.hset(key(id), 'deliveredAt', new Date().toISOString()).hdel(key(id), 'lastError');
    else step.hset(key(id), 'lastError', outcome.error.slice(0, 500));
    await step.exec();
  },

  async listMessages(options = {}) {
    const client = await recordsRedis();
    const ids = await client.zrevrange(INDEX, 0, -1);
    if (ids.length === 0) return [];
    const pipeline = client.pipeline();
    for (const id of ids) pipeline.hgetall(key(id));
    const messages = ((await pipeline.exec()) ?? []).flatMap(([error, fields]) => {
      if (error) throw error;
      const message = fromFields(fields as Record<string, string>);
      return message ? [message] : [];
    });
    // As the SQLite listing orders them: newest first, then by id.
    messages.sort((a, b) => b.receivedAt.localeCompare(a.receivedAt) || a.id.localeCompare(b.id));
    return options.undelivered ? messages.filter((message) => !message.deliveredAt) : messages;
  },

  async getMessage(id) {
    const client = await recordsRedis();
    return fromFields(await client.hgetall(key(id)));
  },
};
