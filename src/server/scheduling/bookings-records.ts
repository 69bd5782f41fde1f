/**
 * Consultation bookings in the records database (SQLite or PostgreSQL). A slot is booked at most
 * once across every instance: each write takes the bookings' turn first (record-versions.ts: one
 * writer at a time, on both engines), checks for an overlap and inserts in one transaction, and
 * start_ms is UNIQUE as the last line of defence.
 *
 * A cancelled booking moves to consultation_cancellations in one transaction: the bookings table
 * holds only the slots taken, so its checks (and the UNIQUE start) stay as they are and the slot can
 * be booked again at once, while the owner can still list what was cancelled.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import { getRecords, isUniqueViolation } from '../store/database';
import { takeTurn, versionOf } from '../store/record-versions';
import type { BookingsTable, CancellationsTable, RecordsDatabase } from '../store/records-schema';
import type { BookingRecord, BookingsStore, CancelledBy, MoveOutcome, NewBooking, StoredBooking } from './bookings-store';

type Row = Selectable<BookingsTable> & Partial<Pick<Selectable<CancellationsTable>, 'cancelled_at' | 'cancelled_by'>>;

const COLUMNS = ['id', 'start_ms', 'end_ms', 'full_name', 'email', 'phone', 'notes', 'time_zone', 'locale', 'created_at'] as const;

function record(row: Row): BookingRecord {
  return {
    id: row.id,
    start: new Date(Number(row.start_ms)),
    end: new Date(Number(row.end_ms)),
    fullName: row.full_name,
    email: row.email,
    ...(row.phone ? { phone: row.phone } : {}),
    ...(row.notes ? { notes: row.notes } : {}),
    timeZone: row.time_zone,
    locale: row.locale,
    createdAt: new Date(row.created_at),
    ...(row.cancelled_at ? { cancelledAt: new Date(row.cancelled_at), cancelledBy: row.cancelled_by === 'visitor' ? ('visitor' as const) : ('owner' as const) } : {}),
  };
}

function stored(row: Row): StoredBooking {
  const { createdAt: _created, cancelledAt: _at, cancelledBy: _by, ...booking } = record(row);
  return booking;
}

const rowOf = (id: string, booking: NewBooking, createdAt = new Date()): Selectable<BookingsTable> => ({
  id,
  start_ms: booking.start.getTime(),
  end_ms: booking.end.getTime(),
  full_name: booking.fullName,
  email: booking.email,
  phone: booking.phone ?? null,
  notes: booking.notes ?? null,
  time_zone: booking.timeZone,
  locale: booking.locale,
  created_at: createdAt.toISOString(),
});

/** Another booked slot overlapping [start - buffer, end + buffer), the booking `except` aside. */
async function clashes(trx: Kysely<RecordsDatabase>, slot: { start: Date; end: Date }, bufferMs: number, except = ''): Promise<boolean> {
  const row = await trx
    .selectFrom('consultation_bookings')
    .select('id')
    .where('start_ms', '<', slot.end.getTime() + bufferMs)
    .where('end_ms', '>', slot.start.getTime() - bufferMs)
    .where('id', '<>', except)
    .limit(1)
    .executeTakeFirst();
  return Boolean(row);
}

/** Moves a booking to the cancellations; the booking as it was, or undefined when it was not booked. */
async function archive(trx: Kysely<RecordsDatabase>, id: string, by: CancelledBy, now: Date): Promise<Row | undefined> {
  const row = await trx.selectFrom('consultation_bookings').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  await trx.insertInto('consultation_cancellations').values({ ...row, cancelled_at: now.toISOString(), cancelled_by: by }).execute();
  await trx.deleteFrom('consultation_bookings').where('id', '=', id).execute();
  return row;
}

/** Answers `refused` instead of throwing when the UNIQUE start caught a clash the check did not. */
async function unlessTaken<T>(work: () => Promise<T>, refused: T): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) return refused;
    throw error;
  }
}

export const recordsBookings: BookingsStore = {
  async bookedIntervals(from, to, marginMinutes) {
    const margin = marginMinutes * 60_000;
    const db = await getRecords();
    const rows = await db
      .selectFrom('consultation_bookings')
      .select(['start_ms', 'end_ms'])
      .where('end_ms', '>', from.getTime() - margin)
      .where('start_ms', '<', to.getTime() + margin)
      .orderBy('start_ms')
      .execute();
    return rows.map((row) => ({ start: new Date(Number(row.start_ms)), end: new Date(Number(row.end_ms)) }));
  },

  async insertBooking(booking, bufferMinutes) {
    const db = await getRecords();
    const id = randomUUID();
    return unlessTaken(
      () =>
        db.transaction().execute(async (trx) => {
          await takeTurn(trx, 'bookings');
          if (await clashes(trx, booking, bufferMinutes * 60_000)) return undefined;
          await trx.insertInto('consultation_bookings').values(rowOf(id, booking)).execute();
          return { ...booking, id };
        }),
      undefined,
    );
  },

  async deleteBooking(id) {
    const db = await getRecords();
    await db.transaction().execute(async (trx) => {
      await takeTurn(trx, 'bookings');
      await trx.deleteFrom('consultation_bookings').where('id', '=', id).execute();
    });
  },

  async listBookings(options = {}) {
    const db = await getRecords();
    if (!options.all) {
      const rows = await db
        .selectFrom('consultation_bookings')
        .selectAll()
        .where('start_ms', '>', (options.now ?? new Date()).getTime())
        .orderBy('start_ms')
        .execute();
      return rows.map(record);
    }
    const [open, cancelled] = await Promise.all([
      db.selectFrom('consultation_bookings').selectAll().execute(),
      db.selectFrom('consultation_cancellations').selectAll().execute(),
    ]);
    return [...open, ...cancelled].map(record).sort((a, b) => a.start.getTime() - b.start.getTime());
  },

  async findBooking(id) {
    const db = await getRecords();
    const row =
      (await db.selectFrom('consultation_bookings').select(COLUMNS).where('id', '=', id).executeTakeFirst()) ??
      (await db.selectFrom('consultation_cancellations').selectAll().where('id', '=', id).executeTakeFirst());
    return row ? record(row) : undefined;
  },

  async cancelStoredBooking(id, by, now = new Date()) {
    const db = await getRecords();
    const row = await db.transaction().execute(async (trx) => {
      await takeTurn(trx, 'bookings');
      return archive(trx, id, by, now);
    });
    return row ? stored(row) : undefined;
  },

  async moveBooking(id, slot, bufferMinutes, now = new Date()) {
    const db = await getRecords();
    const newId = randomUUID();
    return unlessTaken<MoveOutcome>(
      () =>
        db.transaction().execute(async (trx): Promise<MoveOutcome> => {
          await takeTurn(trx, 'bookings');
          const exists = await trx.selectFrom('consultation_bookings').select('id').where('id', '=', id).executeTakeFirst();
          if (!exists) return { kind: 'not_booked' };
          if (await clashes(trx, slot, bufferMinutes * 60_000, id)) return { kind: 'taken' };
          const from = stored((await archive(trx, id, 'visitor', now))!);
          const to: StoredBooking = { ...from, id: newId, start: slot.start, end: slot.end };
          await trx.insertInto('consultation_bookings').values(rowOf(newId, to)).execute();
          return { kind: 'moved', from, to };
        }),
      { kind: 'taken' },
    );
  },

  async changeMark() {
    return versionOf(await getRecords(), 'bookings');
  },
};
