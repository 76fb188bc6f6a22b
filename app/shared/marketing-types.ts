// What the marketer's console shows (docs/decisions/0028): gallery entries, funnel rows and split
// rows as the domain (app/.server/marketing/) hands them to the pages. Amounts are integer minor units.

export interface Money {
  currency: string;
  /** Minor units (cents); refunds and chargebacks already subtracted. */
  amount: number;
}

export interface GalleryEntry {
  /** Lander name, or landing/landing2/landing3 for a member landing. */
  lander: string;
  /** The variant's or split's slug; null for the default URL (no slug). */
  slug: string | null;
  kind: 'default' | 'variant' | 'split';
  /** The variant shown (for a split: its variants). */
  variants: string[];
  /** The path without query, e.g. /landers/video/she-tonight. */
  path: string;
  /** The headline of the variant in each of the tenant's locales. */
  headlines: Record<string, string>;
}

export interface FunnelRow {
  lander: string | null;
  variant: string | null;
  network: string | null;
  ref: string | null;
  sub1: string | null;
  visits: number;
  signups: number;
  confirmed: number;
  firstPurchases: number;
  /** Net revenue per currency, largest first. */
  revenue: Money[];
}

/** A burst of new visits from one address on one lander, counted as one visit (decision 0055). */
export interface BurstRow {
  /** The lander's name, landing/landing2/landing3 for a member landing, null for another page. */
  lander: string | null;
  /** The path visited. */
  path: string;
  /** The address masked to its network: 203.0.113.0/24, 2001:db8:1::/48. */
  address: string;
  /** How many visits the burst counts as one. */
  visits: number;
  /** Its first and last visit (ISO 8601). */
  firstAt: string;
  lastAt: string;
}

export interface SplitVariantRow {
  variant: string;
  weight: number;
  visits: number;
  signups: number;
  /** signups / visits; null without visits. */
  rate: number | null;
  /** Wilson 95 % interval of the rate; null without visits. */
  low: number | null;
  high: number | null;
}

/** What a split in auto mode optimises (docs/decisions/0064): signups, confirmed signups or revenue per visit. */
export const SPLIT_GOALS = ['signups', 'confirmed', 'revenue'] as const;
export type SplitGoal = (typeof SPLIT_GOALS)[number];
export type SplitMode = 'fixed' | 'auto' | 'frozen';

/** One change of a split's weights or mode (split_weight_log): the weight history and its audit. */
export interface SplitWeightChange {
  /** ISO 8601 */
  at: string;
  /** start / schedule: computed by the round; file: the tenant file declared another mode; auto, fixed, freeze: a marketer. */
  reason: 'start' | 'schedule' | 'file' | 'auto' | 'fixed' | 'freeze';
  mode: SplitMode;
  goal: SplitGoal;
  /** Per variant, out of 10 000. */
  weights: Record<string, number>;
  /** The marketer who made the change; null for the schedule. */
  operator: string | null;
}

/** A split's optimisation (docs/decisions/0064): every visit behind its URL so far, as the bandit sees them. */
export interface SplitOptimisation {
  slug: string;
  mode: SplitMode;
  goal: SplitGoal;
  /** fixed: the file's weights; warmup: the file's until each variant has `warmup` visits; auto: the bandit's; frozen: the winner alone. */
  phase: 'fixed' | 'warmup' | 'auto' | 'frozen';
  winner: string | null;
  floor: number;
  warmup: number;
  /** What the tenant file declares. */
  fileMode: 'fixed' | 'auto';
  fileGoal: SplitGoal;
  /** The currency of the revenue goal. */
  currency: string;
  /** When the weights were last computed; null before the first computation. */
  computedAt: string | null;
  /** The variant best with at least 95 % probability, if one is. */
  best: string | null;
  leader: { variant: string; probability: number } | null;
  variants: {
    variant: string;
    visits: number;
    /** Signups, confirmed signups, or payers (revenue goal). */
    successes: number;
    /** Net revenue in minor units of `currency` (revenue goal). */
    revenue: number;
    /** The rate, or revenue per visit in minor units; null without visits. */
    value: number | null;
    low: number | null;
    high: number | null;
    probabilityBest: number;
    /** The share of new visitors it is served to now (0–1). */
    weight: number;
  }[];
  /** Oldest first. */
  history: SplitWeightChange[];
  /** Newest first, the last few. */
  changes: SplitWeightChange[];
}

export interface SplitReport {
  slug: string;
  variants: SplitVariantRow[];
}

export interface ReportRange {
  /** First day, YYYY-MM-DD (UTC). */
  from: string;
  /** Last day, inclusive, YYYY-MM-DD (UTC). */
  to: string;
}

export const TRACKING_LINK_FIELDS = ['network', 'ref', 'sub1', 'sub2', 'sub3'] as const;
export type TrackingLinkField = (typeof TRACKING_LINK_FIELDS)[number];

/** The tracking link of a lander: its URL with the traffic source (and a language) in the query. */
export function trackingLink(origin: string, path: string, params: Partial<Record<TrackingLinkField | 'lang', string>>): string {
  const url = new URL(path, origin);
  for (const key of [...TRACKING_LINK_FIELDS, 'lang'] as const) {
    const value = params[key]?.trim();
    if (value) url.searchParams.set(key, value);
  }
  return url.toString();
}
