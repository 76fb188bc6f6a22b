// The split bandit's arithmetic (docs/decisions/0064): each variant's posterior for the split's goal,
// the probability that each variant is the best (by Monte Carlo draws from the posteriors), and the
// weights new visitors are served with — Thompson sampling done in batches: a variant's share of new
// visitors is its probability of being best, lifted to a floor so that a losing variant keeps being
// measured, and held at the tenant file's fixed weights until every variant has had its warm-up visits.
// Pure and deterministic: the draws come from a seeded generator whose seed is the counts themselves,
// so the same numbers always give the same weights (no change, no new row in the weight log).
import { SPLIT_GOALS, type SplitGoal } from '~/shared/marketing-types';
import { createRandom, type Random } from '../random';

export { SPLIT_GOALS, type SplitGoal };

/** Monte Carlo draws per computation: the probability of being best to about ±0.3 percentage points. */
export const DRAWS = 20_000;
/** Weights are integers out of this (basis points): what the visit picker is handed and what the log stores. */
export const WEIGHT_SCALE = 10_000;
/** The probability of being best from which a variant is called the winner. */
export const WINNER_PROBABILITY = 0.95;

/** What is known of one variant: its visits and, by goal, successes or payers and their net revenue. */
export interface VariantCounts {
  variant: string;
  visits: number;
  /** Signups or confirmed signups (rate goals); payers (the revenue goal). */
  successes: number;
  /** Net revenue of the payers in minor units (the revenue goal only; 0 otherwise). */
  revenue: number;
}

export interface VariantPosterior {
  variant: string;
  /** The posterior mean: a rate, or revenue per visit in minor units. */
  mean: number;
  /** The 95 % credible interval (2.5 % and 97.5 % quantiles of the draws). */
  low: number;
  high: number;
  probabilityBest: number;
}

/**
 * One draw from the posterior of a variant's value per visit.
 * - Rates: Beta(1 + successes, 1 + failures), the uniform prior updated with the visits.
 * - Revenue per visit (EPC) = P(a visit pays) × mean revenue of a payer: P(pays) ~ Beta(1 + payers,
 *   1 + non-payers); a payer's revenue is modelled as exponential with rate λ, whose conjugate prior
 *   is Gamma(1, m) with m the mean revenue of every payer of the split (worth one payer), so
 *   λ ~ Gamma(1 + payers, m + revenue) and the payer's mean is 1/λ. The usual model for revenue
 *   tests (a Bernoulli–exponential mixture); with no payer anywhere every variant draws 0.
 */
function drawer(goal: SplitGoal, counts: VariantCounts, pooledMean: number, random: Random): () => number {
  const visits = Math.max(counts.visits, 0);
  const successes = Math.min(Math.max(counts.successes, 0), visits);
  const alpha = 1 + successes;
  const beta = 1 + visits - successes;
  if (goal !== 'revenue') return () => betaDraw(random, alpha, beta);
  if (pooledMean <= 0) return () => 0;
  const shape = 1 + successes;
  const rate = pooledMean + Math.max(counts.revenue, 0);
  return () => betaDraw(random, alpha, beta) / (gammaDraw(random, shape) / rate);
}

/** The posteriors of a split's variants with each one's probability of being best; deterministic in its input. */
export function posteriors(goal: SplitGoal, variants: readonly VariantCounts[], draws = DRAWS): VariantPosterior[] {
  if (!variants.length) return [];
  const random = createRandom(seedOf(goal, variants));
  const payers = variants.reduce((sum, v) => sum + v.successes, 0);
  const pooledMean = payers > 0 ? variants.reduce((sum, v) => sum + v.revenue, 0) / payers : 0;
  const draw = variants.map((v) => drawer(goal, v, pooledMean, random));
  const samples = variants.map(() => new Float64Array(draws));
  const wins = variants.map(() => 0);
  for (let i = 0; i < draws; i++) {
    let best = -Infinity;
    let bestAt: number[] = [];
    for (let j = 0; j < variants.length; j++) {
      const value = draw[j]!();
      samples[j]![i] = value;
      if (value > best) {
        best = value;
        bestAt = [j];
      } else if (value === best) bestAt.push(j);
    }
    // A tie (every revenue draw 0 before the first payer) shares the win.
    for (const j of bestAt) wins[j]! += 1 / bestAt.length;
  }
  return variants.map((v, j) => {
    const sorted = samples[j]!.sort();
    const mean = sorted.reduce((sum, value) => sum + value, 0) / draws;
    return { variant: v.variant, mean, low: quantile(sorted, 0.025), high: quantile(sorted, 0.975), probabilityBest: wins[j]! / draws };
  });
}

export interface BanditPolicy {
  /** The least share of new visitors every variant keeps (0.05 = 5 %). */
  floor: number;
  /** Visits every variant needs before the weights move from the fixed ones. */
  warmup: number;
  /** The tenant file's weights, served during the warm-up. */
  fixed: readonly { variant: string; weight: number }[];
}

export interface BanditWeights {
  phase: 'warmup' | 'auto';
  /** Per variant, integers summing to WEIGHT_SCALE. */
  weights: Record<string, number>;
  posteriors: VariantPosterior[];
}

/** The weights for new visitors: the fixed ones during the warm-up, then floor + (1 − n·floor) × P(best). */
export function banditWeights(goal: SplitGoal, variants: readonly VariantCounts[], policy: BanditPolicy): BanditWeights {
  const found = posteriors(goal, variants);
  const warm = variants.every((v) => v.visits >= policy.warmup);
  if (!warm) return { phase: 'warmup', weights: toScale(policy.fixed.map((part) => [part.variant, part.weight])), posteriors: found };
  const floor = Math.min(Math.max(policy.floor, 0), 1 / variants.length);
  const free = 1 - floor * variants.length;
  return { phase: 'auto', weights: toScale(found.map((p) => [p.variant, floor + free * p.probabilityBest]), floor), posteriors: found };
}

/** The variant that is best with at least WINNER_PROBABILITY, if one is. */
export function winnerOf(found: readonly Pick<VariantPosterior, 'variant' | 'probabilityBest'>[]): string | null {
  return found.find((p) => p.probabilityBest >= WINNER_PROBABILITY)?.variant ?? null;
}

/**
 * Shares as integers summing to WEIGHT_SCALE (largest remainder), none below the floor's share:
 * rounding never takes a variant under its floor.
 */
export function toScale(shares: readonly (readonly [string, number])[], floor = 0): Record<string, number> {
  const total = shares.reduce((sum, [, share]) => sum + Math.max(share, 0), 0);
  const minimum = Math.ceil(floor * WEIGHT_SCALE - 1e-9);
  const exact = shares.map(([variant, share]) => [variant, total > 0 ? (Math.max(share, 0) / total) * WEIGHT_SCALE : WEIGHT_SCALE / shares.length] as const);
  const parts = exact.map(([variant, value]) => ({ variant, value: Math.max(Math.floor(value), minimum), rest: value - Math.floor(value) }));
  let left = WEIGHT_SCALE - parts.reduce((sum, part) => sum + part.value, 0);
  const order = [...parts].sort((a, b) => b.rest - a.rest || a.variant.localeCompare(b.variant));
  for (let i = 0; left > 0; i = (i + 1) % order.length, left--) order[i]!.value++;
  // Only a floor rounded up can leave too much: take it from the largest parts.
  const largest = [...parts].sort((a, b) => b.value - a.value);
  for (let i = 0; left < 0; i = (i + 1) % largest.length) {
    if (largest[i]!.value > minimum) {
      largest[i]!.value--;
      left++;
    }
  }
  return Object.fromEntries(parts.map((part) => [part.variant, part.value]));
}

function quantile(sorted: Float64Array, q: number): number {
  if (!sorted.length) return 0;
  const at = (sorted.length - 1) * q;
  const low = Math.floor(at);
  const high = Math.ceil(at);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (at - low);
}

/** A 32-bit seed from the goal and the counts (FNV-1a): the same evidence, the same draws. */
function seedOf(goal: SplitGoal, variants: readonly VariantCounts[]): number {
  let hash = 0x811c9dc5;
  const text = `${goal}|${variants.map((v) => `${v.variant}:${v.visits}:${v.successes}:${v.revenue}`).join('|')}`;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** A standard normal draw (Box–Muller). */
function normalDraw(random: Random): number {
  const u = 1 - random.next();
  const v = random.next();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** A Gamma(shape, 1) draw (Marsaglia and Tsang 2000; shape < 1 by the boost U^(1/shape)). */
export function gammaDraw(random: Random, shape: number): number {
  if (shape < 1) return gammaDraw(random, shape + 1) * Math.pow(1 - random.next(), 1 / shape);
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    let x: number;
    let v: number;
    do {
      x = normalDraw(random);
      v = 1 + c * x;
    } while (v <= 0);
    v = v * v * v;
    const u = 1 - random.next();
    if (u < 1 - 0.0331 * x * x * x * x) return d * v;
    if (Math.log(u) < 0.5 * x * x + d * (1 - v + Math.log(v))) return d * v;
  }
}

export function betaDraw(random: Random, alpha: number, beta: number): number {
  const x = gammaDraw(random, alpha);
  const y = gammaDraw(random, beta);
  return x / (x + y);
}
