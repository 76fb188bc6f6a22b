// Network staff (issue 35 item 1, docs/decisions/0050): accounts of the people who run the whole
// network, separate from members and from every site's operators. Login takes two steps — password,
// then a six-digit code sent by e-mail or, once enrolled, a TOTP code (docs/decisions/0051; 10
// minutes, 5 tries per pending login, 10 per staff member in 15 minutes, each try taken before the
// code is compared) — the password step limited as an operator's login (docs/decisions/0068) — and ends in a session of its own
// cookie (`rdv_network`, host-only on ADMIN_HOST, HttpOnly, SameSite=Strict, 8 hours). Every login
// and change writes an audit row. Only SHA-256 digests of codes and session tokens are stored.
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { now } from '../clock';
import type { DB, NetworkRole } from '../db/schema';
import { hashToken } from '../accounts/tokens';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../accounts/passwords';
import { readCookie } from '../i18n/negotiate';
import { accountAttempt, accountWait } from '../accounts/login-throttle';
import type { RateLimits } from '../limits/rate-limits';
import { takeTotpStep } from './totp-code';

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

export type NetworkPermission = 'overview' | 'tenants' | 'staff' | 'audit';

/** What each role may do: analysts read, admins also change the network. */
const PERMISSIONS: Record<NetworkRole, readonly NetworkPermission[]> = {
  network_admin: ['overview', 'tenants', 'staff', 'audit'],
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

/** A staff member from the command line or the demo seed; an invitation from the console leaves the password to the invitee (staff-admin.ts). */
export async function createNetworkStaff(db: Kysely<DB>, input: { email: string; name: string; password: string | null; role: NetworkRole }): Promise<number> {
  const row = await db
    .insertInto('network_staff')
    .values({ email: input.email.trim().toLowerCase(), name: input.name, password_hash: input.password === null ? null : await hashPassword(input.password), role: input.role, created_at: now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  await audit(db, null, 'staff_create', { ip: null, userAgent: null }, { staff_id: row.id, role: input.role });
  return row.id;
}

export type LoginResult =
  | { ok: true; step: 'code'; mail: { to: string; code: string }; token: string }
  | { ok: true; step: 'totp'; token: string }
  | { ok: true; step: 'session'; token: string; actor: NetworkActor }
  | { ok: false; error: 'invalid' | 'invalid_code' | 'locked' }
  /** The password step's limits (shared limiter): `throttled` the per-account throttle, else the per-address or account-and-address limit. */
  | { ok: false; error: 'too_many'; seconds: number; throttled: boolean };

/** Wrong second steps a staff member may make in LOCK_MS (over all their pending logins) before the second step is refused for the rest of it. */
const LOCK_TRIES = 10;
const LOCK_MS = 15 * 60_000;

export type LoginInput = { email: string; password: string; code?: string } | { token: string; code: string };

type StaffRow = { id: number; email: string; name: string; role: NetworkRole; totp_secret: string | null; totp_last_step: string | number | null };

/**
 * One step of the login. Without a code, a right password opens a pending login (10 minutes): a
 * staff member with TOTP is asked for its code, anyone else gets a code by mail (the caller sends
 * `mail`); either way the answer carries the pending login's token, which the login form sends back
 * instead of the password. With a code, either the e-mail and password again (the API) or that token
 * (the form) and a right code — the mailed one, or a TOTP code of a time step not used before — open
 * a session. Each pending login allows 5 wrong codes, a staff member 10 in 15 minutes.
 */
export async function networkLogin(db: Kysely<DB>, input: LoginInput, client: Client, limits?: RateLimits): Promise<LoginResult> {
  const at = now();
  const columns = ['network_staff.id', 'network_staff.email', 'network_staff.name', 'network_staff.role', 'network_staff.totp_secret', 'network_staff.totp_last_step'] as const;
  let staff: StaffRow | undefined;
  let pending: { id: number; method: 'code' | 'totp'; code_hash: string | null; attempts: number } | undefined;
  if ('token' in input) {
    const row = await db
      .selectFrom('network_login_codes')
      .innerJoin('network_staff', 'network_staff.id', 'network_login_codes.staff_id')
      .select([...columns, 'network_login_codes.id as pending_id', 'network_login_codes.method', 'network_login_codes.code_hash', 'network_login_codes.attempts'])
      .where('network_login_codes.token_hash', '=', hashToken(input.token))
      .where('network_login_codes.used_at', 'is', null)
      .where('network_login_codes.expires_at', '>', at)
      .where('network_staff.status', '=', 'active')
      .executeTakeFirst();
    if (!row) {
      await audit(db, null, 'login_failed', client, { step: 'token' });
      return { ok: false, error: 'invalid_code' };
    }
    staff = row;
    pending = { id: row.pending_id, method: row.method, code_hash: row.code_hash, attempts: row.attempts };
  } else {
    // The password step has an operator's login limits (issue 43 item 3, docs/decisions/0068): 30
    // requests per address in 15 minutes, 5 wrong passwords per account and address, and the
    // per-account throttle over all addresses — all in the shared limiter, before argon2 runs.
    const email = input.email.trim().toLowerCase();
    const ip = client.ip ?? 'unknown';
    const throttle = { scope: NETWORK_MAIL_TENANT, account: email, ip: client.ip };
    if (limits) {
      const perAddress = (await limits.consume('login', NETWORK_MAIL_TENANT, ip)) ?? (await limits.blocked('loginAccount', NETWORK_MAIL_TENANT, `${email}:${ip}`));
      const wait = perAddress ?? (await accountWait(limits, throttle));
      if (wait) {
        await audit(db, null, 'login_failed', client, { step: 'limited' });
        return { ok: false, error: 'too_many', seconds: wait, throttled: perAddress === null };
      }
    }
    staff = await db.selectFrom('network_staff').select(columns).where(({ fn }) => fn('lower', ['email']), '=', input.email.trim().toLowerCase()).where('status', '=', 'active').executeTakeFirst();
    const hash = staff ? (await db.selectFrom('network_staff').select('password_hash').where('id', '=', staff.id).executeTakeFirst())?.password_hash : null;
    const passwordOk = await verifyPassword(hash ?? (await dummyPasswordHash()), input.password);
    if (limits) {
      await accountAttempt(limits, throttle, Boolean(staff && hash && passwordOk));
      if (!staff || !hash || !passwordOk) await limits.record('loginAccount', NETWORK_MAIL_TENANT, `${email}:${ip}`);
    }
    if (!staff || !hash || !passwordOk) {
      await audit(db, staff?.id ?? null, 'login_failed', client, { step: 'password' });
      return { ok: false, error: 'invalid' };
    }
    if (input.code === undefined || input.code === '') {
      const token = crypto.randomBytes(32).toString('base64url');
      const method = staff.totp_secret ? 'totp' : 'code';
      const code = method === 'code' ? String(crypto.randomInt(0, 1_000_000)).padStart(6, '0') : null;
      await db
        .insertInto('network_login_codes')
        .values({ staff_id: staff.id, method, code_hash: code === null ? null : hashToken(code), token_hash: hashToken(token), created_at: at, expires_at: new Date(at.getTime() + CODE_MS) })
        .execute();
      return code === null ? { ok: true, step: 'totp', token } : { ok: true, step: 'code', mail: { to: staff.email, code }, token };
    }
    pending = await db
      .selectFrom('network_login_codes')
      .select(['id', 'method', 'code_hash', 'attempts'])
      .where('staff_id', '=', staff.id)
      .where('used_at', 'is', null)
      .where('expires_at', '>', at)
      .orderBy('id', 'desc')
      .executeTakeFirst();
  }
  const code = input.code!.trim();
  const staffId = staff.id;
  // The attempt is taken before the code is compared, in one transaction that holds the staff
  // member's row: of N guesses at once, only those that find a try left (5 per pending login, 10
  // per staff member in 15 minutes) are compared at all (issue 43 item 4).
  const taken = await db.transaction().execute(async (trx) => {
    await trx.selectFrom('network_staff').select('id').where('id', '=', staffId).forUpdate().executeTakeFirst();
    const recent = await trx
      .selectFrom('network_login_codes')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('attempts'), eb.lit(0)).as('n'))
      .where('staff_id', '=', staffId)
      .where('created_at', '>', new Date(at.getTime() - LOCK_MS))
      .executeTakeFirst();
    if (Number(recent?.n ?? 0) >= LOCK_TRIES) return 'locked' as const;
    if (!pending) return 'none' as const;
    const row = await trx
      .updateTable('network_login_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', pending.id)
      .where('attempts', '<', CODE_TRIES)
      .where('used_at', 'is', null)
      .returning('attempts')
      .executeTakeFirst();
    return row ? ('taken' as const) : ('spent' as const);
  });
  if (taken === 'locked') {
    await audit(db, staff.id, 'login_failed', client, { step: 'locked' });
    return { ok: false, error: 'locked' };
  }
  let matches = false;
  if (taken === 'taken' && pending) {
    if (pending.method === 'code') matches = pending.code_hash !== null && crypto.timingSafeEqual(Buffer.from(pending.code_hash), Buffer.from(hashToken(code)));
    else if (staff.totp_secret) matches = await takeTotpStep(db, staff.id, staff.totp_secret, code, at);
  }
  if (!pending || !matches) {
    // `spent`: no try was left, the code was not compared.
    await audit(db, staff.id, 'login_failed', client, { step: taken === 'spent' ? 'spent' : (pending?.method ?? 'code') });
    return { ok: false, error: 'invalid_code' };
  }
  const token = crypto.randomBytes(32).toString('base64url');
  const pendingId = pending.id;
  const opened = await db.transaction().execute(async (trx) => {
    // Conditional: of two requests with the same code, one opens the session.
    const used = await trx.updateTable('network_login_codes').set({ used_at: at }).where('id', '=', pendingId).where('used_at', 'is', null).returning('id').executeTakeFirst();
    if (!used) return false;
    await trx.updateTable('network_staff').set({ last_login_at: at }).where('id', '=', staffId).execute();
    await trx
      .insertInto('network_sessions')
      .values({ id: hashToken(token), staff_id: staffId, created_at: at, expires_at: new Date(at.getTime() + NETWORK_SESSION_HOURS * 3600_000), ip: client.ip, user_agent: client.userAgent?.slice(0, 300) ?? null })
      .execute();
    await audit(trx, staffId, 'login', client, { method: pending.method });
    return true;
  });
  if (!opened) return { ok: false, error: 'invalid_code' };
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
