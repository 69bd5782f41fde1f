import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { OfficeHours } from '../../src/server/scheduling/office-hours-schema';
import { isDayOff } from '../../src/server/scheduling/slot-generator';

// The YAML parser Astro's file() loader uses (a dependency of astro, without bundled types).
const { load } = createRequire(import.meta.url)('js-yaml') as { load: (text: string) => unknown };

describe('office hours content', () => {
  it('parses content/office-hours.yaml as Astro reads it (js-yaml), with dates left unquoted', () => {
    const file = load(readFileSync('content/office-hours.yaml', 'utf8')) as Record<string, unknown>;
    const hours = OfficeHours.parse(file.consultation);
    expect(hours.timeZone).toBe('Europe/Warsaw');
    expect(hours.weeklyHours.mon[0]).toEqual({ from: 9 * 60, to: 12 * 60 });
    expect(hours.weeklyHours.sat).toEqual([]);
    expect(isDayOff(hours, '2026-12-25')).toBe(true);
    expect(isDayOff(hours, '2027-01-01')).toBe(true);
    expect(isDayOff(hours, '2026-12-23')).toBe(false);
  });

  it('names the field of a wrong value', () => {
    const base = { slotMinutes: 30, weeklyHours: { mon: ['09:00-12:00'] } };
    const badSpan = OfficeHours.safeParse({ ...base, weeklyHours: { mon: ['12:00-09:00'] } });
    expect(badSpan.success).toBe(false);
    expect(badSpan.error!.issues[0]!.path).toEqual(['weeklyHours', 'mon', 0]);
    expect(badSpan.error!.issues[0]!.message).toMatch(/end after it starts/);
    const badClock = OfficeHours.safeParse({ ...base, weeklyHours: { tue: ['9-12'] } });
    expect(badClock.error!.issues[0]!.message).toMatch(/09:00-12:00/);
    const badZone = OfficeHours.safeParse({ ...base, timeZone: 'Europe/Atlantis' });
    expect(badZone.error!.issues[0]!.path).toEqual(['timeZone']);
    const badRange = OfficeHours.safeParse({ ...base, daysOff: [{ from: '2026-12-26', to: '2026-12-24' }] });
    expect(badRange.success).toBe(false);
  });
});
