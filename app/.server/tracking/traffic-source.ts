// The traffic source of a visit (docs/product.md §3 tracking data): network, ref and sub1–sub3 from a landing
// URL's query. Only a network or a ref make it a traffic source (docs/product.md §6 with_trafficsource).
import type { Tracking } from '../db/schema';

export const TRACKING_KEYS = ['network', 'ref', 'sub1', 'sub2', 'sub3'] as const;
/** Longest value kept per key: affiliate networks send ids, not prose. */
export const TRACKING_VALUE_MAX = 128;

/** The traffic source in a query, or null when it names neither a network nor a ref. */
export function trackingFromQuery(query: URLSearchParams): Tracking | null {
  const tracking: Tracking = {};
  for (const key of TRACKING_KEYS) {
    // Control characters never reach a report or a postback URL.
    const value = [...(query.get(key) ?? '')].filter((char) => char >= ' ' && char !== '\u007f').join('').trim();
    if (value) tracking[key] = value.slice(0, TRACKING_VALUE_MAX);
  }
  return hasTrafficSource(tracking) ? tracking : null;
}

export function hasTrafficSource(tracking: Tracking | null | undefined): boolean {
  return Boolean(tracking && (tracking.network || tracking.ref));
}
