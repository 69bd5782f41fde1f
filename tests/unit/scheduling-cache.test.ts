/**
 * findSlots keeps its answers for a few seconds per provider and query (src/server/scheduling): the
 * same question in flight or asked again is one provider call; a failure is not kept; a booking
 * forgets what was kept.
 */
import { describe, expect, it } from 'vitest';
import type { SchedulingProvider } from '../../src/server/providers/scheduling';
import { SchedulingProviderError } from '../../src/server/providers/scheduling';
import { bookConsultation, findSlots } from '../../src/server/scheduling';
import { isIanaTimeZone, SlotsQuery } from '../../src/server/schemas/consultation';

const hour = 3_600_000;
const first = new Date(Math.ceil((Date.now() + 48 * hour) / hour) * hour);

function countingProvider(options: { fail?: boolean } = {}) {
  const calls: string[] = [];
  const provider: SchedulingProvider = {
    name: 'calcom',
    describe: () => ({ provider: 'test', external: true }),
    probe: async () => ({ state: 'ok', detail: 'test provider' }),
    async listFreeSlots(window) {
      calls.push(`${window.from.toISOString()}|${window.limit}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
      if (options.fail) throw new SchedulingProviderError('upstream down', { status: 503 });
      return [{ start: first, end: new Date(first.getTime() + hour / 2) }];
    },
    async book(request) {
      return { kind: 'booked', id: 'b1', start: request.start, end: new Date(request.start.getTime() + hour / 2) };
    },
  };
  return { provider, calls };
}

const query = (input: Record<string, string> = {}) => SlotsQuery.parse({ locale: 'en', timeZone: 'Europe/Warsaw', ...input });

describe('slot answers kept for a few seconds', () => {
  it('asks the provider once for the same query, in flight or again, and again for another query', async () => {
    const { provider, calls } = countingProvider();
    const [a, b] = await Promise.all([findSlots(query(), provider), findSlots(query(), provider)]);
    expect(a).toBe(b);
    expect(a.slots).toHaveLength(1);
    expect(await findSlots(query(), provider)).toBe(a);
    expect(calls).toHaveLength(1);
    await findSlots(query({ limit: '3' }), provider);
    expect(calls).toHaveLength(2);
  });

  it('keeps no failed lookup and no invalid window', async () => {
    const { provider, calls } = countingProvider({ fail: true });
    expect((await findSlots(query(), provider)).mode).toBe('link_only');
    expect((await findSlots(query(), provider)).mode).toBe('link_only');
    expect(calls).toHaveLength(2);
    await expect(findSlots(query({ start: '2030-01-10', end: '2030-01-01' }), provider)).rejects.toMatchObject({ code: 'validation_failed' });
    await expect(findSlots(query({ start: '2030-01-10', end: '2030-01-01' }), provider)).rejects.toMatchObject({ code: 'validation_failed' });
  });

  it('forgets the kept answers when a slot is booked through this process', async () => {
    const { provider, calls } = countingProvider();
    await findSlots(query(), provider);
    const booked = await bookConsultation({ start: first.toISOString(), fullName: 'Ewa Test', email: 'ewa@example.com', timeZone: 'Europe/Warsaw', locale: 'en' } as never, { ipKey: '192.0.2.1' }, provider);
    expect(booked.ok).toBe(true);
    await findSlots(query(), provider);
    expect(calls).toHaveLength(2);
  });
});

describe('time zone names a client may send', () => {
  it('turns every spelling of a zone into the name Intl gives it, and refuses anything else, so the per-zone caches stay bounded', () => {
    const spelled = (zone: string) => SlotsQuery.parse({ locale: 'en', timeZone: zone }).timeZone;
    for (const zone of ['eUROPE/wARSAW', 'europe/warsaw', 'Europe/Warsaw']) expect(spelled(zone)).toBe('Europe/Warsaw');
    expect(spelled('utc')).toBe('UTC');
    expect(spelled('us/pacific')).toBe(spelled('US/Pacific'));
    for (const zone of ['Mars/Olympus', `Europe/${'W'.repeat(4096)}`, '+01:00', 'CET']) expect(isIanaTimeZone(zone), zone.slice(0, 20)).toBe(false);
  });
});

describe('slot answers and changes made by another process', () => {
  it('asks the provider again once its change mark moves (a cancel by the admin command)', async () => {
    const { provider, calls } = countingProvider();
    let mark = 1;
    provider.changeMark = async () => mark;
    await findSlots(query(), provider);
    await findSlots(query(), provider);
    expect(calls).toHaveLength(1);
    mark = 2;
    await findSlots(query(), provider);
    expect(calls).toHaveLength(2);
  });
});
