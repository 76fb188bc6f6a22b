// Whether a visitor may be shown a profile on a member landing: the same rule as the profile page
// for a visitor (the tenant's listed pool), so a landing never shows what the site would hide.
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { visibleTo } from '../members/access';
import type { Tenant } from '../tenants/schema';

export async function landingProfileVisible(db: Kysely<DB>, tenant: Tenant, profileId: number): Promise<boolean> {
  const row = await db
    .selectFrom('profiles')
    .select('profiles.id')
    .where('profiles.id', '=', profileId)
    .where((eb) => visibleTo(eb, tenant, { user: null }))
    .executeTakeFirst();
  return row !== undefined;
}

export const LANDING_VISIBILITY_TTL_MS = 10_000;

/**
 * landingProfileVisible, remembered per tenant and profile for `ttlMs` (docs/decisions/0060): every
 * view of a member landing asks it before the render cache answers, and a campaign sends thousands
 * of views to one profile. A profile hidden meanwhile stops showing within `ttlMs`, well inside the
 * render cache's own 60 s. Concurrent views share one lookup; a failed one is not kept.
 */
export function cachedVisibility(
  lookup: (tenant: Tenant, profileId: number) => Promise<boolean>,
  options: { ttlMs?: number; maxEntries?: number; now?: () => number } = {},
): (tenant: Tenant, profileId: number) => Promise<boolean> {
  const ttlMs = options.ttlMs ?? LANDING_VISIBILITY_TTL_MS;
  const maxEntries = options.maxEntries ?? 10_000;
  const clock = options.now ?? Date.now;
  // By Tenant object: a changed tenant file is a new object, and starts afresh.
  const byTenant = new WeakMap<Tenant, Map<number, { at: number; visible: Promise<boolean> }>>();
  return (tenant, profileId) => {
    let entries = byTenant.get(tenant);
    if (!entries) byTenant.set(tenant, (entries = new Map()));
    const at = clock();
    const known = entries.get(profileId);
    if (known && at - known.at < ttlMs) return known.visible;
    if (entries.size >= maxEntries) entries.clear();
    const visible = lookup(tenant, profileId);
    const entry = { at, visible };
    entries.set(profileId, entry);
    const held = entries;
    visible.catch(() => {
      if (held.get(profileId) === entry) held.delete(profileId);
    });
    return visible;
  };
}
