// Network staff management and the audit log (issue 35 item 1, docs/decisions/0051): network admins
// only — every function here refuses anyone else, analysts included. An admin invites a colleague
// with a role: the invitee gets a mail with a one-time set-password link (72 hours, only its SHA-256
// stored; the admin never sees or chooses the password) and signs in like everyone else. An admin
// changes roles, disables (the disabled member's sessions end at once) and enables staff, and resets
// a staff member's TOTP (their next login asks for a mailed code again). Nobody disables or demotes
// themselves, and the network always keeps one active admin. Every change is an audit row naming the
// staff member it concerns.
import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import { now } from '../clock';
import type { DB, NetworkRole } from '../db/schema';
import { hashToken } from '../accounts/tokens';
import { hashPassword } from '../accounts/passwords';
import { toCsv } from '../marketing/csv';
import { audit, networkCan, type Client, type NetworkActor } from './staff';

export const NETWORK_ROLES: readonly NetworkRole[] = ['network_admin', 'network_analyst'];
export const INVITE_HOURS = 72;
export const STAFF_PASSWORD_MIN = 12;
export const AUDIT_PAGE_SIZE = 50;

export interface StaffView {
  id: number;
  email: string;
  name: string;
  role: NetworkRole;
  status: 'active' | 'disabled';
  /** Invited, no password chosen yet. */
  invited: boolean;
  totp: boolean;
  created_at: string;
  last_login_at: string | null;
}

type Refusal = 'forbidden' | 'not_found' | 'self' | 'last_admin' | 'taken' | 'invalid';
export type AdminResult<T = undefined> = { ok: true; value: T } | { ok: false; error: Refusal };

const forbidden = { ok: false, error: 'forbidden' } as const;

export async function listStaff(db: Kysely<DB>, actor: NetworkActor | null): Promise<AdminResult<StaffView[]>> {
  if (!networkCan(actor, 'staff')) return forbidden;
  const rows = await db
    .selectFrom('network_staff')
    .select(['id', 'email', 'name', 'role', 'status', 'password_hash', 'totp_secret', 'created_at', 'last_login_at'])
    .orderBy('status')
    .orderBy('email')
    .execute();
  return {
    ok: true,
    value: rows.map((row) => ({
      id: row.id,
      email: row.email,
      name: row.name,
      role: row.role,
      status: row.status,
      invited: row.password_hash === null,
      totp: row.totp_secret !== null,
      created_at: new Date(row.created_at).toISOString(),
      last_login_at: row.last_login_at ? new Date(row.last_login_at).toISOString() : null,
    })),
  };
}

/**
 * Bidirectional controls (U+202A–U+202E, U+2066–U+2069, the marks U+200E/U+200F, U+061C): a name with
 * U+202E shows its letters reversed and can make the audit log and the staff list lie about who did what.
 */
// eslint-disable-next-line no-control-regex
const UNFIT_IN_NAMES = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]|\p{Surrogate}/u;

/** A person's name as the console shows it: one line of plain text, no control or direction characters. */
export const StaffName = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .refine((name) => !UNFIT_IN_NAMES.test(name), { message: 'must not hold control or text-direction characters' });

export const InviteSchema = z.object({
  email: z.string().trim().toLowerCase().email().max(254),
  name: StaffName,
  role: z.enum(['network_admin', 'network_analyst']),
});

/** Invites a colleague: their account (no password yet) and a set-password token the caller mails them; `taken` when the address has an account. */
export async function inviteStaff(db: Kysely<DB>, actor: NetworkActor | null, input: z.infer<typeof InviteSchema>, client: Client): Promise<AdminResult<{ id: number; token: string }>> {
  if (!networkCan(actor, 'staff')) return forbidden;
  // The domain checks its input itself (a caller other than the form's route may skip the schema).
  if (!InviteSchema.safeParse(input).success) return { ok: false, error: 'invalid' };
  const at = now();
  const token = crypto.randomBytes(32).toString('base64url');
  const id = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('network_staff')
      .values({ email: input.email, name: input.name, password_hash: null, role: input.role, created_at: at })
      .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!row) return null;
    await trx.insertInto('network_staff_tokens').values({ id: hashToken(token), staff_id: row.id, created_at: at, expires_at: new Date(at.getTime() + INVITE_HOURS * 3600_000) }).execute();
    await audit(trx, actor.id, 'staff_invite', client, { staff_id: row.id, email: input.email, role: input.role });
    return row.id;
  });
  if (id === null) return { ok: false, error: 'taken' };
  return { ok: true, value: { id, token } };
}

/** The invitee behind a set-password token while it is unused and fresh (nothing changes). */
export async function staffForPasswordToken(db: Kysely<DB>, token: string): Promise<{ id: number; email: string; name: string } | null> {
  if (!token || token.length > 100) return null;
  const row = await db
    .selectFrom('network_staff_tokens')
    .innerJoin('network_staff', 'network_staff.id', 'network_staff_tokens.staff_id')
    .select(['network_staff.id', 'network_staff.email', 'network_staff.name'])
    .where('network_staff_tokens.id', '=', hashToken(token))
    .where('network_staff_tokens.used_at', 'is', null)
    .where('network_staff_tokens.expires_at', '>', now())
    .where('network_staff.status', '=', 'active')
    .executeTakeFirst();
  return row ?? null;
}

/** A staff member's id in a path or a query (`/staff/<id>/role`, `?staff=<id>`). */
export const StaffIdSchema = z.coerce.number().int().positive().max(2_147_483_647);

/** The body of `POST /staff/<id>/role`. */
export const RoleSchema = z.object({ role: z.enum(['network_admin', 'network_analyst']) });

/**
 * The audit log's filters, for its page and `GET /api/network/audit.php`: a value that is no staff
 * id, no action name or no page number is left out (the whole log, page 1), as the console always did.
 */
export const AuditQuerySchema = z
  .object({
    staff: StaffIdSchema.optional().catch(undefined),
    action: z.string().regex(/^[a-z_]{1,40}$/).optional().catch(undefined),
    page: z.coerce.number().int().min(1).max(10_000).catch(1),
    format: z.enum(['csv']).optional().catch(undefined),
  })
  .transform(({ staff, action, page, format }) => ({ query: { staffId: staff, action, page } satisfies AuditQuery, csv: format === 'csv' }));

export const SetPasswordSchema = z.object({ token: z.string().min(20).max(100), password: z.string().min(STAFF_PASSWORD_MIN).max(200) });

/** Sets the invitee's password with their one-time link; the link is spent. */
export async function setStaffPassword(db: Kysely<DB>, input: z.infer<typeof SetPasswordSchema>, client: Client): Promise<boolean> {
  const staff = await staffForPasswordToken(db, input.token);
  if (!staff) return false;
  const hash = await hashPassword(input.password);
  return db.transaction().execute(async (trx) => {
    const used = await trx.updateTable('network_staff_tokens').set({ used_at: now() }).where('id', '=', hashToken(input.token)).where('used_at', 'is', null).returning('id').executeTakeFirst();
    if (!used) return false;
    await trx.updateTable('network_staff').set({ password_hash: hash }).where('id', '=', staff.id).execute();
    await audit(trx, staff.id, 'password_set', client);
    return true;
  });
}

/** Active admins other than `staffId` (counted under change()'s lock, so that two admins demoting each other at once cannot both succeed). */
async function otherActiveAdmins(trx: Kysely<DB>, staffId: number): Promise<number> {
  const rows = await trx.selectFrom('network_staff').select('id').where('role', '=', 'network_admin').where('status', '=', 'active').execute();
  return rows.filter((row) => row.id !== staffId).length;
}

async function change(
  db: Kysely<DB>,
  actor: NetworkActor | null,
  staffId: number,
  client: Client,
  action: string,
  apply: (trx: Kysely<DB>, target: { id: number; role: NetworkRole; status: 'active' | 'disabled' }) => Promise<Refusal | Record<string, unknown>>,
): Promise<AdminResult> {
  if (!networkCan(actor, 'staff')) return forbidden;
  return db.transaction().execute(async (trx) => {
    // Lock the active admins and the target in one order first: two admins acting on each other at once wait, never deadlock.
    await trx
      .selectFrom('network_staff')
      .select('id')
      .where((eb) => eb.or([eb.and([eb('role', '=', 'network_admin'), eb('status', '=', 'active')]), eb('id', '=', staffId)]))
      .orderBy('id')
      .forUpdate()
      .execute();
    const target = await trx.selectFrom('network_staff').select(['id', 'role', 'status']).where('id', '=', staffId).forUpdate().executeTakeFirst();
    if (!target) return { ok: false, error: 'not_found' } as const;
    const outcome = await apply(trx, target);
    if (typeof outcome === 'string') return { ok: false, error: outcome } as const;
    await audit(trx, actor.id, action, client, { staff_id: staffId, ...outcome });
    return { ok: true, value: undefined } as const;
  });
}

export function changeStaffRole(db: Kysely<DB>, actor: NetworkActor | null, input: { staffId: number; role: NetworkRole }, client: Client): Promise<AdminResult> {
  return change(db, actor, input.staffId, client, 'staff_role', async (trx, target) => {
    if (target.role === input.role) return { role: input.role, from: target.role };
    if (target.id === actor?.id) return 'self';
    if (target.role === 'network_admin' && target.status === 'active' && (await otherActiveAdmins(trx, target.id)) === 0) return 'last_admin';
    await trx.updateTable('network_staff').set({ role: input.role }).where('id', '=', target.id).execute();
    return { role: input.role, from: target.role };
  });
}

/** Disables a staff member: they cannot sign in, and every session of theirs ends now. */
export function disableStaff(db: Kysely<DB>, actor: NetworkActor | null, input: { staffId: number }, client: Client): Promise<AdminResult> {
  return change(db, actor, input.staffId, client, 'staff_disable', async (trx, target) => {
    if (target.id === actor?.id) return 'self';
    if (target.role === 'network_admin' && target.status === 'active' && (await otherActiveAdmins(trx, target.id)) === 0) return 'last_admin';
    await trx.updateTable('network_staff').set({ status: 'disabled' }).where('id', '=', target.id).execute();
    const ended = await trx.deleteFrom('network_sessions').where('staff_id', '=', target.id).executeTakeFirst();
    await trx.deleteFrom('network_login_codes').where('staff_id', '=', target.id).where('used_at', 'is', null).execute();
    return { sessions_ended: Number(ended.numDeletedRows) };
  });
}

export function enableStaff(db: Kysely<DB>, actor: NetworkActor | null, input: { staffId: number }, client: Client): Promise<AdminResult> {
  return change(db, actor, input.staffId, client, 'staff_enable', async (trx, target) => {
    await trx.updateTable('network_staff').set({ status: 'active' }).where('id', '=', target.id).execute();
    return {};
  });
}

/** Removes a staff member's TOTP (a lost phone): their next login asks for a mailed code, and they may enrol again. */
export function resetStaffTotp(db: Kysely<DB>, actor: NetworkActor | null, input: { staffId: number }, client: Client): Promise<AdminResult> {
  return change(db, actor, input.staffId, client, 'totp_reset', async (trx, target) => {
    await trx.updateTable('network_staff').set({ totp_secret: null, totp_pending_secret: null, totp_enabled_at: null, totp_last_step: null }).where('id', '=', target.id).execute();
    // A login waiting for a TOTP code waits for nothing now.
    await trx.deleteFrom('network_login_codes').where('staff_id', '=', target.id).where('method', '=', 'totp').where('used_at', 'is', null).execute();
    return {};
  });
}

export interface AuditEntry {
  id: number;
  at: string;
  staff_id: number | null;
  staff_email: string | null;
  action: string;
  detail: Record<string, unknown> | null;
  ip: string | null;
}

export interface AuditQuery {
  staffId?: number;
  action?: string;
  /** 1-based. */
  page?: number;
}

/** The audit log, newest first, filtered by staff member and action, a page of AUDIT_PAGE_SIZE; `all` for the CSV (at most 10 000 rows). */
export async function auditLog(db: Kysely<DB>, actor: NetworkActor | null, query: AuditQuery, all = false): Promise<AdminResult<{ entries: AuditEntry[]; page: number; more: boolean; actions: string[] }>> {
  if (!networkCan(actor, 'audit')) return forbidden;
  const page = Math.max(1, Math.min(10_000, Math.floor(query.page ?? 1)));
  const limit = all ? 10_000 : AUDIT_PAGE_SIZE;
  let select = db
    .selectFrom('network_audit')
    .leftJoin('network_staff', 'network_staff.id', 'network_audit.staff_id')
    .select(['network_audit.id', 'network_audit.created_at', 'network_audit.staff_id', 'network_staff.email as staff_email', 'network_audit.action', 'network_audit.detail', 'network_audit.ip'])
    .orderBy('network_audit.id', 'desc')
    .limit(limit + 1)
    .offset(all ? 0 : (page - 1) * AUDIT_PAGE_SIZE);
  if (query.staffId !== undefined) select = select.where('network_audit.staff_id', '=', query.staffId);
  if (query.action) select = select.where('network_audit.action', '=', query.action);
  const [rows, actions] = await Promise.all([select.execute(), db.selectFrom('network_audit').select('action').distinct().orderBy('action').execute()]);
  return {
    ok: true,
    value: {
      entries: rows.slice(0, limit).map((row) => ({
        id: Number(row.id),
        at: new Date(row.created_at).toISOString(),
        staff_id: row.staff_id,
        staff_email: row.staff_email,
        action: row.action,
        detail: row.detail,
        ip: row.ip,
      })),
      page,
      more: rows.length > limit,
      actions: actions.map((row) => row.action),
    },
  };
}

export function auditCsv(entries: readonly AuditEntry[]): string {
  return toCsv([['id', 'at', 'staff_id', 'staff_email', 'action', 'ip', 'detail'], ...entries.map((e) => [e.id, e.at, e.staff_id, e.staff_email, e.action, e.ip, e.detail ? JSON.stringify(e.detail) : null])]);
}
