// The network console's routes for site health, staff management, the audit log, TOTP enrolment and
// the invitee's set-password page (issue 35, docs/decisions/0051 and 0052), mounted by http.ts on
// the console's router (so on ADMIN_HOST only, behind its same-origin check). Thin: the permission
// rules and queries are in health.ts, staff-admin.ts and totp.ts. Pages use forms and redirects
// (POST → 303 with ?done= or ?error=), so they work without script.
import type { Request, Response, Router } from 'express';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { now } from '../clock';
import type { DB } from '../db/schema';
import { serverMessage } from '../i18n/messages';
import type { Tenant } from '../tenants/schema';
import type { Locale } from '~/shared/locales';
import { networkHealth } from './health';
import { healthPage } from './health-page';
import { enqueueNetworkInvite } from './mail';
import { auditCsv, auditLog, changeStaffRole, disableStaff, enableStaff, InviteSchema, inviteStaff, listStaff, resetStaffTotp, SetPasswordSchema, setStaffPassword, staffForPasswordToken, type AdminResult, type AuditQuery } from './staff-admin';
import { auditPage, flash, forbiddenPage, securityPage, setPasswordPage, staffPage } from './staff-page';
import { audit, networkCan, type Client, type NetworkActor } from './staff';
import { confirmTotp, startTotp, totpEnrolment } from './totp';

export interface AdminRoutesDeps {
  db: Kysely<DB>;
  tenants: () => Tenant[];
  /** The site's own origin for links to its console (http/origin.ts tenantHome). */
  siteHome: (tenant: Tenant) => string;
  from: string;
  /** The console's own origin, from ADMIN_HOST (never the request's Host): links in mails point there. */
  adminOrigin: () => string;
  pokeMail: () => void;
  localeOf: (req: Request) => Locale;
  clientOf: (req: Request) => Client;
  actorOf: (req: Request, res: Response) => Promise<NetworkActor | null>;
  refuse: (req: Request, res: Response) => unknown;
}

const StaffId = z.coerce.number().int().positive().max(2_147_483_647);
const Role = z.object({ role: z.enum(['network_admin', 'network_analyst']) });

function auditQuery(req: Request): AuditQuery {
  const query = new URLSearchParams(req.url.split('?')[1] ?? '');
  const staff = StaffId.safeParse(query.get('staff') || undefined);
  const action = query.get('action') ?? '';
  const page = z.coerce.number().int().min(1).max(10_000).safeParse(query.get('page') || '1');
  return { staffId: staff.success ? staff.data : undefined, action: /^[a-z_]{1,40}$/.test(action) ? action : undefined, page: page.success ? page.data : 1 };
}

export function mountAdminRoutes(router: Router, deps: AdminRoutesDeps): void {
  const { db, localeOf, clientOf, actorOf } = deps;
  const queryOf = (req: Request) => new URLSearchParams(req.url.split('?')[1] ?? '');
  /** The page for a signed-in staff member; the login for anyone else. */
  const page = async (req: Request, res: Response): Promise<NetworkActor | null> => {
    const actor = await actorOf(req, res);
    if (!actor) res.redirect(303, '/login');
    return actor;
  };

  const health = (actor: NetworkActor | null) => networkHealth(db, actor, { tenants: deps.tenants(), at: now(), siteHome: deps.siteHome });
  router.get('/api/network/health.php', async (req, res) => {
    const result = await health(await actorOf(req, res));
    if (!result.ok) return deps.refuse(req, res);
    res.json({ at: now().toISOString(), sites: result.value });
  });
  router.get('/health', async (req, res) => {
    const actor = await page(req, res);
    if (!actor) return;
    const result = await health(actor);
    if (!result.ok) return res.status(403).type('html').send(forbiddenPage(localeOf(req), actor));
    res.type('html').send(healthPage(localeOf(req), { actor, sites: result.value, at: now() }));
  });

  // Staff management: network admins only (the domain refuses everyone else).
  router.get('/staff', async (req, res) => {
    const actor = await page(req, res);
    if (!actor) return;
    const result = await listStaff(db, actor);
    if (!result.ok) return res.status(403).type('html').send(forbiddenPage(localeOf(req), actor));
    res.type('html').send(staffPage(localeOf(req), { actor, staff: result.value, flash: flash(localeOf(req), queryOf(req)) }));
  });

  /** Answers a staff action: back to /staff with what happened, or 403 for someone who may not. */
  const answer = (req: Request, res: Response, actor: NetworkActor, result: AdminResult<unknown>, done: string) => {
    if (!result.ok && result.error === 'forbidden') return res.status(403).type('html').send(forbiddenPage(localeOf(req), actor));
    res.redirect(303, result.ok ? `/staff?done=${done}` : `/staff?error=${result.error}`);
  };

  router.post('/staff/invite', async (req, res) => {
    const actor = await page(req, res);
    if (!actor) return;
    const input = InviteSchema.safeParse(req.body ?? {});
    if (!networkCan(actor, 'staff')) return res.status(403).type('html').send(forbiddenPage(localeOf(req), actor));
    if (!input.success) return res.redirect(303, '/staff?error=invalid');
    const result = await inviteStaff(db, actor, input.data, clientOf(req));
    if (result.ok) {
      // Built from ADMIN_HOST: a Host header (which a proxy may pass as sent) never chooses where the link leads.
      const url = `${deps.adminOrigin()}/set-password?token=${encodeURIComponent(result.value.token)}`;
      await enqueueNetworkInvite(db, { to: input.data.email, name: input.data.name, inviter: actor.name, url, locale: localeOf(req), from: deps.from });
      deps.pokeMail();
    }
    answer(req, res, actor, result, 'invited');
  });

  const staffAction = (path: string, done: string, run: (actor: NetworkActor, staffId: number, req: Request) => Promise<AdminResult> | null) =>
    router.post(`/staff/:id/${path}`, async (req, res) => {
      const actor = await page(req, res);
      if (!actor) return;
      const id = StaffId.safeParse(req.params.id);
      const result = id.success ? run(actor, id.data, req) : null;
      if (!result) return networkCan(actor, 'staff') ? res.redirect(303, '/staff?error=invalid') : res.status(403).type('html').send(forbiddenPage(localeOf(req), actor));
      answer(req, res, actor, await result, done);
    });
  staffAction('role', 'role', (actor, staffId, req) => {
    const input = Role.safeParse(req.body ?? {});
    return input.success ? changeStaffRole(db, actor, { staffId, role: input.data.role }, clientOf(req)) : null;
  });
  staffAction('disable', 'disabled', (actor, staffId, req) => disableStaff(db, actor, { staffId }, clientOf(req)));
  staffAction('enable', 'enabled', (actor, staffId, req) => enableStaff(db, actor, { staffId }, clientOf(req)));
  staffAction('reset-totp', 'totp_reset', (actor, staffId, req) => resetStaffTotp(db, actor, { staffId }, clientOf(req)));

  // The audit log: network admins only.
  router.get('/audit', async (req, res) => {
    const actor = await page(req, res);
    if (!actor) return;
    const query = auditQuery(req);
    const [log, staff] = await Promise.all([auditLog(db, actor, query), listStaff(db, actor)]);
    if (!log.ok || !staff.ok) return res.status(403).type('html').send(forbiddenPage(localeOf(req), actor));
    res.type('html').send(auditPage(localeOf(req), { actor, staff: staff.value, query, ...log.value }));
  });
  router.get('/api/network/audit.php', async (req, res) => {
    const actor = await actorOf(req, res);
    const query = auditQuery(req);
    const csv = queryOf(req).get('format') === 'csv';
    const log = await auditLog(db, actor, query, csv);
    if (!log.ok) return deps.refuse(req, res);
    if (csv) {
      await audit(db, actor!.id, 'export', clientOf(req), { report: 'audit', staff_id: query.staffId ?? null, action: query.action ?? null });
      return res.type('text/csv; charset=utf-8').set('Content-Disposition', 'attachment; filename="network-audit.csv"').send(auditCsv(log.value.entries));
    }
    res.json(log.value);
  });

  // The signed-in staff member's own TOTP.
  router.get('/security', async (req, res) => {
    const actor = await page(req, res);
    if (!actor) return;
    res.type('html').send(securityPage(localeOf(req), { actor, totp: await totpEnrolment(db, actor), flash: flash(localeOf(req), queryOf(req)) }));
  });
  router.post('/security/totp/start', async (req, res) => {
    const actor = await page(req, res);
    if (!actor) return;
    await startTotp(db, actor, clientOf(req));
    res.redirect(303, '/security');
  });
  router.post('/security/totp/confirm', async (req, res) => {
    const actor = await page(req, res);
    if (!actor) return;
    const code = z.object({ code: z.string().trim().max(10) }).safeParse(req.body ?? {});
    const result = await confirmTotp(db, actor, code.success ? code.data.code : '', clientOf(req));
    res.redirect(303, result.ok ? '/security?done=totp_enabled' : `/security?error=${result.error}`);
  });

  // The invitee's set-password link (no session).
  router.get('/set-password', async (req, res) => {
    const token = queryOf(req).get('token') ?? '';
    const staff = await staffForPasswordToken(db, token);
    res.status(staff ? 200 : 400).type('html').send(setPasswordPage(localeOf(req), { token, staff }));
  });
  router.post('/set-password', async (req, res) => {
    const locale = localeOf(req);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const token = typeof body.token === 'string' ? body.token : '';
    const input = SetPasswordSchema.safeParse(body);
    if (!input.success) {
      const staff = await staffForPasswordToken(db, token);
      return res.status(400).type('html').send(setPasswordPage(locale, { token, staff, error: serverMessage(locale, 'network.setPassword.short') }));
    }
    if (!(await setStaffPassword(db, input.data, clientOf(req)))) return res.status(400).type('html').send(setPasswordPage(locale, { token, staff: null }));
    res.redirect(303, '/login');
  });
}
