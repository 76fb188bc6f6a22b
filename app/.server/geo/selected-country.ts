// The visitor's own choice of country (settings.geoip_selected_country, docs/architecture.md §3): one of the
// tenant's countries, kept in the `country` cookie (365 days, host-only) that settings.php reads.
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { readCookie } from '../i18n/negotiate';
import type { Tenant } from '../tenants/schema';

export const SELECTED_COUNTRY_COOKIE = 'country';
const MAX_AGE_S = 365 * 24 * 60 * 60;

/** The country the visitor chose, when it is one of the tenant's; else null. */
export function selectedCountry(tenant: Tenant, cookieHeader: string | null | undefined): string | null {
  const value = readCookie(cookieHeader, SELECTED_COUNTRY_COOKIE)?.toUpperCase() ?? null;
  return value && tenant.settings.countries.includes(value) ? value : null;
}

/** Sets the choice, or null when the tenant has no such country. */
export function countryCookie(tenant: Tenant, country: string, secure: boolean): string | null {
  const upper = country.toUpperCase();
  if (!tenant.settings.countries.includes(upper)) return null;
  return `${SELECTED_COUNTRY_COOKIE}=${upper}; Max-Age=${MAX_AGE_S}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/**
 * The visitor's country for what depends on it (footer, entry warning): chosen on /lang-config, else
 * a member's own country (the one of their profile, chosen at signup: issue 48 item 13) when the
 * tenant serves it, else detected, else the tenant's first.
 */
export function effectiveCountry(tenant: Tenant, detected: string | null, cookieHeader: string | null | undefined, memberCountry: string | null = null): string | null {
  const own = memberCountry && tenant.settings.countries.includes(memberCountry) ? memberCountry : null;
  return selectedCountry(tenant, cookieHeader) ?? own ?? detected ?? tenant.settings.countries[0] ?? null;
}

/** effectiveCountry for a viewer: a member's own country is read from their profile. */
export async function viewerCountry(db: Kysely<DB>, tenant: Tenant, viewer: { user: { profile_id: number | null } | null }, detected: string | null, cookieHeader: string | null | undefined): Promise<string | null> {
  const profileId = viewer.user?.profile_id;
  const own = profileId ? await db.selectFrom('profiles').select('country').where('id', '=', profileId).executeTakeFirst() : undefined;
  return effectiveCountry(tenant, detected, cookieHeader, own?.country ?? null);
}
