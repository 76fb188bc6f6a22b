// Which profiles of the shared pool a tenant shows (docs/architecture.md §3): its countries and its niche.
import { sql, type ExpressionBuilder, type Expression, type SqlBool } from 'kysely';
import type { DB } from '../db/schema';
import type { Tenant } from '../tenants/schema';
import { nicheRule } from '~/shared/niche-rules';

type ProfileEB = ExpressionBuilder<DB, 'profiles'>;

/** Birth dates for "at least `years` old" / "younger than `years`", relative to `today` (YYYY-MM-DD). */
export function bornOnOrBefore(today: string, years: number): string {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y - years, m - 1, d));
  return date.toISOString().slice(0, 10);
}

export { nicheRule, type NicheRule } from '~/shared/niche-rules';

/** The niche rule as a filter on profiles. */
export function nicheFilter(eb: ProfileEB, niche: number, today: string): Expression<SqlBool> {
  const rule = nicheRule(niche);
  const conditions: Expression<SqlBool>[] = [];
  if (rule.gender) conditions.push(eb('profiles.gender', '=', rule.gender));
  if (rule.sexualities) conditions.push(eb('profiles.sexuality', 'in', rule.sexualities));
  if (rule.bodyTypes) conditions.push(eb('profiles.body_type', 'in', rule.bodyTypes));
  if (rule.minAge) conditions.push(eb('profiles.birth_date', '<=', bornOnOrBefore(today, rule.minAge)));
  return conditions.length ? eb.and(conditions) : sql<SqlBool>`true`;
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
