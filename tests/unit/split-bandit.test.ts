// The split bandit (issue 47 part 1, docs/decisions/0064) without a database: a simulation of
// visitors with known true signup rates (4 % vs 2 % vs 2 %), served by the real variant picker
// (landers/resolve.ts) with the weights the real bandit computes after each round of 1 000 new
// visitors (a busy split's five minutes), with a seeded generator so the run is the same every time.
// It shows traffic converging on the best variant within the number of visits stated in the
// decision, the floor held in every round, and every returning visitor kept on their first variant.
import { describe, expect, it } from 'vitest';
import { resolveLanding } from '~/.server/landers/resolve';
import { createRandom } from '~/.server/random';
import { banditWeights, betaDraw, gammaDraw, posteriors, toScale, WEIGHT_SCALE, winnerOf, type VariantCounts } from '~/.server/splits/bandit';
import { loadTenants } from '~/.server/tenants/registry';
import type { Tenant } from '~/.server/tenants/schema';

const base = loadTenants('tenants').find((t) => t.id === 'flirtlokaal')!;
const split = { slug: 'summer', mode: 'auto' as const, goal: 'signups' as const, floor: 0.05, warmup: 100, variants: [{ variant: 'tonight', weight: 1 }, { variant: 'nearby', weight: 1 }, { variant: 'over-40', weight: 1 }] };
const tenant: Tenant = { ...base, landers: { ...base.landers!, splits: [split] } };
const TRUE_RATE: Record<string, number> = { tonight: 0.04, nearby: 0.02, 'over-40': 0.02 };
/** The decision's statement: within this many visits the best variant gets at least 85 % of new visitors. */
const CONVERGED_WITHIN = 20_000;
const ROUND = 1_000;
const ROUNDS = 30;

function simulate(seed: number, rounds: number) {
  const random = createRandom(seed);
  const counts: Record<string, VariantCounts> = Object.fromEntries(split.variants.map((p) => [p.variant, { variant: p.variant, visits: 0, successes: 0, revenue: 0 }]));
  const firstVariant = new Map<string, string>();
  const visitors: string[] = [];
  const history: { visits: number; weights: Record<string, number>; phase: string }[] = [];
  let weights: Record<string, number> | null = null;
  let returningServed = 0;
  let returningKept = 0;
  for (let round = 0; round < rounds; round++) {
    for (let i = 0; i < ROUND; i++) {
      const id = `v${round}-${i}-${random.int(0, 1e9)}`;
      visitors.push(id);
      const served = resolveLanding(tenant, `/landers/video/${split.slug}`, id, { weights, previous: null });
      if (!served?.ok) throw new Error('the split URL did not resolve');
      const variant = served.landing.variant.slug;
      firstVariant.set(id, variant);
      counts[variant]!.visits++;
      if (random.chance(TRUE_RATE[variant]!)) counts[variant]!.successes++;
      // One in five visits is an earlier visitor coming back: the recorder hands the picker their first variant.
      if (visitors.length > 10 && random.chance(0.2)) {
        const back = random.pick(visitors);
        const again = resolveLanding(tenant, `/landers/gallery/${split.slug}`, back, { weights, previous: firstVariant.get(back)! });
        returningServed++;
        if (again?.ok && again.landing.variant.slug === firstVariant.get(back)) returningKept++;
      }
    }
    const result = banditWeights('signups', Object.values(counts), { ...split, fixed: split.variants });
    weights = result.phase === 'auto' ? result.weights : null;
    history.push({ visits: (round + 1) * ROUND, weights: result.weights, phase: result.phase });
  }
  return { counts, history, returningServed, returningKept };
}

describe('the split bandit', () => {
  it(`moves new visitors to the 4 % variant against two 2 % ones within ${CONVERGED_WITHIN} visits, the floor held and returning visitors kept`, () => {
    for (const seed of [1, 2]) {
      const { counts, history, returningServed, returningKept } = simulate(seed, ROUNDS);
      const at = history.find((h) => h.visits === CONVERGED_WITHIN)!;
      expect(at.phase).toBe('auto');
      expect(at.weights.tonight! / WEIGHT_SCALE, `seed ${seed} at ${CONVERGED_WITHIN} visits`).toBeGreaterThanOrEqual(0.85);
      // Converged and staying there: the last rounds serve the winner to at least 85 % too.
      for (const h of history.slice(-10)) expect(h.weights.tonight! / WEIGHT_SCALE).toBeGreaterThanOrEqual(0.85);
      // The floor in every round: each variant keeps at least 5 % of new visitors, and the weights add up.
      for (const h of history) {
        for (const variant of ['tonight', 'nearby', 'over-40']) expect(h.weights[variant]!).toBeGreaterThanOrEqual(0.05 * WEIGHT_SCALE);
        expect(Object.values(h.weights).reduce((a, b) => a + b, 0)).toBe(WEIGHT_SCALE);
      }
      // The losers keep being measured: their visits keep growing after convergence.
      expect(counts.nearby!.visits).toBeGreaterThan(0.05 * ROUNDS * ROUND * 0.8);
      expect(returningServed).toBeGreaterThan(5_000);
      expect(returningKept).toBe(returningServed);
    }
  }, 120_000);

  it('keeps the fixed weights during the warm-up', () => {
    const few = [
      { variant: 'tonight', visits: 99, successes: 30, revenue: 0 },
      { variant: 'nearby', visits: 150, successes: 0, revenue: 0 },
    ];
    const result = banditWeights('signups', few, { floor: 0.05, warmup: 100, fixed: [{ variant: 'tonight', weight: 3 }, { variant: 'nearby', weight: 1 }] });
    expect(result.phase).toBe('warmup');
    expect(result.weights).toEqual({ tonight: 7500, nearby: 2500 });
  });

  it('gives the same weights for the same evidence (no change, no new row in the weight log)', () => {
    const evidence = [
      { variant: 'a', visits: 400, successes: 20, revenue: 0 },
      { variant: 'b', visits: 380, successes: 15, revenue: 0 },
    ];
    const policy = { floor: 0.05, warmup: 20, fixed: [{ variant: 'a', weight: 1 }, { variant: 'b', weight: 1 }] };
    expect(banditWeights('signups', evidence, policy)).toEqual(banditWeights('signups', evidence, policy));
  });

  it('calls a winner only at 95 % probability of being best', () => {
    const clear = posteriors('signups', [
      { variant: 'a', visits: 1000, successes: 60, revenue: 0 },
      { variant: 'b', visits: 1000, successes: 25, revenue: 0 },
    ]);
    expect(clear[0]!.probabilityBest).toBeGreaterThan(0.99);
    expect(winnerOf(clear)).toBe('a');
    const close = posteriors('signups', [
      { variant: 'a', visits: 100, successes: 6, revenue: 0 },
      { variant: 'b', visits: 100, successes: 5, revenue: 0 },
    ]);
    expect(winnerOf(close)).toBeNull();
    expect(close[0]!.probabilityBest + close[1]!.probabilityBest).toBeCloseTo(1, 6);
  });

  it('models revenue per visit: fewer payers with bigger baskets can win, and no payer anywhere is a tie', () => {
    // a: 20 payers of 1 000 visits at 20 € each (0.40 € per visit); b: 40 payers at 5 € (0.20 € per visit).
    const found = posteriors('revenue', [
      { variant: 'a', visits: 1000, successes: 20, revenue: 20 * 2000 },
      { variant: 'b', visits: 1000, successes: 40, revenue: 40 * 500 },
    ]);
    expect(found[0]!.mean).toBeGreaterThan(30);
    expect(found[0]!.mean).toBeLessThan(50);
    expect(found[1]!.mean).toBeGreaterThan(15);
    expect(found[1]!.mean).toBeLessThan(25);
    expect(found[0]!.low).toBeLessThan(40);
    expect(found[0]!.high).toBeGreaterThan(40);
    expect(found[0]!.probabilityBest).toBeGreaterThan(0.95);
    const none = posteriors('revenue', [
      { variant: 'a', visits: 50, successes: 0, revenue: 0 },
      { variant: 'b', visits: 50, successes: 0, revenue: 0 },
    ]);
    expect(none.map((p) => p.probabilityBest)).toEqual([0.5, 0.5]);
  });

  it('draws Gamma and Beta variates with the right means', () => {
    const random = createRandom(42);
    const n = 20_000;
    let gamma = 0;
    let small = 0;
    let beta = 0;
    for (let i = 0; i < n; i++) {
      gamma += gammaDraw(random, 3);
      small += gammaDraw(random, 0.5);
      beta += betaDraw(random, 2, 8);
    }
    expect(gamma / n).toBeCloseTo(3, 1);
    expect(small / n).toBeCloseTo(0.5, 1);
    expect(beta / n).toBeCloseTo(0.2, 2);
  });

  it('rounds shares to integers summing to the scale without going under the floor', () => {
    const weights = toScale([['a', 0.05], ['b', 0.05], ['c', 0.9]], 0.05);
    expect(weights).toEqual({ a: 500, b: 500, c: 9000 });
    const thirds = toScale([['a', 1], ['b', 1], ['c', 1]]);
    expect(Object.values(thirds).reduce((x, y) => x + y, 0)).toBe(WEIGHT_SCALE);
  });
});
