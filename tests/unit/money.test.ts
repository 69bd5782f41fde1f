/** Money as people read it, in both languages: the one formatter pages, documents, /ask and tools use. */
import { describe, expect, it } from 'vitest';
import { formatNetGross, formatPrice } from '../../src/server/base/money';

describe('formatPrice', () => {
  it.each([
    [602.7, 'pl', '602,70 zł'],
    [602.7, 'en', 'PLN 602.70'],
    [4900, 'pl', '4900 zł'],
    [16900, 'pl', '16 900 zł'],
    [16900, 'en', 'PLN 16,900'],
    [0.5, 'en', 'PLN 0.50'],
    [6027, 'en', 'PLN 6,027'],
  ] as const)('%s in %s is "%s"', (value, locale, expected) => {
    expect(formatPrice(value, locale)).toBe(expected);
  });

  it('uses plain spaces only (no no-break spaces agents trip over)', () => {
    expect(formatPrice(1234567.891, 'pl')).toBe('1 234 567,89 zł');
    expect(formatPrice(1234567.891, 'pl')).not.toMatch(/[\u00a0\u202f]/);
  });

  it('names net and gross in the language of the page', () => {
    expect(formatNetGross('net', 602.7, 'pl')).toBe('602,70 zł netto');
    expect(formatNetGross('gross', 741.32, 'en', true)).toBe('from PLN 741.32 gross');
  });
});
