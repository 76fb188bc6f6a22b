// Which profiles of the shared pool a tenant shows (DESIGN §3): its countries and its niche.
import { sql, type ExpressionBuilder, type Expression, type SqlBool } from 'kysely';
import type { DB } from '../db/schema';
import type { Tenant } from '../tenants/schema';

type ProfileEB = ExpressionBuilder<DB, 'profiles'>;

/** Birth dates for "at least `years` old" / "younger than `years`", relative to `today` (YYYY-MM-DD). */
export function bornOnOrBefore(today: string, years: number): string {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y - years, m - 1, d));
  return date.toISOString().slice(0, 10);
}

/** The niche rule (SPEC §9 niches 1–7) as a filter on profiles. */
export function nicheFilter(eb: ProfileEB, niche: number, today: string): Expression<SqlBool> {
  switch (niche) {
    case 2: // she: women who like women
      return eb.and([eb('profiles.gender', '=', 'female'), eb('profiles.sexuality', 'in', ['lesbian', 'bi'])]);
    case 4: // bbw: curvy bodies
      return eb('profiles.body_type', 'in', ['curvy', 'large']);
    case 5: // gilf: mature, 55 and older
      return eb('profiles.birth_date', '<=', bornOnOrBefore(today, 55));
    case 6: // milf: women from 35
      return eb.and([eb('profiles.gender', '=', 'female'), eb('profiles.birth_date', '<=', bornOnOrBefore(today, 35))]);
    case 7: // gay: men who like men
      return eb.and([eb('profiles.gender', '=', 'male'), eb('profiles.sexuality', 'in', ['gay', 'bi'])]);
    default:
      return sql<SqlBool>`true`;
  }
}

/**
 * The shared fictional profiles and the tenant's own members — never another tenant's members
 * (accounts belong to one tenant) — that fit its niche. The search adds the countries itself, one
 * index slice per country.
 */
export function tenantAndNiche(eb: ProfileEB, tenant: Tenant, today: string): Expression<SqlBool> {
  return eb.and([eb.or([eb('profiles.tenant_id', 'is', null), eb('profiles.tenant_id', '=', tenant.id)]), nicheFilter(eb, tenant.settings.niche, today)]);
}

/** The tenant's part of the shared pool: its countries, its niche, the shared profiles and its own members. */
export function tenantScope(eb: ProfileEB, tenant: Tenant, today: string): Expression<SqlBool> {
  return eb.and([eb('profiles.country', 'in', tenant.settings.countries), tenantAndNiche(eb, tenant, today)]);
}

/** Listed profiles (active, owner neither invisible, private nor leaving: migration 0004) of the tenant's scope. */
export function tenantPool(eb: ProfileEB, tenant: Tenant, today: string): Expression<SqlBool> {
  return eb.and([eb('profiles.listed', '=', true), tenantScope(eb, tenant, today)]);
}
