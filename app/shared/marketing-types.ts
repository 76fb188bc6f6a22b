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
