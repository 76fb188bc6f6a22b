// The network console's shared types (docs/network-console.md): what its pages and the server agree on.
export type NetworkRole = 'network_admin' | 'network_analyst';

/** Amounts per currency in integer minor units (never converted, never summed across currencies). */
export type Amounts = Record<string, number>;

export interface Rate {
  rate: number | null;
  low: number | null;
  high: number | null;
}

export interface SiteOverview {
  id: string;
  name: string;
  /** active, paused or archived (docs/decisions/0066): an archived site keeps its history in every range. */
  status: 'active' | 'paused' | 'archived';
  visits: number;
  signups: number;
  confirmed: number;
  first_purchases: number;
  purchases: number;
  paying_members: number;
  /** What was paid, per currency in minor units. */
  revenue: Amounts;
  /** What was refunded (asked or done), per currency in minor units. */
  refunds: Amounts;
  chargebacks: number;
  /** What the chargebacks took back (each payment's whole amount), per currency in minor units. */
  charged_back: Amounts;
  /** Revenue less refunds less chargebacks, per currency in minor units: the funnel's revenue. */
  net_revenue: Amounts;
  /** Signups per visit. */
  signup_rate: Rate;
  /** First purchases per signup. */
  purchase_rate: Rate;
  /** Revenue per paying member, per currency in minor units (rounded). */
  arppu: Amounts;
}

export type Bucket = 'day' | 'week' | 'month';

/** The overview's buckets (weeks start on Monday). */
export const BUCKETS: readonly Bucket[] = ['day', 'week', 'month'];

export interface SeriesPoint {
  site: string;
  /** First day of the bucket, YYYY-MM-DD. */
  period: string;
  signups: number;
  revenue: Amounts;
}
