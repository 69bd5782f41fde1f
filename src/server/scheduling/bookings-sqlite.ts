/**
 * Consultation bookings in the embedded database (one machine). A slot is booked at most once: the
 * insert runs in an IMMEDIATE transaction (one writer at a time, across processes sharing the WAL
 * file) after an overlap check, and start_ms is UNIQUE as the last line of defence.
 *
 * A cancelled booking moves to consultation_cancellations in one transaction: the bookings table
 * holds only the slots taken, so its checks (and the UNIQUE start) stay as they are and the slot can
 * be booked again at once, while the owner can still list what was cancelled.
 */
import { randomUUID } from 'node:crypto';
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { migrate } from '../store/database';
import type { BookingRecord, BookingsStore, CancelledBy, MoveOutcome, NewBooking, StoredBooking } from './bookings-store';

/** A booking's columns, alike in the live table and the cancelled one (where a start may repeat). */
const bookingColumns = (startUnique: boolean) => `
  id TEXT PRIMARY KEY,
  start_ms INTEGER NOT NULL${startUnique ? ' UNIQUE' : ''},
  end_ms INTEGER NOT NULL,
  full_name TEXT NOT NULL,
  email TEXT NOT NULL,
  phone TEXT,
  notes TEXT,
  time_zone TEXT NOT NULL,
  locale TEXT NOT NULL,
  created_at TEXT NOT NULL`;

const schema = `
CREATE TABLE IF NOT EXISTS consultation_bookings (${bookingColumns(true)}
);
CREATE INDEX IF NOT EXISTS consultation_bookings_end ON consultation_bookings (end_ms);
CREATE TABLE IF NOT EXISTS consultation_cancellations (${bookingColumns(false)},
  cancelled_at TEXT NOT NULL,
  cancelled_by TEXT NOT NULL
);
`;

const COLUMNS = 'id, start_ms, end_ms, full_name, email, phone, notes, time_zone, locale, created_at';

interface Statements {
  db: DatabaseSync;
  booked: StatementSync;
  clash: StatementSync;
  insert: StatementSync;
  remove: StatementSync;
  one: StatementSync;
  oneCancelled: StatementSync;
  archive: StatementSync;
  open: StatementSync;
  every: StatementSync;
  version: StatementSync;
}

let prepared: Statements | undefined;

/** The database and its statements, compiled once per connection rather than on every call. */
function database(): Statements {
  const db = migrate('consultation_bookings', schema);
  if (prepared?.db !== db) {
    prepared = {
      db,
      booked: db.prepare('SELECT start_ms, end_ms FROM consultation_bookings WHERE end_ms > ? AND start_ms < ? ORDER BY start_ms'),
      clash: db.prepare('SELECT 1 FROM consultation_bookings WHERE start_ms < ? AND end_ms > ? AND id <> ? LIMIT 1'),
      insert: db.prepare(
        `INSERT INTO consultation_bookings (id, start_ms, end_ms, full_name, email, phone, notes, time_zone, locale, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      remove: db.prepare('DELETE FROM consultation_bookings WHERE id = ?'),
      one: db.prepare(`SELECT ${COLUMNS} FROM consultation_bookings WHERE id = ?`),
      oneCancelled: db.prepare(`SELECT ${COLUMNS}, cancelled_at, cancelled_by FROM consultation_cancellations WHERE id = ?`),
      archive: db.prepare(
        `INSERT INTO consultation_cancellations (${COLUMNS}, cancelled_at, cancelled_by) SELECT ${COLUMNS}, ?, ? FROM consultation_bookings WHERE id = ?`,
      ),
      open: db.prepare(`SELECT ${COLUMNS}, NULL AS cancelled_at, NULL AS cancelled_by FROM consultation_bookings WHERE start_ms > ? ORDER BY start_ms`),
      every: db.prepare(
        `SELECT ${COLUMNS}, NULL AS cancelled_at, NULL AS cancelled_by FROM consultation_bookings
         UNION ALL SELECT ${COLUMNS}, cancelled_at, cancelled_by FROM consultation_cancellations ORDER BY start_ms`,
      ),
      version: db.prepare('PRAGMA data_version'),
    };
  }
  return prepared;
}

/** Booked intervals that touch [from - margin, to + margin). */
function bookedIntervals(from: Date, to: Date, marginMinutes: number): Array<{ start: Date; end: Date }> {
  const margin = marginMinutes * 60_000;
  const rows = database()
    .booked.all(from.getTime() - margin, to.getTime() + margin) as Array<{ start_ms: number; end_ms: number }>;
  return rows.map((row) => ({ start: new Date(row.start_ms), end: new Date(row.end_ms) }));
}

function isUniqueViolation(error: unknown): boolean {
  return error instanceof Error && /UNIQUE constraint failed/i.test(error.message);
}

function insertRow(insert: StatementSync, id: string, booking: NewBooking): void {
  insert.run(
    id,
    booking.start.getTime(),
    booking.end.getTime(),
    booking.fullName,
    booking.email,
    booking.phone ?? null,
    booking.notes ?? null,
    booking.timeZone,
    booking.locale,
    new Date().toISOString(),
  );
}

/** Stores the booking unless an overlapping one (with the buffer) exists: then undefined. */
function insertBooking(booking: NewBooking, bufferMinutes: number): StoredBooking | undefined {
  const { db, clash: clashing, insert } = database();
  const id = randomUUID();
  const buffer = bufferMinutes * 60_000;
  db.exec('BEGIN IMMEDIATE');
  try {
    const clash = clashing.get(booking.end.getTime() + buffer, booking.start.getTime() - buffer, '');
    if (clash) {
      db.exec('ROLLBACK');
      return undefined;
    }
    insertRow(insert, id, booking);
    db.exec('COMMIT');
    return { ...booking, id };
  } catch (error) {
    if (db.isTransaction) db.exec('ROLLBACK');
    if (isUniqueViolation(error)) return undefined;
    throw error;
  }
}

/** Removes a booking whose confirmation could not be sent, so the slot is free again. */
function deleteBooking(id: string): void {
  database().remove.run(id);
}

interface Row {
  id: string;
  start_ms: number;
  end_ms: number;
  full_name: string;
  email: string;
  phone: string | null;
  notes: string | null;
  time_zone: string;
  locale: string;
  created_at: string;
  cancelled_at?: string | null;
  cancelled_by?: string | null;
}

function record(row: Row): BookingRecord {
  return {
    id: row.id,
    start: new Date(row.start_ms),
    end: new Date(row.end_ms),
    fullName: row.full_name,
    email: row.email,
    ...(row.phone ? { phone: row.phone } : {}),
    ...(row.notes ? { notes: row.notes } : {}),
    timeZone: row.time_zone,
    locale: row.locale,
    createdAt: new Date(row.created_at),
    ...(row.cancelled_at ? { cancelledAt: new Date(row.cancelled_at), cancelledBy: row.cancelled_by === 'visitor' ? 'visitor' : 'owner' } : {}),
  };
}

/** Bookings not yet started, soonest first; with `all`, also past and cancelled ones (by start). */
function listBookings(options: { all?: boolean; now?: Date } = {}): BookingRecord[] {
  const statements = database();
  const rows = (options.all ? statements.every.all() : statements.open.all((options.now ?? new Date()).getTime())) as unknown as Row[];
  return rows.map(record);
}

/** A booking by id, booked or cancelled; undefined when there is none. */
function findBooking(id: string): BookingRecord | undefined {
  const statements = database();
  const row = (statements.one.get(id) ?? statements.oneCancelled.get(id)) as Row | undefined;
  return row ? record(row) : undefined;
}

/**
 * Cancels a booking: it leaves the bookings (its slot is free at once) for the cancellations, in one
 * transaction, so two cancels of one booking cannot both succeed. Answers the booking as it was, or
 * undefined when it was not booked (already cancelled, or never).
 */
function cancelStoredBooking(id: string, by: CancelledBy, now = new Date()): StoredBooking | undefined {
  const { db, one, archive, remove } = database();
  db.exec('BEGIN IMMEDIATE');
  try {
    const row = one.get(id) as Row | undefined;
    if (!row) {
      db.exec('ROLLBACK');
      return undefined;
    }
    archive.run(now.toISOString(), by, id);
    remove.run(id);
    db.exec('COMMIT');
    const { createdAt: _created, ...booking } = record(row);
    return booking;
  } catch (error) {
    if (db.isTransaction) db.exec('ROLLBACK');
    throw error;
  }
}

/**
 * A mark that changes when another process (another server, the admin command) has written to the
 * database: cached slot answers made under an older mark are not reused, so a booking cancelled
 * elsewhere is offered again at once.
 */
function bookingsChangeMark(): number {
  return (database().version.get() as { data_version: number }).data_version;
}

/** The new slot is booked and the old one cancelled in one transaction: never both, never neither. */
function moveBooking(id: string, slot: { start: Date; end: Date }, bufferMinutes: number, now = new Date()): MoveOutcome {
  const { db, one, clash: clashing, insert, archive, remove } = database();
  const buffer = bufferMinutes * 60_000;
  const newId = randomUUID();
  db.exec('BEGIN IMMEDIATE');
  try {
    const row = one.get(id) as Row | undefined;
    if (!row) {
      db.exec('ROLLBACK');
      return { kind: 'not_booked' };
    }
    const { createdAt: _created, ...from } = record(row);
    if (clashing.get(slot.end.getTime() + buffer, slot.start.getTime() - buffer, id)) {
      db.exec('ROLLBACK');
      return { kind: 'taken' };
    }
    archive.run(now.toISOString(), 'visitor', id);
    remove.run(id);
    const to: StoredBooking = { ...from, id: newId, start: slot.start, end: slot.end };
    insertRow(insert, newId, to);
    db.exec('COMMIT');
    return { kind: 'moved', from, to };
  } catch (error) {
    if (db.isTransaction) db.exec('ROLLBACK');
    if (isUniqueViolation(error)) return { kind: 'taken' };
    throw error;
  }
}

export const sqliteBookings: BookingsStore = {
  bookedIntervals: async (from, to, marginMinutes) => bookedIntervals(from, to, marginMinutes),
  insertBooking: async (booking, bufferMinutes) => insertBooking(booking, bufferMinutes),
  deleteBooking: async (id) => deleteBooking(id),
  listBookings: async (options) => listBookings(options),
  findBooking: async (id) => findBooking(id),
  cancelStoredBooking: async (id, by, now) => cancelStoredBooking(id, by, now),
  moveBooking: async (id, slot, bufferMinutes, now) => moveBooking(id, slot, bufferMinutes, now),
  changeMark: async () => bookingsChangeMark(),
};
