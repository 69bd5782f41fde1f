import { describe, expect, it } from 'vitest';
import { resolveWindow } from '../../src/server/scheduling';
import { slotLabel, toConsultationSlot } from '../../src/server/scheduling/labels';
import { OfficeHours, type OfficeHoursInput } from '../../src/server/scheduling/office-hours-schema';
import { generateSlots, slotStartingAt } from '../../src/server/scheduling/slot-generator';
import { instantOfWallTime, isoWithOffset } from '../../src/server/scheduling/time-zones';

const everyDay = { mon: ['09:00-10:00'], tue: ['09:00-10:00'], wed: ['09:00-10:00'], thu: ['09:00-10:00'], fri: ['09:00-10:00'], sat: ['09:00-10:00'], sun: ['09:00-10:00'] };

function hours(overrides: Partial<OfficeHoursInput> = {}) {
  return OfficeHours.parse({ slotMinutes: 30, bufferMinutes: 0, noticeHours: 0, horizonDays: 365, weeklyHours: everyDay, ...overrides });
}

const iso = (slots: Array<{ start: Date }>) => slots.map((slot) => slot.start.toISOString());

describe('slot generation from office hours (Europe/Warsaw)', () => {
  it('keeps 09:00 Warsaw wall time across the spring change (last Sunday of March 2026)', () => {
    const slots = generateSlots(hours(), {
      from: new Date('2026-03-28T00:00:00Z'),
      to: new Date('2026-03-31T00:00:00Z'),
      now: new Date('2026-03-01T00:00:00Z'),
    });
    expect(iso(slots)).toEqual([
      '2026-03-28T08:00:00.000Z', // Saturday, CET (UTC+1)
      '2026-03-28T08:30:00.000Z',
      '2026-03-29T07:00:00.000Z', // Sunday after 02:00 → 03:00, CEST (UTC+2)
      '2026-03-29T07:30:00.000Z',
      '2026-03-30T07:00:00.000Z',
      '2026-03-30T07:30:00.000Z',
    ]);
    expect(slots.every((slot) => slot.end.getTime() - slot.start.getTime() === 30 * 60_000)).toBe(true);
  });

  it('keeps 09:00 Warsaw wall time across the autumn change (last Sunday of October 2026)', () => {
    const slots = generateSlots(hours(), {
      from: new Date('2026-10-24T00:00:00Z'),
      to: new Date('2026-10-27T00:00:00Z'),
      now: new Date('2026-10-01T00:00:00Z'),
      limit: 30,
    });
    expect(iso(slots).filter((_, index) => index % 2 === 0)).toEqual([
      '2026-10-24T07:00:00.000Z', // Saturday, CEST
      '2026-10-25T08:00:00.000Z', // Sunday after 03:00 → 02:00, CET
      '2026-10-26T08:00:00.000Z',
    ]);
  });

  it('skips a wall time the spring change removes and takes the first of a repeated one', () => {
    const night = hours({ weeklyHours: { sun: ['02:00-03:00'] } });
    const march = generateSlots(night, { from: new Date('2026-03-28T12:00:00Z'), to: new Date('2026-03-30T00:00:00Z'), now: new Date('2026-03-01T00:00:00Z') });
    expect(march).toEqual([]); // 02:00–03:00 does not exist on 29 March in Warsaw
    const october = generateSlots(night, { from: new Date('2026-10-24T12:00:00Z'), to: new Date('2026-10-26T00:00:00Z'), now: new Date('2026-10-01T00:00:00Z') });
    expect(iso(october)).toEqual(['2026-10-25T00:00:00.000Z', '2026-10-25T00:30:00.000Z']); // first 02:00 is CEST
    expect(instantOfWallTime('2026-03-29', 150, 'Europe/Warsaw')).toBeUndefined();
  });

  it('offers nothing on days off, single dates and ranges alike', () => {
    const withDaysOff = hours({ daysOff: ['2026-12-01', { from: '2026-12-03', to: '2026-12-04' }, { date: '2026-12-06', reason: 'x' }] });
    const slots = generateSlots(withDaysOff, { from: new Date('2026-11-30T00:00:00Z'), to: new Date('2026-12-08T00:00:00Z'), now: new Date('2026-11-01T00:00:00Z'), limit: 100 });
    const dates = [...new Set(slots.map((slot) => isoWithOffset(slot.start, 'Europe/Warsaw').slice(0, 10)))];
    expect(dates).toEqual(['2026-11-30', '2026-12-02', '2026-12-05', '2026-12-07']);
  });

  it('respects the notice period and the horizon', () => {
    const now = new Date('2026-12-01T07:45:00Z'); // 08:45 in Warsaw
    const noticed = generateSlots(hours({ noticeHours: 24 }), { from: now, to: new Date('2026-12-04T00:00:00Z'), now });
    expect(iso(noticed)[0]).toBe('2026-12-02T08:00:00.000Z'); // 2 Dec 09:00 Warsaw is 24 h 15 min later
    expect(iso(noticed)).not.toContain('2026-12-01T08:00:00.000Z');
    const short = generateSlots(hours({ noticeHours: 24.5 }), { from: now, to: new Date('2026-12-04T00:00:00Z'), now });
    expect(iso(short)[0]).toBe('2026-12-02T08:30:00.000Z'); // 09:00 is 15 min too soon
    const horizon = generateSlots(hours({ horizonDays: 2 }), { from: now, to: new Date('2026-12-20T00:00:00Z'), now, limit: 100 });
    expect(iso(horizon).at(-1)).toBe('2026-12-02T08:30:00.000Z');
  });

  it('spaces slots by the buffer and keeps it around bookings', () => {
    const buffered = hours({ slotMinutes: 30, bufferMinutes: 15, weeklyHours: { tue: ['09:00-11:00'] } });
    const day = { from: new Date('2026-12-01T00:00:00Z'), to: new Date('2026-12-02T00:00:00Z'), now: new Date('2026-11-01T00:00:00Z') };
    expect(iso(generateSlots(buffered, day))).toEqual(['2026-12-01T08:00:00.000Z', '2026-12-01T08:45:00.000Z', '2026-12-01T09:30:00.000Z']);
    const busy = [{ start: new Date('2026-12-01T08:45:00Z'), end: new Date('2026-12-01T09:15:00Z') }];
    expect(iso(generateSlots(buffered, { ...day, busy }))).toEqual(['2026-12-01T08:00:00.000Z', '2026-12-01T09:30:00.000Z']);
    // A booking off the grid (hours changed since) blocks every slot it overlaps with its buffer.
    const offGrid = [{ start: new Date('2026-12-01T08:20:00Z'), end: new Date('2026-12-01T08:50:00Z') }];
    expect(iso(generateSlots(buffered, { ...day, busy: offGrid }))).toEqual(['2026-12-01T09:30:00.000Z']);
  });

  it('stops at the limit and finds a slot by its exact start only', () => {
    const slots = generateSlots(hours(), { from: new Date('2026-12-01T00:00:00Z'), to: new Date('2026-12-31T00:00:00Z'), now: new Date('2026-11-01T00:00:00Z'), limit: 3 });
    expect(slots).toHaveLength(3);
    expect(slotStartingAt(hours(), new Date('2026-12-01T08:30:00Z'))?.end.toISOString()).toBe('2026-12-01T09:00:00.000Z');
    expect(slotStartingAt(hours(), new Date('2026-12-01T08:10:00Z'))).toBeUndefined();
    expect(slotStartingAt(hours(), new Date('2026-12-01T09:00:00Z'))).toBeUndefined(); // would end after 10:00
  });
});

describe('slot labels', () => {
  const slot = { start: new Date('2026-12-01T09:00:00Z'), end: new Date('2026-12-01T09:30:00Z') };

  it('reads in Polish and English in the asked zone', () => {
    expect(slotLabel(slot, 'pl', 'Europe/Warsaw')).toBe('wt., 1 gru 2026, 10:00–10:30');
    expect(slotLabel(slot, 'en', 'Europe/Warsaw')).toBe('Tue 1 Dec 2026, 10:00–10:30');
    expect(slotLabel(slot, 'en', 'America/New_York')).toBe('Tue 1 Dec 2026, 04:00–04:30');
  });

  it('gives start, end and date in the asked zone, even when the date differs from Warsaw', () => {
    const late = { start: new Date('2026-12-01T23:30:00Z'), end: new Date('2026-12-02T00:00:00Z') };
    expect(toConsultationSlot(late, 'en', 'Europe/Warsaw')).toEqual({
      start: '2026-12-02T00:30:00+01:00',
      end: '2026-12-02T01:00:00+01:00',
      label: 'Wed 2 Dec 2026, 00:30–01:00',
      date: '2026-12-02',
    });
    expect(toConsultationSlot(late, 'pl', 'America/Los_Angeles').date).toBe('2026-12-01');
    // In the DST week Warsaw is UTC+2 while New York already is UTC-4.
    const march = { start: new Date('2026-03-30T07:00:00Z'), end: new Date('2026-03-30T07:30:00Z') };
    expect(toConsultationSlot(march, 'en', 'America/New_York').start).toBe('2026-03-30T03:00:00-04:00');
    expect(toConsultationSlot(march, 'pl', 'Europe/Warsaw').label).toBe('pon., 30 mar 2026, 09:00–09:30');
  });
});

describe('query window', () => {
  const now = new Date('2026-11-22T10:00:00Z');

  it('defaults to today and 14 days, never before now', () => {
    const window = resolveWindow({ timeZone: 'Europe/Warsaw' }, now);
    expect(window.range).toEqual({ start: '2026-11-22', end: '2026-12-06' });
    expect(window.from.toISOString()).toBe(now.toISOString());
    expect(window.to.toISOString()).toBe('2026-12-06T23:00:00.000Z');
  });

  it('reads dates as whole days in the asked zone', () => {
    const window = resolveWindow({ timeZone: 'America/New_York', start: '2026-12-01', end: '2026-12-01' }, now);
    expect(window.from.toISOString()).toBe('2026-12-01T05:00:00.000Z');
    expect(window.to.toISOString()).toBe('2026-12-02T05:00:00.000Z');
  });

  it('refuses an end before start or a window over 62 days, naming end', () => {
    expect(() => resolveWindow({ timeZone: 'Europe/Warsaw', end: '2026-11-01' }, now)).toThrow(/"end"/);
    expect(() => resolveWindow({ timeZone: 'Europe/Warsaw', start: '2026-12-01', end: '2027-02-15' }, now)).toThrow(/62 days/);
  });
});

describe('wall clocks from cached offsets', () => {
  it('agree with Intl at every 37th minute of 2026 in zones with odd offsets and DST', () => {
    const zones = ['Europe/Warsaw', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kathmandu'];
    const mismatches: string[] = [];
    for (const timeZone of zones) {
      const intl = new Intl.DateTimeFormat('en-CA', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });
      for (let ms = Date.UTC(2026, 0, 1); ms < Date.UTC(2027, 0, 1); ms += 37 * 60_000) {
        const expected = intl.format(new Date(ms)).replace(', ', 'T');
        const actual = isoWithOffset(new Date(ms), timeZone).slice(0, 16);
        if (actual !== expected) mismatches.push(`${timeZone} ${new Date(ms).toISOString()}: ${actual} ≠ ${expected}`);
      }
    }
    expect(mismatches).toEqual([]);
  });
});
