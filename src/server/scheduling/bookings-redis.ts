/**
 * Consultation bookings in Redis, shared by every instance (REDIS_URL). Each booking is a hash
 * `{bookings}:booking:<id>`; `{bookings}:taken` (a sorted set by start) holds the slots booked now,
 * `{bookings}:ends` their ends, and `{bookings}:all` every booking, cancelled ones included. Booking,
 * cancelling and moving are Lua scripts, so each check and its write are one atomic step for every
 * instance alike. The scripts touch only the keys they are given, and the `{bookings}` hash tag puts
 * every key in one slot, so the scripts also run on a Redis Cluster.
 */
import { randomUUID } from 'node:crypto';
import { recordsRedis } from '../store/records';
import type { BookingRecord, BookingsStore, CancelledBy, NewBooking, StoredBooking } from './bookings-store';

const TAKEN = '{bookings}:taken';
const ENDS = '{bookings}:ends';
const ALL = '{bookings}:all';
const VERSION = '{bookings}:version';
const recordKey = (id: string) => `{bookings}:booking:${id}`;

/** No consultation lasts longer: how far before a window the overlap checks look for a start. */
const LONGEST_MS = 7 * 86_400_000;

/**
 * True when another taken booking overlaps [start - buffer, end + buffer) (the booking `except`
 * aside). Reads KEYS[1] (taken) and KEYS[2] (ends).
 */
const CLASHES = `
local function clashes(s, e, b, longest, except)
  local ids = redis.call('ZRANGEBYSCORE', KEYS[1], s - b - longest, '(' .. (e + b))
  for _, other in ipairs(ids) do
    if other ~= except then
      local otherEnd = tonumber(redis.call('HGET', KEYS[2], other))
      if otherEnd and otherEnd > s - b then return true end
    end
  end
  return false
end
`;

/** KEYS: taken, ends, all, version, record. ARGV: start, end, buffer, longest, id, then the record's field pairs. */
const INSERT = `${CLASHES}
local s, e = tonumber(ARGV[1]), tonumber(ARGV[2])
if clashes(s, e, tonumber(ARGV[3]), tonumber(ARGV[4]), '') then return 0 end
redis.call('HSET', KEYS[5], unpack(ARGV, 6))
redis.call('ZADD', KEYS[1], s, ARGV[5])
redis.call('HSET', KEYS[2], ARGV[5], e)
redis.call('ZADD', KEYS[3], s, ARGV[5])
redis.call('INCR', KEYS[4])
return 1
`;

/** KEYS: taken, ends, version, record. ARGV: id, cancelledAt, by. Returns the record's fields, or nil. */
const CANCEL = `
if redis.call('ZREM', KEYS[1], ARGV[1]) == 0 then return nil end
redis.call('HDEL', KEYS[2], ARGV[1])
redis.call('HSET', KEYS[4], 'cancelledAt', ARGV[2], 'cancelledBy', ARGV[3])
redis.call('INCR', KEYS[3])
return redis.call('HGETALL', KEYS[4])
`;

/**
 * KEYS: taken, ends, all, version, old record, new record. ARGV: start, end, buffer, longest, old id,
 * new id, cancelledAt, createdAt. Returns 'not_booked', 'taken', or the old record's fields (the move was made).
 */
const MOVE = `${CLASHES}
local old, new = ARGV[5], ARGV[6]
if not redis.call('ZSCORE', KEYS[1], old) then return 'not_booked' end
local s, e = tonumber(ARGV[1]), tonumber(ARGV[2])
if clashes(s, e, tonumber(ARGV[3]), tonumber(ARGV[4]), old) then return 'taken' end
local fields = redis.call('HGETALL', KEYS[5])
redis.call('HSET', KEYS[6], unpack(fields))
redis.call('HSET', KEYS[6], 'id', new, 'start', ARGV[1], 'end', ARGV[2], 'createdAt', ARGV[8])
redis.call('ZREM', KEYS[1], old)
redis.call('HDEL', KEYS[2], old)
redis.call('HSET', KEYS[5], 'cancelledAt', ARGV[7], 'cancelledBy', 'visitor')
redis.call('ZADD', KEYS[1], s, new)
redis.call('HSET', KEYS[2], new, e)
redis.call('ZADD', KEYS[3], s, new)
redis.call('INCR', KEYS[4])
return fields
`;

function fieldPairs(id: string, booking: NewBooking, createdAt: Date): string[] {
  const fields: Record<string, string | undefined> = {
    id,
    start: String(booking.start.getTime()),
    end: String(booking.end.getTime()),
    fullName: booking.fullName,
    email: booking.email,
    phone: booking.phone,
    notes: booking.notes,
    timeZone: booking.timeZone,
    locale: booking.locale,
    createdAt: createdAt.toISOString(),
  };
  return Object.entries(fields).flatMap(([name, value]) => (value ? [name, value] : []));
}

function fromFields(fields: Record<string, string>): BookingRecord | undefined {
  if (!fields.id) return undefined;
  return {
    id: fields.id,
    start: new Date(Number(fields.start)),
    end: new Date(Number(fields.end)),
    fullName: fields.fullName ?? '',
    email: fields.email ?? '',
    ...(fields.phone ? { phone: fields.phone } : {}),
    ...(fields.notes ? { notes: fields.notes } : {}),
    timeZone: fields.timeZone ?? 'UTC',
    locale: fields.locale ?? 'pl',
    createdAt: new Date(fields.createdAt ?? 0),
    ...(fields.cancelledAt ? { cancelledAt: new Date(fields.cancelledAt), cancelledBy: fields.cancelledBy === 'visitor' ? ('visitor' as const) : ('owner' as const) } : {}),
  };
}

/** HGETALL's reply as a Lua table comes back as a flat array of names and values. */
function fromPairs(reply: unknown): Record<string, string> {
  const list = Array.isArray(reply) ? (reply as string[]) : [];
  const fields: Record<string, string> = {};
  for (let index = 0; index + 1 < list.length; index += 2) fields[list[index]!] = list[index + 1]!;
  return fields;
}

function booking(record: BookingRecord): StoredBooking {
  const { createdAt: _created, cancelledAt: _at, cancelledBy: _by, ...stored } = record;
  return stored;
}

async function records(ids: string[]): Promise<BookingRecord[]> {
  if (ids.length === 0) return [];
  const client = await recordsRedis();
  const pipeline = client.pipeline();
  for (const id of ids) pipeline.hgetall(recordKey(id));
  const replies = (await pipeline.exec()) ?? [];
  return replies.flatMap(([error, fields]) => {
    if (error) throw error;
    const record = fromFields(fields as Record<string, string>);
    return record ? [record] : [];
  });
}

export const redisBookings: BookingsStore = {
  async bookedIntervals(from, to, marginMinutes) {
    const margin = marginMinutes * 60_000;
    const client = await recordsRedis();
    const ids = await client.zrangebyscore(TAKEN, from.getTime() - margin - LONGEST_MS, `(${to.getTime() + margin}`, 'WITHSCORES');
    if (ids.length === 0) return [];
    const starts = new Map<string, number>();
    for (let index = 0; index + 1 < ids.length; index += 2) starts.set(ids[index]!, Number(ids[index + 1]));
    const ends = await client.hmget(ENDS, ...starts.keys());
    return [...starts].flatMap(([, start], index) => {
      const end = Number(ends[index]);
      return ends[index] !== null && end > from.getTime() - margin ? [{ start: new Date(start), end: new Date(end) }] : [];
    });
  },

  async insertBooking(newBooking, bufferMinutes) {
    const client = await recordsRedis();
    const id = randomUUID();
    const inserted = await client.eval(
      INSERT,
      5,
      TAKEN,
      ENDS,
      ALL,
      VERSION,
      recordKey(id),
      newBooking.start.getTime(),
      newBooking.end.getTime(),
      bufferMinutes * 60_000,
      LONGEST_MS,
      id,
      ...fieldPairs(id, newBooking, new Date()),
    );
    return inserted === 1 ? { ...newBooking, id } : undefined;
  },

  async deleteBooking(id) {
    const client = await recordsRedis();
    await client.multi().zrem(TAKEN, id).hdel(ENDS, id).zrem(ALL, id).del(recordKey(id)).incr(VERSION).exec();
  },

  async listBookings(options = {}) {
    const client = await recordsRedis();
    const ids = options.all ? await client.zrange(ALL, 0, -1) : await client.zrangebyscore(TAKEN, `(${(options.now ?? new Date()).getTime()}`, '+inf');
    return records(ids);
  },

  async findBooking(id) {
    const client = await recordsRedis();
    return fromFields(await client.hgetall(recordKey(id)));
  },

  async cancelStoredBooking(id: string, by: CancelledBy, now = new Date()) {
    const client = await recordsRedis();
    const reply = await client.eval(CANCEL, 4, TAKEN, ENDS, VERSION, recordKey(id), id, now.toISOString(), by);
    const record = reply ? fromFields(fromPairs(reply)) : undefined;
    return record ? booking(record) : undefined;
  },

  async moveBooking(id, slot, bufferMinutes, now = new Date()) {
    const client = await recordsRedis();
    const newId = randomUUID();
    const reply = await client.eval(
      MOVE,
      6,
      TAKEN,
      ENDS,
      ALL,
      VERSION,
      recordKey(id),
      recordKey(newId),
      slot.start.getTime(),
      slot.end.getTime(),
      bufferMinutes * 60_000,
      LONGEST_MS,
      id,
      newId,
      now.toISOString(),
      new Date().toISOString(),
    );
    if (reply === 'not_booked' || reply === 'taken') return { kind: reply };
    const from = booking(fromFields(fromPairs(reply))!);
    return { kind: 'moved', from, to: { ...from, id: newId, start: slot.start, end: slot.end } };
  },

  async changeMark() {
    const client = await recordsRedis();
    return (await client.get(VERSION)) ?? '0';
  },
};
