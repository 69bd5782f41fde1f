/** The relevance tests' floors (tests/support/floors.ts): the Wilson score interval's lower end. */
import { describe, expect, it } from 'vitest';
import { floorOf, wilsonLowerBound } from '../support/floors';

describe('wilsonLowerBound', () => {
  it('gives the textbook values', () => {
    // 5 of 10 at 95 %: 0.2366; 0 of 10: 0; 10 of 10: 0.7225.
    expect(wilsonLowerBound(0.5, 10)).toBeCloseTo(0.2366, 4);
    expect(wilsonLowerBound(0, 10)).toBe(0);
    expect(wilsonLowerBound(1, 10)).toBeCloseTo(0.7225, 4);
    // Newcombe (1998), "Two-sided confidence intervals for the single proportion", example 81/263: 0.2553–0.3662.
    expect(wilsonLowerBound(81 / 263, 263)).toBeCloseTo(0.2553, 4);
  });

  it('lies under the share and closes on it as the set grows', () => {
    const bounds = [50, 200, 1000, 10_000].map((size) => wilsonLowerBound(0.96, size));
    for (const bound of bounds) expect(bound).toBeLessThan(0.96);
    expect([...bounds].sort((x, y) => x - y)).toEqual(bounds);
    expect(0.96 - bounds.at(-1)!).toBeLessThan(0.005);
  });

  it('refuses a share outside 0–1 or an empty set', () => {
    expect(() => wilsonLowerBound(1.2, 10)).toThrow(RangeError);
    expect(() => wilsonLowerBound(0.5, 0)).toThrow(RangeError);
  });
});

describe('floorOf', () => {
  it('allows a loss the set cannot tell from chance, not one it can', () => {
    // 236 questions measured at 0.962 (227 right): 220 right is within the interval, 218 is not.
    const floor = floorOf(0.962, 236);
    expect(floor).toBe(0.929);
    expect(220 / 236).toBeGreaterThanOrEqual(floor);
    expect(218 / 236).toBeLessThan(floor);
  });
});
