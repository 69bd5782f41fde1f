/** Time zones as the booking confirmation names them: in words, or by the id when Intl has no name. */
import { describe, expect, it } from 'vitest';
import { zoneName } from '../../src/server/scheduling/labels';

describe('zoneName', () => {
  it.each([
    ['Europe/Warsaw', 'pl', 'czas środkowoeuropejski'],
    ['Europe/Warsaw', 'en', 'Central European Time'],
    ['America/New_York', 'en', 'Eastern Time'],
    ['America/New_York', 'pl', 'czas wschodnioamerykański'],
  ] as const)('%s in %s is "%s"', (zone, locale, name) => {
    expect(zoneName(zone, locale)).toBe(name);
  });

  it.each([['UTC'], ['Etc/UTC'], ['Etc/GMT+5']])('%s, which Intl names only by an offset ("GMT+00:00"), is its id', (zone) => {
    for (const locale of ['pl', 'en'] as const) expect(zoneName(zone, locale)).toBe(zone);
  });

  it('an id Intl does not know is written as given, without underscores', () => {
    expect(zoneName('Mars/Olympus_Mons', 'en')).toBe('Mars/Olympus Mons');
  });
});
