// The two first-party cookies of tracking (docs/decisions/0027):
// - rdv_visit: the click id of the visit this browser is attributed to (30 days, the attribution
//   window); a signup reads it. It carries nothing else: network, ref and subs stay in the database.
// - rdv_vid: a random visitor id (365 days) that keeps a split's variant the same for one visitor
//   and recognises their reloads.
import crypto from 'node:crypto';
import { readCookie } from '../i18n/negotiate';

export const VISIT_COOKIE = 'rdv_visit';
export const VISITOR_COOKIE = 'rdv_vid';
export const ATTRIBUTION_DAYS = 30;
const VISITOR_DAYS = 365;

/** Our ids: 22 characters of base64url (128 random bits). */
const ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export function newId(): string {
  return crypto.randomBytes(16).toString('base64url');
}

export function isTrackingId(value: string | null | undefined): value is string {
  return typeof value === 'string' && ID_PATTERN.test(value);
}

export function clickIdFromCookie(cookieHeader: string | null | undefined): string | null {
  const value = readCookie(cookieHeader, VISIT_COOKIE);
  return isTrackingId(value) ? value : null;
}

export function visitorIdFromCookie(cookieHeader: string | null | undefined): string | null {
  const value = readCookie(cookieHeader, VISITOR_COOKIE);
  return isTrackingId(value) ? value : null;
}

const cookie = (name: string, value: string, days: number, secure: boolean) =>
  `${name}=${value}; Max-Age=${days * 24 * 3600}; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;

export const visitCookie = (clickId: string, secure: boolean) => cookie(VISIT_COOKIE, clickId, ATTRIBUTION_DAYS, secure);
export const visitorCookie = (visitorId: string, secure: boolean) => cookie(VISITOR_COOKIE, visitorId, VISITOR_DAYS, secure);
