/**
 * Consultation bookings in the embedded database. A slot is booked at most once: the insert runs in
 * an IMMEDIATE transaction (one writer at a time, across processes sharing the WAL file) after an
 * overlap check, and start_ms is UNIQUE as the last line of defence.
 */
import { randomUUID } from 'node:crypto';
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { migrate } from '../store/database';

const schema = `
CREATE TABLE IF NOT EXISTS consultation_bookings (
  id TEXT PRIMARY KEY,
  start_ms INTEGER NOT NULL UNIQUE,
  end_ms INTEGER NOT NULL,
  full_name TEXT NOT NULL,
  email TEXT NOT NULL,
  phone TEXT,
  notes TEXT,
  time_zone TEXT NOT NULL,
  locale TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS consultation_bookings_end ON consultation_bookings (end_ms);
`;

interface Statements {
  db: DatabaseSync;
  booked: StatementSync;
  clash: StatementSync;
  insert: StatementSync;
  remove: StatementSync;
}

let prepared: Statements | undefined;

/** The database and its statements, compiled once per connection rather than on every call. */
function database(): Statements {
  const db = migrate('consultation_bookings', schema);
  if (prepared?.db !== db) {
    prepared = {
      db,
      booked: db.prepare('SELECT start_ms, end_ms FROM consultation_bookings WHERE end_ms > ? AND start_ms < ? ORDER BY start_ms'),
      clash: db.prepare('SELECT 1 FROM consultation_bookings WHERE start_ms < ? AND end_ms > ? LIMIT 1'),
      insert: db.prepare(
        `INSERT INTO consultation_bookings (id, start_ms, end_ms, full_name, email, phone, notes, time_zone, locale, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      remove: db.prepare('DELETE FROM consultation_bookings WHERE id = ?'),
    };
  }
  return prepared;
}

export interface NewBooking {
  start: Date;
  end: Date;
  fullName: string;
  email: string;
  phone?: string;
  notes?: string;
  timeZone: string;
  locale: string;
}

export interface StoredBooking extends NewBooking {
  id: string;
}

/** Booked intervals that touch [from - margin, to + margin). */
export function bookedIntervals(from: Date, to: Date, marginMinutes: number): Array<{ start: Date; end: Date }> {
  const margin = marginMinutes * 60_000;
  const rows = database()
    .booked.all(from.getTime() - margin, to.getTime() + margin) as Array<{ start_ms: number; end_ms: number }>;
  return rows.map((row) => ({ start: new Date(row.start_ms), end: new Date(row.end_ms) }));
}

function isUniqueViolation(error: unknown): boolean {
  return error instanceof Error && /UNIQUE constraint failed/i.test(error.message);
}

/** Stores the booking unless an overlapping one (with the buffer) exists: then undefined. */
export function insertBooking(booking: NewBooking, bufferMinutes: number): StoredBooking | undefined {
  const { db, clash: clashing, insert } = database();
  const id = randomUUID();
  const buffer = bufferMinutes * 60_000;
  db.exec('BEGIN IMMEDIATE');
  try {
    const clash = clashing.get(booking.end.getTime() + buffer, booking.start.getTime() - buffer);
    if (clash) {
      db.exec('ROLLBACK');
      return undefined;
    }
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
    db.exec('COMMIT');
    return { ...booking, id };
  } catch (error) {
    if (db.isTransaction) db.exec('ROLLBACK');
    if (isUniqueViolation(error)) return undefined;
    throw error;
  }
}

/** Removes a booking whose confirmation could not be sent, so the slot is free again. */
export function deleteBooking(id: string): void {
  database().remove.run(id);
}
