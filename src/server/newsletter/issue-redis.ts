/**
 * The record of newsletter issues sent, in Redis, shared by every instance (REDIS_URL): a hash per
 * issue (`{newsletter}:issue:<hash>`), the set of issues, and per issue a hash of recipient → state.
 * The `{newsletter}` hash tag keeps a script's or transaction's keys in one Redis Cluster slot.
 */
import { recordsRedis } from '../store/records';
import type { IssueRecord, IssuesStore } from './issue-store';

const ISSUES = '{newsletter}:issues';
const issueKey = (hash: string) => `{newsletter}:issue:${hash}`;
const deliveriesKey = (hash: string) => `{newsletter}:deliveries:${hash}`;

/** KEYS: deliveries. ARGV: email. Drops the claim only while it is still 'sending'. */
const RELEASE = `if redis.call('HGET', KEYS[1], ARGV[1]) == 'sending' then return redis.call('HDEL', KEYS[1], ARGV[1]) end return 0`;

/** KEYS: issue, issues, deliveries. ARGV: hash. Forgets an issue not finished. */
const FORGET = `
redis.call('DEL', KEYS[3])
if redis.call('HEXISTS', KEYS[1], 'finishedAt') == 1 then return 0 end
redis.call('DEL', KEYS[1])
redis.call('SREM', KEYS[2], ARGV[1])
return 1
`;

function fromFields(fields: Record<string, string>): IssueRecord | undefined {
  if (!fields.hash) return undefined;
  return {
    hash: fields.hash,
    subject: fields.subject ?? '',
    locale: fields.locale ?? '',
    provider: fields.provider ?? '',
    startedAt: fields.startedAt ?? '',
    finishedAt: fields.finishedAt || null,
    broadcastId: fields.broadcastId || null,
  };
}

export const redisIssues: IssuesStore = {
  async findIssue(hash) {
    const client = await recordsRedis();
    return fromFields(await client.hgetall(issueKey(hash)));
  },

  async findIssueBySubject(subject, locale, exceptHash) {
    const client = await recordsRedis();
    const hashes = (await client.smembers(ISSUES)).filter((hash) => hash !== exceptHash);
    const issues = await Promise.all(hashes.map(async (hash) => fromFields(await client.hgetall(issueKey(hash)))));
    return issues
      .filter((issue): issue is IssueRecord => issue?.subject === subject && issue.locale === locale)
      .sort((a, b) => a.startedAt.localeCompare(b.startedAt))[0];
  },

  async startIssue(issue) {
    const client = await recordsRedis();
    // hsetnx on the hash field makes the first start the one kept, as the SQLite ON CONFLICT DO NOTHING.
    if (!(await client.hsetnx(issueKey(issue.hash), 'hash', issue.hash))) return;
    await client
      .multi()
      .hset(issueKey(issue.hash), { subject: issue.subject, locale: issue.locale, provider: issue.provider, startedAt: new Date().toISOString() })
      .sadd(ISSUES, issue.hash)
      .exec();
  },

  async forgetIssue(hash) {
    const client = await recordsRedis();
    await client.eval(FORGET, 3, issueKey(hash), ISSUES, deliveriesKey(hash), hash);
  },

  async finishIssue(hash, broadcastId) {
    const client = await recordsRedis();
    if (!(await client.exists(issueKey(hash)))) return;
    await client.hset(issueKey(hash), { finishedAt: new Date().toISOString(), ...(broadcastId ? { broadcastId } : {}) });
  },

  async deliveriesOf(hash) {
    const client = await recordsRedis();
    const states = await client.hgetall(deliveriesKey(hash));
    return new Map(Object.entries(states).map(([email, state]) => [email, state === 'sent' ? 'sent' : 'sending']));
  },

  async claimRecipient(hash, email) {
    const client = await recordsRedis();
    return (await client.hsetnx(deliveriesKey(hash), email, 'sending')) === 1;
  },

  async markRecipientSent(hash, email) {
    const client = await recordsRedis();
    await client.hset(deliveriesKey(hash), email, 'sent');
  },

  async releaseRecipient(hash, email) {
    const client = await recordsRedis();
    await client.eval(RELEASE, 1, deliveriesKey(hash), email);
  },
};
