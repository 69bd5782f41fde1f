/**
 * Floors for figures measured on a fixed set of questions (top-1, MRR@5, the share of off-topic
 * questions left unsure): the lower end of the Wilson score interval of the figure last measured, on
 * the set's size. A set of n questions estimates a rate within about ±2√(p(1−p)/n); a change whose
 * figure stays above the bound is one the set cannot tell from no change, and one below it is a loss
 * the set shows at 95 %. "Today's figure less two questions" failed harmless changes on small sets
 * and let real losses through on large ones. MRR@5 is a mean of values between 0 and 1, whose variance
 * is at most μ(1−μ), so the same bound holds for it (conservatively).
 */

/** The normal quantile of a two-sided 95 % interval. */
export const Z_95 = 1.959963984540054;

/** The lower end of the Wilson score interval of a share measured on `size` trials. */
export function wilsonLowerBound(share: number, size: number, z = Z_95): number {
  if (!(size > 0) || share < 0 || share > 1) throw new RangeError(`no interval for ${share} of ${size}`);
  const z2 = z * z;
  const centre = share + z2 / (2 * size);
  const spread = z * Math.sqrt((share * (1 - share)) / size + z2 / (4 * size * size));
  return (centre - spread) / (1 + z2 / size);
}

/** The floor of a figure measured (and written down) as `measured` on a set of `size` questions: the bound, three decimals, rounded down. */
export function floorOf(measured: number, size: number): number {
  return Math.floor(wilsonLowerBound(measured, size) * 1000) / 1000;
}
