// Splits that optimise themselves (issue 47 part 1, docs/decisions/0064). Every split has a state
// row (split_state) with the weights all instances serve NEW visitors with; a returning visitor keeps
// the variant their first visit behind the split got (servingFor). The weights are computed
// - at start and every few minutes by one round for the whole fleet (`splits.reweigh`, a stately
//   pg-boss queue on a cron schedule), each split under a transaction-scoped advisory lock, so a
//   start racing a round, or two starts, make one change;
// - at once when a marketer switches a split's mode (auto toward a goal, back to fixed, or frozen on
//   a winner: the test ended).
// Evidence: every visit behind the split's URL (its slug is the path's last part, as the split report
// counts, decision 0028) that is not folded into a burst (decision 0055); bots, members' and
// operators' views (the marketer's previews) are never visits at all (decision 0027). The goal counts
// what is attributed to those visits: signups, confirmed signups, or net revenue of the tenant's
// first currency. Every change of weights or mode is a row of split_weight_log (the weight history);
// a marketer's change is also in the operators' audit log.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { SplitGoal, SplitMode, SplitOptimisation, SplitWeightChange } from '~/shared/marketing-types';
import { now } from '../clock';
import type { DB, SplitStateTable } from '../db/schema';
import type { CampaignSplit } from '../tenants/campaign-schema';
import { BUILT_IN } from '../landers/resolve';
import { canMarket, type MarketingError } from '../marketing/access';
import { wilsonInterval } from '../marketing/wilson';
import { recordAudit } from '../operators/audit';
import type { OperatorActor } from '../operators/operator';
import type { Tenant } from '../tenants/schema';
import { banditWeights, posteriors, toScale, WEIGHT_SCALE, winnerOf, type VariantCounts, type VariantPosterior } from './bandit';

type Db = Kysely<DB> | Transaction<DB>;
type State = Omit<SplitStateTable, 'computed_at' | 'evidence'> & { computed_at: Date; evidence: unknown };
export type WeighReason = 'start' | 'schedule' | 'file' | 'auto' | 'fixed' | 'freeze';

/** How often the round runs (cron, UTC): a few minutes, so a split moves within the hour of its traffic. */
export const REWEIGH_CRON = '*/5 * * * *';
/** The weight changes the report lists in words (the chart draws them all). */
const CHANGES_LISTED = 12;
/** The weight history the chart draws at most (the newest changes). */
const HISTORY_DRAWN = 400;

const splitsOf = (tenant: Tenant) => (tenant.landers ?? BUILT_IN).splits as CampaignSplit[];
const declaredOf = (split: CampaignSplit) => `${split.mode}:${split.goal}`;

/** The currency revenue per visit is counted in: the tenant's first credit package's first price (currencies are never added). */
export function goalCurrency(tenant: Tenant): string {
  return Object.keys(tenant.credit_packages[0]?.prices ?? {})[0] ?? 'EUR';
}

/** The last part of a visit's path, lower case: the split's slug when the visit was behind the split's URL. */
const SLUG_OF_PATH = sql<string>`substring(lower(rtrim(visits.path, '/')) from '[^/]+$')`;

/** Each variant's visits behind the split's URL and, for the goal, its successes (or payers and their net revenue). */
export async function splitCounts(db: Db, tenant: Tenant, split: CampaignSplit, goal: SplitGoal): Promise<VariantCounts[]> {
  const variants = split.variants.map((part) => part.variant);
  const visits = await db
    .selectFrom('visits')
    .leftJoin('users', (join) => join.onRef('users.visit_id', '=', 'visits.id').on('users.tenant_id', '=', tenant.id))
    .select('visits.variant')
    .select((eb) => [
      eb.fn.count<string>('visits.id').distinct().filterWhere('visits.burst_of', 'is', null).as('visits'),
      eb.fn.count<string>('users.id').as('signups'),
      eb.fn.count<string>('users.confirmed_at').as('confirmed'),
    ])
    .where('visits.tenant_id', '=', tenant.id)
    .where(SLUG_OF_PATH, '=', split.slug)
    .where('visits.variant', 'in', variants)
    .groupBy('visits.variant')
    .execute();
  const money = new Map<string, { payers: number; revenue: number }>();
  if (goal === 'revenue') {
    // Net per member (refunds subtract, a chargeback counts nothing, decision 0028); a payer is a member whose net is above 0.
    const perMember = db
      .selectFrom('visits')
      .innerJoin('users', (join) => join.onRef('users.visit_id', '=', 'visits.id').on('users.tenant_id', '=', tenant.id))
      .innerJoin('payments', (join) => join.onRef('payments.user_id', '=', 'users.id').on('payments.tenant_id', '=', tenant.id).on('payments.fulfilled_at', 'is not', null))
      .select(['visits.variant', 'users.id'])
      .select(sql<string>`sum(case when payments.charged_back_at is not null then 0 else payments.amount - payments.refunded_amount end)`.as('net'))
      .where('visits.tenant_id', '=', tenant.id)
      .where(SLUG_OF_PATH, '=', split.slug)
      .where('visits.variant', 'in', variants)
      .where('payments.currency', '=', goalCurrency(tenant))
      .groupBy(['visits.variant', 'users.id'])
      .as('member');
    const rows = await db
      .selectFrom(perMember)
      .select('member.variant')
      .select((eb) => [eb.fn.countAll<string>().as('payers'), eb.fn.sum<string>('member.net').as('revenue')])
      .where(sql<number>`member.net`, '>', 0)
      .groupBy('member.variant')
      .execute();
    for (const row of rows) money.set(row.variant!, { payers: Number(row.payers), revenue: Number(row.revenue) });
  }
  return variants.map((variant) => {
    const row = visits.find((r) => r.variant === variant);
    const paid = money.get(variant);
    return {
      variant,
      visits: Number(row?.visits ?? 0),
      successes: goal === 'revenue' ? (paid?.payers ?? 0) : Number((goal === 'confirmed' ? row?.confirmed : row?.signups) ?? 0),
      revenue: paid?.revenue ?? 0,
    };
  });
}

interface Override {
  mode: SplitMode;
  goal: SplitGoal;
  winner: string | null;
  reason: WeighReason;
  operatorId: number;
}

/**
 * Computes one split's weights and writes them when they changed, under the split's lock: the file's
 * declaration when the state follows an older one (or there is none yet), else the mode the state is
 * in (a marketer's choice holds until the file declares something else), else the override given.
 */
export async function weighSplit(db: Kysely<DB>, tenant: Tenant, split: CampaignSplit, reason: WeighReason, override?: Override): Promise<State> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`split:${tenant.id}:${split.slug}`}, 0))`.execute(trx);
    const before = (await trx.selectFrom('split_state').selectAll().where('tenant_id', '=', tenant.id).where('split', '=', split.slug).executeTakeFirst()) as State | undefined;
    const variants = split.variants.map((part) => part.variant);
    let mode: SplitMode = split.mode;
    let goal: SplitGoal = split.goal;
    let winner: string | null = null;
    let why = reason;
    if (override) ({ mode, goal, winner } = override);
    else if (before && before.declared === declaredOf(split)) ({ mode, goal, winner } = before);
    else if (before) why = 'file';
    // A frozen winner the file no longer has: back to what the file says.
    if (mode === 'frozen' && (!winner || !variants.includes(winner))) ({ mode, goal, winner } = { mode: split.mode, goal: split.goal, winner: null });
    if (mode !== 'frozen') winner = null;

    const counts = await splitCounts(trx, tenant, split, goal);
    const fixed = split.variants.map((part) => [part.variant, part.weight] as const);
    let phase: State['phase'];
    let weights: Record<string, number>;
    let found: VariantPosterior[];
    if (mode === 'auto') {
      const result = banditWeights(goal, counts, { floor: split.floor, warmup: split.warmup, fixed: split.variants });
      ({ phase, weights } = result);
      found = result.posteriors;
    } else {
      found = posteriors(goal, counts);
      phase = mode;
      weights = mode === 'frozen' ? Object.fromEntries(variants.map((v) => [v, v === winner ? WEIGHT_SCALE : 0])) : toScale(fixed);
    }
    const at = now();
    const row = {
      tenant_id: tenant.id,
      split: split.slug,
      mode,
      goal,
      winner,
      phase,
      weights: JSON.stringify(weights) as unknown as Record<string, number>,
      evidence: JSON.stringify({ counts, posteriors: found }),
      declared: declaredOf(split),
      computed_at: at,
    };
    await trx
      .insertInto('split_state')
      .values(row)
      .onConflict((oc) => oc.columns(['tenant_id', 'split']).doUpdateSet({ mode, goal, winner, phase, weights: row.weights, evidence: row.evidence, declared: row.declared, computed_at: at }))
      .execute();
    const changed = !before || before.mode !== mode || before.goal !== goal || before.winner !== winner || !sameWeights(before.weights, weights);
    if (changed || override) {
      await trx
        .insertInto('split_weight_log')
        .values({ tenant_id: tenant.id, split: split.slug, at, reason: why, mode, goal, weights: row.weights, operator_id: override?.operatorId ?? null })
        .execute();
    }
    if (override) {
      await recordAudit(trx, { operatorId: override.operatorId, tenantId: tenant.id, action: 'split_mode', detail: { split: split.slug, mode, goal, winner, weights, before: before ? { mode: before.mode, goal: before.goal, winner: before.winner, weights: before.weights } : null } });
    }
    return { ...row, weights, computed_at: at };
  });
}

function sameWeights(a: Record<string, number>, b: Record<string, number>): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((key) => (a[key] ?? 0) === (b[key] ?? 0));
}

/** The round (and the start): every split of every tenant weighed again; a failure of one split is logged and the others go on. */
export async function reweighSplits(db: Kysely<DB>, tenants: readonly Tenant[], options: { reason: 'start' | 'schedule'; log?: (message: string) => void }): Promise<{ splits: number; changed: number }> {
  let splits = 0;
  let changed = 0;
  for (const tenant of tenants) {
    for (const split of splitsOf(tenant)) {
      try {
        const logged = await countLog(db, tenant.id, split.slug);
        await weighSplit(db, tenant, split, options.reason);
        splits++;
        if ((await countLog(db, tenant.id, split.slug)) > logged) changed++;
      } catch (error) {
        options.log?.(`weighing split ${tenant.id}/${split.slug} failed: ${(error as Error).message}`);
      }
    }
  }
  return { splits, changed };
}

async function countLog(db: Db, tenantId: string, split: string): Promise<number> {
  const row = await db.selectFrom('split_weight_log').select((eb) => eb.fn.countAll<string>().as('n')).where('tenant_id', '=', tenantId).where('split', '=', split).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** What a split URL serves a visitor: the weights for a new one (null: the file's) and the variant a returning one got first. */
export interface SplitServing {
  weights: Record<string, number> | null;
  previous: string | null;
}

/**
 * For the visit recorder: the stored weights while the bandit (or a frozen winner) is in charge, and
 * the variant this visitor's first counted visit behind the split was served — they keep it, whatever
 * the weights are now (the rdv_vid rule of decision 0027: only new visitors follow new weights).
 * `visitorHash` is the visit's stored visitor_id (tracking/visits.ts visitorIdHash), null for a new visitor.
 */
export async function servingFor(db: Db, tenant: Tenant, split: CampaignSplit, visitorHash: string | null): Promise<SplitServing> {
  const variants = split.variants.map((part) => part.variant);
  const [state, previous] = await Promise.all([
    db.selectFrom('split_state').select(['phase', 'weights', 'declared']).where('tenant_id', '=', tenant.id).where('split', '=', split.slug).executeTakeFirst(),
    visitorHash
      ? db
          .selectFrom('visits')
          .select('variant')
          .where('tenant_id', '=', tenant.id)
          .where('visitor_id', '=', visitorHash)
          .where('variant', 'in', variants)
          .where(SLUG_OF_PATH, '=', split.slug)
          .orderBy('id')
          .limit(1)
          .executeTakeFirst()
      : undefined,
  ]);
  // A state that follows an older declaration of the file waits for the next round: the file's weights until then.
  const live = state && state.declared === declaredOf(split) && (state.phase === 'auto' || state.phase === 'frozen');
  return { weights: live ? state.weights : null, previous: previous?.variant ?? null };
}

export type SplitActionInput = { split: string } & ({ mode: 'fixed' } | { mode: 'auto'; goal: SplitGoal } | { mode: 'frozen'; winner: string });
export type SplitActionError = MarketingError | 'not_found' | 'unknown_variant';

/** A marketer's switch: auto toward a goal, back to the file's fixed weights, or the winner frozen (the test ended). */
export async function setSplitMode(db: Kysely<DB>, tenant: Tenant, actor: OperatorActor | null, input: SplitActionInput): Promise<{ ok: true; state: State } | { ok: false; error: SplitActionError }> {
  if (!canMarket(actor, tenant)) return { ok: false, error: 'forbidden' };
  const split = splitsOf(tenant).find((candidate) => candidate.slug === input.split);
  if (!split) return { ok: false, error: 'not_found' };
  if (input.mode === 'frozen' && !split.variants.some((part) => part.variant === input.winner)) return { ok: false, error: 'unknown_variant' };
  const current = await db.selectFrom('split_state').select(['goal']).where('tenant_id', '=', tenant.id).where('split', '=', split.slug).executeTakeFirst();
  const goal = input.mode === 'auto' ? input.goal : ((current?.goal as SplitGoal | undefined) ?? split.goal);
  const state = await weighSplit(db, tenant, split, input.mode === 'frozen' ? 'freeze' : input.mode, {
    mode: input.mode,
    goal,
    winner: input.mode === 'frozen' ? input.winner : null,
    reason: input.mode === 'frozen' ? 'freeze' : input.mode,
    operatorId: actor.id,
  });
  return { ok: true, state };
}

/** The split report's optimisation part: per split its mode, each variant's evidence and current weight, and the weight history. */
export async function splitOptimisation(db: Kysely<DB>, tenant: Tenant, actor: OperatorActor | null): Promise<{ ok: true; value: SplitOptimisation[] } | { ok: false; error: MarketingError }> {
  if (!canMarket(actor, tenant)) return { ok: false, error: 'forbidden' };
  const result: SplitOptimisation[] = [];
  for (const split of splitsOf(tenant)) {
    const state = await db.selectFrom('split_state').selectAll().where('tenant_id', '=', tenant.id).where('split', '=', split.slug).executeTakeFirst();
    const following = state && state.declared === declaredOf(split) ? state : undefined;
    const mode: SplitMode = following?.mode ?? split.mode;
    const goal: SplitGoal = following?.goal ?? split.goal;
    const counts = await splitCounts(db, tenant, split, goal);
    const found = posteriors(goal, counts);
    const shares = following ? following.weights : toScale(split.variants.map((part) => [part.variant, part.weight]));
    const log = await db
      .selectFrom('split_weight_log')
      .leftJoin('operators', 'operators.id', 'split_weight_log.operator_id')
      .select(['split_weight_log.at', 'split_weight_log.reason', 'split_weight_log.mode', 'split_weight_log.goal', 'split_weight_log.weights', 'operators.name'])
      .where('split_weight_log.tenant_id', '=', tenant.id)
      .where('split_weight_log.split', '=', split.slug)
      .orderBy('split_weight_log.id', 'desc')
      .limit(HISTORY_DRAWN)
      .execute();
    const history: SplitWeightChange[] = log.reverse().map((row) => ({
      at: new Date(row.at).toISOString(),
      reason: row.reason,
      mode: row.mode as SplitMode,
      goal: row.goal as SplitGoal,
      weights: row.weights,
      operator: row.name ?? null,
    }));
    const leader = [...found].sort((a, b) => b.probabilityBest - a.probabilityBest)[0];
    result.push({
      slug: split.slug,
      mode,
      goal,
      phase: following?.phase ?? (mode === 'auto' ? 'warmup' : 'fixed'),
      winner: following?.winner ?? null,
      floor: split.floor,
      warmup: split.warmup,
      fileMode: split.mode,
      fileGoal: split.goal,
      currency: goalCurrency(tenant),
      computedAt: following ? new Date(following.computed_at).toISOString() : null,
      best: winnerOf(found),
      leader: leader ? { variant: leader.variant, probability: leader.probabilityBest } : null,
      variants: split.variants.map((part, index) => {
        const count = counts[index]!;
        const posterior = found[index]!;
        // Rates keep the Wilson interval of the period table (decision 0028); revenue per visit has the posterior's 95 % credible interval.
        const interval = goal === 'revenue' ? (count.visits ? { low: posterior.low, high: posterior.high } : null) : wilsonInterval(count.successes, count.visits);
        return {
          variant: part.variant,
          visits: count.visits,
          successes: count.successes,
          revenue: count.revenue,
          value: count.visits ? (goal === 'revenue' ? count.revenue / count.visits : count.successes / count.visits) : null,
          low: interval?.low ?? null,
          high: interval?.high ?? null,
          probabilityBest: posterior.probabilityBest,
          weight: (shares[part.variant] ?? 0) / WEIGHT_SCALE,
        };
      }),
      history,
      changes: history.slice(-CHANGES_LISTED).reverse(),
    });
  }
  return { ok: true, value: result };
}
