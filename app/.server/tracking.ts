// Traffic-source tracking (SPEC §3): network, ref, sub1–sub3 from a landing URL are kept in a
// first-party cookie for 30 days and stored with the account at signup.
import type { Tracking } from './db/schema';
import { readCookie } from './i18n/negotiate';

export const TRACKING_COOKIE = 'rdv_tracking';
const KEYS = ['network', 'ref', 'sub1', 'sub2', 'sub3'] as const;

export function trackingFromQuery(query: URLSearchParams): Tracking | null {
  const tracking: Tracking = {};
  for (const key of KEYS) {
    const value = query.get(key)?.trim();
    if (value) tracking[key] = value.slice(0, 128);
  }
  return tracking.network || tracking.ref ? tracking : null;
}

export function trackingCookie(tracking: Tracking, secure: boolean): string {
  return `${TRACKING_COOKIE}=${encodeURIComponent(JSON.stringify(tracking))}; Max-Age=${30 * 24 * 3600}; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export function trackingFromCookie(cookieHeader: string | null | undefined): Tracking | null {
  const raw = readCookie(cookieHeader, TRACKING_COOKIE);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Record<string, unknown>;
    const tracking: Tracking = {};
    for (const key of KEYS) if (typeof parsed[key] === 'string') tracking[key] = (parsed[key] as string).slice(0, 128);
    return tracking.network || tracking.ref ? tracking : null;
  } catch {
    return null;
  }
}
