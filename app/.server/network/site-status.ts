// Pause, resume and archive a site from the network console (issue 44 item 2, docs/decisions/0066):
// network admins only, audited, under the sites' lock, announced to every instance. A paused site
// answers its hosts with "closed for now" (503 with Retry-After; http/closed-site.ts), takes no
// signups or payments and sends no mail, SMS or postbacks — they wait in their outboxes and go once
// it is resumed, as it was. An archived site is off for good (no way back from the console), but
// nothing is deleted: its members can still sign in, download their data and delete their account;
// its history stays in the network's reports, marked archived.
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { audit, networkCan, type Client, type NetworkActor } from './staff';
import { underSitesLock, type TenantSource } from './tenants';
import type { SiteStatus } from '../tenants/store';

export type StatusResult = { ok: true; id: string; status: SiteStatus } | { ok: false; error: 'forbidden' | 'not_found' | 'not_allowed' };

/** Which status each status may go to: archived is final. */
const NEXT: Record<SiteStatus, readonly SiteStatus[]> = { active: ['paused', 'archived'], paused: ['active', 'archived'], archived: [] };

export const STATUS_ACTIONS = { paused: 'tenant_pause', active: 'tenant_resume', archived: 'tenant_archive' } as const;

export async function setSiteStatus(
  db: Kysely<DB>,
  actor: NetworkActor | null,
  input: { id: string; status: string; source: TenantSource },
  client: Client,
): Promise<StatusResult> {
  if (!networkCan(actor, 'tenants')) return { ok: false, error: 'forbidden' };
  const status = input.status;
  if (status !== 'active' && status !== 'paused' && status !== 'archived') return { ok: false, error: 'not_allowed' };
  return underSitesLock(db, input.source, async (trx): Promise<StatusResult> => {
    const site = await trx.selectFrom('tenant_sites').select(['id', 'status']).where('id', '=', input.id).executeTakeFirst();
    if (!site) return { ok: false, error: 'not_found' };
    if (!NEXT[site.status].includes(status)) return { ok: false, error: 'not_allowed' };
    const at = new Date();
    await trx.updateTable('tenant_sites').set({ status, status_at: at, status_by: actor.id, managed_by: 'console', updated_at: at }).where('id', '=', input.id).execute();
    await audit(trx, actor.id, STATUS_ACTIONS[status], client, { tenant: input.id, from: site.status, to: status });
    return { ok: true, id: input.id, status };
  });
}
