// Network staff (issue 35 item 1, docs/decisions/0050): accounts of the people who run the whole
// network, separate from members and from every site's operators. Login takes two steps — password,
// then a six-digit code sent by e-mail (10 minutes, 5 tries) — and ends in a session of its own
// cookie (`rdv_network`, host-only on ADMIN_HOST, HttpOnly, SameSite=Strict, 8 hours). Every login
// and change writes an audit row. Only SHA-256 digests of codes and session tokens are stored.
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { now } from '../clock';
import type { DB, NetworkRole } from '../db/schema';
import { hashToken } from '../accounts/tokens';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../accounts/passwords';
import { readCookie } from '../i18n/negotiate';

export const NETWORK_SESSION_COOKIE = 'rdv_network';
export const NETWORK_SESSION_HOURS = 8;
const CODE_MS = 10 * 60_000;
const CODE_TRIES = 5;
export const NETWORK_MAIL_KIND = 'network_login_code';
/** mail_outbox.tenant_id of the network's own mails: no tenant's. */
export const NETWORK_MAIL_TENANT = '_network';

export interface NetworkActor {
  id: number;
  email: string;
  name: string;
  role: NetworkRole;
}

export type NetworkPermission = 'overview' | 'tenants';

/** What each role may do: analysts read, admins also change the network. */
const PERMISSIONS: Record<NetworkRole, readonly NetworkPermission[]> = {
  network_admin: ['overview', 'tenants'],
  network_analyst: ['overview'],
};

export function networkCan(actor: NetworkActor | null, permission: NetworkPermission): actor is NetworkActor {
  return actor !== null && PERMISSIONS[actor.role].includes(permission);
}

export interface Client {
  ip: string | null;
  userAgent: string | null;
}

export async function audit(db: Kysely<DB>, staffId: number | null, action: string, client: Client, detail: Record<string, unknown> | null = null): Promise<void> {
  await db.insertInto('network_audit').values({ staff_id: staffId, action, detail, ip: client.ip, created_at: now() }).execute();
}

export async function createNetworkStaff(db: Kysely<DB>, input: { email: string; name: string; password: string; role: NetworkRole }): Promise<number> {
  const row = await db
    .insertInto('network_staff')
    .values({ email: input.email.trim().toLowerCase(), name: input.name, password_hash: await hashPassword(input.password), role: input.role, created_at: now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  await audit(db, null, 'staff_create', { ip: null, userAgent: null }, { staff_id: row.id, role: input.role });
  return row.id;
}

export type LoginResult =
  | { ok: true; step: 'code'; mail: { to: string; code: string } }
  | { ok: true; step: 'session'; token: string; actor: NetworkActor }
  | { ok: false; error: 'invalid' | 'invalid_code' };

/**
 * One step of the login: without a code, a right password mails a new code (the caller sends
 * `mail`); with one, a right password and the latest unexpired code open a session.
 */
export async function networkLogin(db: Kysely<DB>, input: { email: string; password: string; code?: string }, client: Client): Promise<LoginResult> {
  const staff = await db
    .selectFrom('network_staff')
    .selectAll()
    .where(({ fn }) => fn('lower', ['email']), '=', input.email.trim().toLowerCase())
    .where('status', '=', 'active')
    .executeTakeFirst();
  const passwordOk = await verifyPassword(staff?.password_hash ?? (await dummyPasswordHash()), input.password);
  if (!staff || !passwordOk) {
    await audit(db, staff?.id ?? null, 'login_failed', client, { step: 'password' });
    return { ok: false, error: 'invalid' };
  }
  const at = now();
  if (input.code === undefined || input.code === '') {
    const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
    await db.insertInto('network_login_codes').values({ staff_id: staff.id, code_hash: hashToken(code), created_at: at, expires_at: new Date(at.getTime() + CODE_MS) }).execute();
    return { ok: true, step: 'code', mail: { to: staff.email, code } };
  }
  const latest = await db
    .selectFrom('network_login_codes')
    .selectAll()
    .where('staff_id', '=', staff.id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  const given = hashToken(input.code.trim());
  const matches = latest !== undefined && latest.attempts < CODE_TRIES && crypto.timingSafeEqual(Buffer.from(latest.code_hash), Buffer.from(given));
  if (!latest || !matches) {
    if (latest) await db.updateTable('network_login_codes').set({ attempts: latest.attempts + 1 }).where('id', '=', latest.id).execute();
    await audit(db, staff.id, 'login_failed', client, { step: 'code' });
    return { ok: false, error: 'invalid_code' };
  }
  const token = crypto.randomBytes(32).toString('base64url');
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('network_login_codes').set({ used_at: at }).where('id', '=', latest.id).execute();
    await trx.updateTable('network_staff').set({ last_login_at: at }).where('id', '=', staff.id).execute();
    await trx
      .insertInto('network_sessions')
      .values({ id: hashToken(token), staff_id: staff.id, created_at: at, expires_at: new Date(at.getTime() + NETWORK_SESSION_HOURS * 3600_000), ip: client.ip, user_agent: client.userAgent?.slice(0, 300) ?? null })
      .execute();
    await audit(trx, staff.id, 'login', client);
  });
  return { ok: true, step: 'session', token, actor: { id: staff.id, email: staff.email, name: staff.name, role: staff.role } };
}

/** The staff member behind the network cookie, or null (none, unknown, expired, disabled). A member's or operator's cookie is another name and counts for nothing. */
export async function networkActorForSession(db: Kysely<DB>, cookieHeader: string | null | undefined): Promise<NetworkActor | null> {
  const token = readCookie(cookieHeader, NETWORK_SESSION_COOKIE);
  if (!token || token.length > 100) return null;
  const row = await db
    .selectFrom('network_sessions')
    .innerJoin('network_staff', 'network_staff.id', 'network_sessions.staff_id')
    .select(['network_staff.id', 'network_staff.email', 'network_staff.name', 'network_staff.role'])
    .where('network_sessions.id', '=', hashToken(token))
    .where('network_sessions.expires_at', '>', now())
    .where('network_staff.status', '=', 'active')
    .executeTakeFirst();
  return row ?? null;
}

export async function networkLogout(db: Kysely<DB>, actor: NetworkActor, cookieHeader: string | null | undefined, client: Client): Promise<void> {
  const token = readCookie(cookieHeader, NETWORK_SESSION_COOKIE);
  if (token) await db.deleteFrom('network_sessions').where('id', '=', hashToken(token)).execute();
  await audit(db, actor.id, 'logout', client);
}

export function networkSessionCookie(token: string, secure: boolean): string {
  return `${NETWORK_SESSION_COOKIE}=${token}; Max-Age=${NETWORK_SESSION_HOURS * 3600}; Path=/; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}

export function clearNetworkSessionCookie(secure: boolean): string {
  return `${NETWORK_SESSION_COOKIE}=; Max-Age=0; Path=/; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}
