/**
 * Low-confidence questions in Redis, shared by every instance (REDIS_URL): each a hash
 * `ask-miss:<id>` that expires with the retention period after it was last asked, in two sorted
 * sets: by when last asked (retention) and by count then time (the cap). One script counts, forgets
 * the expired and trims to the cap, so instances asking at once never leave more rows than the cap.
 */
import { recordsRedis } from '../store/records';
import { byCountThenRecent, DAY_MS } from './miss-order';
import type { AskMiss, AskMissesStore } from './misses-store';

const PREFIX = 'ask-miss:';
const BY_TIME = 'ask-misses:by-time';
const BY_RANK = 'ask-misses:by-rank';

// Rank = min(count, 4095) × 2^41 + last seen (ms): the least asked first, then the oldest, exact
// in a double (2^41 ms reaches 2039; 4095 × 2^41 + that stays under 2^53). Written with %.0f, since
// Lua's default number format keeps only 14 digits.
const RECORD = `
local prefix, id, now, cutoff, maxRows, ttl = ARGV[1], ARGV[2], tonumber(ARGV[3]), ARGV[4], tonumber(ARGV[5]), tonumber(ARGV[6])
local function forget(member)
  redis.call('DEL', prefix .. member)
  redis.call('ZREM', KEYS[1], member)
  redis.call('ZREM', KEYS[2], member)
end
for _, member in ipairs(redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', '(' .. cutoff)) do forget(member) end
local key = prefix .. id
local count = redis.call('HINCRBY', key, 'count', 1)
if count == 1 then
  redis.call('HSET', key, 'id', id, 'question', ARGV[7], 'locale', ARGV[8], 'kinds', ARGV[9], 'firstSeen', ARGV[10])
end
redis.call('HSET', key, 'lastSeen', ARGV[10], 'best', ARGV[11])
redis.call('PEXPIREAT', key, now + ttl)
redis.call('ZADD', KEYS[1], now, id)
redis.call('ZADD', KEYS[2], string.format('%.0f', math.min(count, 4095) * 2199023255552 + now), id)
local over = redis.call('ZCARD', KEYS[2]) - maxRows
if over > 0 then
  for _, member in ipairs(redis.call('ZRANGE', KEYS[2], 0, over - 1)) do forget(member) end
end
return count`;

function fromFields(fields: Record<string, string>): AskMiss | undefined {
  if (!fields.id || !fields.lastSeen) return undefined;
  return {
    id: fields.id,
    question: fields.question ?? '',
    locale: fields.locale ?? '',
    kinds: fields.kinds ?? '',
    count: Number(fields.count ?? 0),
    firstSeen: fields.firstSeen ?? fields.lastSeen,
    lastSeen: fields.lastSeen,
    best: fields.best ? (JSON.parse(fields.best) as AskMiss['best']) : null,
  };
}

export const redisMisses: AskMissesStore = {
  async recordMiss(sighting, limits, now = new Date()) {
    const client = await recordsRedis();
    const ttl = limits.retentionDays * DAY_MS;
    await client.eval(
      RECORD,
      2,
      BY_TIME,
      BY_RANK,
      PREFIX,
      sighting.id,
      now.getTime(),
      now.getTime() - ttl,
      limits.maxRows,
      ttl,
      sighting.question,
      sighting.locale,
      sighting.kinds,
      now.toISOString(),
      sighting.best ? JSON.stringify(sighting.best) : '',
    );
  },

  async listMisses({ retentionDays }, now = new Date()) {
    const client = await recordsRedis();
    const ids = await client.zrangebyscore(BY_TIME, now.getTime() - retentionDays * DAY_MS, '+inf');
    if (ids.length === 0) return [];
    const pipeline = client.pipeline();
    for (const id of ids) pipeline.hgetall(`${PREFIX}${id}`);
    const misses = ((await pipeline.exec()) ?? []).flatMap(([error, fields]) => {
      if (error) throw error;
      const miss = fromFields(fields as Record<string, string>);
      return miss ? [miss] : [];
    });
    return misses.sort(byCountThenRecent);
  },

  async clearMisses() {
    const client = await recordsRedis();
    const ids = await client.zrange(BY_TIME, 0, -1);
    const step = client.multi().del(BY_TIME, BY_RANK);
    for (const id of ids) step.del(`${PREFIX}${id}`);
    await step.exec();
    return ids.length;
  },
};
