// The Wilson score interval (docs/decisions/0028, split report): the range a variant's true
// conversion rate lies in with 95 % confidence, given `successes` of `trials`. Unlike the normal
// approximation it stays inside 0–1 and is honest for the small counts of a fresh split.

/** z for a two-sided 95 % interval. */
export const Z_95 = 1.959963984540054;

export interface Interval {
  low: number;
  high: number;
}

/** null when there were no trials: nothing is known yet. */
export function wilsonInterval(successes: number, trials: number, z = Z_95): Interval | null {
  if (!Number.isFinite(trials) || trials <= 0) return null;
  const k = Math.min(Math.max(successes, 0), trials);
  const p = k / trials;
  const z2 = z * z;
  const denominator = 1 + z2 / trials;
  const centre = (p + z2 / (2 * trials)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials))) / denominator;
  // Exact ends where the rate is 0 or 1 (floating point would leave 1e-17 or 0.9999999999).
  return { low: k === 0 ? 0 : Math.max(0, centre - half), high: k === trials ? 1 : Math.min(1, centre + half) };
}
