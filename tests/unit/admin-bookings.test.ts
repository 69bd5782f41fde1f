import { describe, expect, it } from 'vitest';
import { embeddedRow } from '../../src/server/admin/bookings';
import { formatRows } from '../../src/server/admin/output';
import type { BookingRecord } from '../../src/server/scheduling/bookings-store';

const booking = (overrides: Partial<BookingRecord> = {}): BookingRecord => ({
  id: 'b1',
  start: new Date('2026-12-01T09:00:00Z'),
  end: new Date('2026-12-01T09:30:00Z'),
  fullName: 'Jan "JK" Kowalski, Jr.',
  email: 'jan@example.org',
  phone: '+48 600 100 200',
  notes: 'line one\nline two',
  timeZone: 'Asia/Tokyo',
  locale: 'en',
  createdAt: new Date('2026-11-20T10:00:00Z'),
  ...overrides,
});

describe('the bookings listing', () => {
  it('gives the start in the site time zone as ISO with its offset, and the status', () => {
    const now = new Date('2026-11-30T00:00:00Z');
    expect(embeddedRow(booking(), now)).toMatchObject({ id: 'b1', start: '2026-12-01T10:00:00+01:00', end: '2026-12-01T10:30:00+01:00', status: 'open', provider: 'embedded', language: 'en', timeZone: 'Asia/Tokyo' });
    expect(embeddedRow(booking(), new Date('2026-12-01T09:00:00Z')).status).toBe('past');
    const cancelled = embeddedRow(booking({ cancelledAt: new Date('2026-11-25T08:00:00Z'), cancelledBy: 'visitor' }), now);
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelledAt: '2026-11-25T08:00:00.000Z', cancelledBy: 'visitor' });
    // Summer time: the offset follows the date.
    expect(embeddedRow(booking({ start: new Date('2027-07-01T08:00:00Z') }), now).start).toBe('2027-07-01T10:00:00+02:00');
  });

  it('reads back from CSV and stays one line per booking in the table', () => {
    const columns = ['id', 'start', 'name', 'email', 'phone', 'language', 'status', 'provider'];
    const row = embeddedRow(booking(), new Date('2026-11-30T00:00:00Z'));
    const csv = formatRows([row], 'csv', columns).split('\r\n');
    expect(csv[0]).toBe(columns.join(','));
    // A phone number starting with + is a formula to a spreadsheet: the apostrophe makes it text.
    expect(csv[1]).toBe('b1,2026-12-01T10:00:00+01:00,"Jan ""JK"" Kowalski, Jr.",jan@example.org,\'+48 600 100 200,en,open,embedded');
    const table = formatRows([row, embeddedRow(booking({ id: 'b2', notes: undefined, phone: undefined }), new Date('2026-11-30T00:00:00Z'))], 'table', columns).trimEnd().split('\n');
    console.log(table.join('\n'));
    expect(table).toHaveLength(4);
    expect(table[0]).toMatch(/^id\s+start\s+name\s+email\s+phone\s+language\s+status\s+provider$/);
    const json = JSON.parse(formatRows([row], 'json'));
    expect(json[0]).toMatchObject({ id: 'b1', notes: 'line one\nline two' });
  });
});
