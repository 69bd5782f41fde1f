/**
 * The embedded provider's change mark is SQLite's data_version: it moves when another connection (the
 * admin command's process) commits to the file, so the server's cached slot answers are not reused.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { resetSettingsForTests } from '../../src/server/settings';

const dataDir = mkdtempSync(join(tmpdir(), 'change-mark-'));
let store: ReturnType<typeof import('../../src/server/scheduling/bookings-store').bookingsStore>;

beforeAll(async () => {
  process.env.DATA_DIR = dataDir;
  resetSettingsForTests();
  store = (await import('../../src/server/scheduling/bookings-store')).bookingsStore();
});
afterAll(() => {
  delete process.env.DATA_DIR;
  resetSettingsForTests();
  rmSync(dataDir, { recursive: true, force: true });
});

it('moves when another connection cancels a booking, not when nothing changed', async () => {
  const start = new Date(Date.now() + 86_400_000);
  const booking = (await store.insertBooking({ start, end: new Date(start.getTime() + 1_800_000), fullName: 'Ola', email: 'ola@example.org', timeZone: 'Europe/Warsaw', locale: 'pl' }, 0))!;
  const before = (await store.changeMark());
  expect((await store.changeMark())).toBe(before);
  const other = new DatabaseSync(join(dataDir, 'site.sqlite'));
  other.exec('PRAGMA busy_timeout = 5000');
  other.prepare('DELETE FROM consultation_bookings WHERE id = ?').run(booking.id);
  other.close();
  expect((await store.changeMark())).not.toBe(before);
  expect(await store.listBookings()).toEqual([]);
});
