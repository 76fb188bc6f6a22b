// Logging in (docs/product.md §4, §8): a wrong password answers 'Login failed'; after LOGIN_MAX_FAILURES wrong
// attempts for the same account from the same address within the window, that account is blocked
// from that address for LOGIN_BLOCK_MINUTES — even the right password. Keyed by tenant, e-mail and
// address, so nobody can lock a member out from elsewhere. Guesses against one account from many
// addresses are slowed by the per-account throttle (login-throttle.ts, docs/decisions/0068), which
// never locks the owner out. Time comes from the clock module.
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { text, TEXT_LIMITS } from '~/shared/request-rules';
import { now } from '../clock';
import type { DB, User } from '../db/schema';
import type { Tenant } from '../tenants/schema';
import type { Locale } from '~/shared/locales';
import { serverMessage } from '../i18n/messages';
import type { RateLimits } from '../limits/rate-limits';
import { REACTIVATION_DAYS } from './deletion';
import { accountAttempt, accountWait } from './login-throttle';
import { dummyPasswordHash, verifyPassword } from './passwords';

export const LOGIN_LIMITS = {
  maxFailures: Number(process.env.LOGIN_MAX_FAILURES ?? 5),
  windowMinutes: Number(process.env.LOGIN_WINDOW_MINUTES ?? 15),
  blockMinutes: Number(process.env.LOGIN_BLOCK_MINUTES ?? 15),
};

/** POST /api/user.php and the /login form. */
export const LoginSchema = z.object({ email: text(TEXT_LIMITS.email), password: z.string().max(TEXT_LIMITS.password) });

export type LoginResult =
  | { ok: true; user: User }
  | { ok: false; error: 'login_failed' }
  | { ok: false; error: 'blocked'; minutes: number }
  /** The per-account throttle (login-throttle.ts): the account's next attempt is in `seconds`. */
  | { ok: false; error: 'throttled'; seconds: number }
  | { ok: false; error: 'pending_deletion' }
  /** Pending deletion for longer than the reactivation window: the link has expired, the account is gone (issue 34 item 13). */
  | { ok: false; error: 'account_deleted'; days: number }
  /** A moderator suspended the account (a complaint's decision, docs/decisions/0029). */
  | { ok: false; error: 'suspended' };

type LoginFailure = Exclude<LoginResult, { ok: true }>;

/** A refused login as the API and the /login page tell it: status, code and the translated text. */
export function loginRefusal(locale: Locale, result: LoginFailure): { status: number; error: string; message: string; minutes?: number; seconds?: number } {
  switch (result.error) {
    case 'blocked':
      return { status: 429, error: 'login_blocked', minutes: result.minutes, message: serverMessage(locale, 'login.error.blocked', { minutes: result.minutes }) };
    case 'throttled':
      return { status: 429, error: 'login_throttled', seconds: result.seconds, message: serverMessage(locale, 'login.error.throttled', { seconds: result.seconds }) };
    case 'pending_deletion':
      return { status: 403, error: 'pending_deletion', message: serverMessage(locale, 'signup.error.pendingDeletion') };
    case 'account_deleted':
      return { status: 403, error: 'account_deleted', message: serverMessage(locale, 'login.error.accountDeleted', { days: result.days }) };
    case 'suspended':
      return { status: 403, error: 'suspended', message: serverMessage(locale, 'login.error.suspended') };
    default:
      return { status: 401, error: 'login_failed', message: serverMessage(locale, 'login.error.failed') };
  }
}

export async function logIn(
  db: Kysely<DB>,
  tenant: Tenant,
  client: { ip: string | null },
  input: { email?: unknown; password?: unknown },
  /** The shared limiter, for the per-account throttle; tests of the lockout alone leave it out. */
  limits?: RateLimits,
): Promise<LoginResult> {
  const email = typeof input.email === 'string' ? input.email.trim().toLowerCase().slice(0, 254) : '';
  const password = typeof input.password === 'string' ? input.password.slice(0, 200) : '';
  const ip = client.ip ?? 'unknown';
  const at = now();

  const failure = await db
    .selectFrom('login_failures')
    .selectAll()
    .where('tenant_id', '=', tenant.id)
    .where('email', '=', email)
    .where('ip', '=', ip)
    .executeTakeFirst();
  if (failure?.blocked_until && failure.blocked_until > at) {
    return { ok: false, error: 'blocked', minutes: Math.ceil((failure.blocked_until.getTime() - at.getTime()) / 60_000) };
  }
  const throttle = { scope: tenant.id, account: email, ip: client.ip };
  const wait = limits ? await accountWait(limits, throttle) : null;
  if (wait) return { ok: false, error: 'throttled', seconds: wait };

  const user = email
    ? await db
        .selectFrom('users')
        .selectAll()
        .where('tenant_id', '=', tenant.id)
        .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
        .executeTakeFirst()
    : undefined;
  const valid = await verifyPassword(user?.password_hash ?? (await dummyPasswordHash()), password);
  if (limits) await accountAttempt(limits, throttle, Boolean(user && valid));

  if (user && valid) {
    if (failure) await db.deleteFrom('login_failures').where('tenant_id', '=', tenant.id).where('email', '=', email).where('ip', '=', ip).execute();
    if (user.status === 'pending_deletion') {
      // The erasing job may not have run yet; the window is what counts.
      const windowEnds = (user.deletion_requested_at?.getTime() ?? at.getTime()) + REACTIVATION_DAYS * 24 * 3600_000;
      return windowEnds <= at.getTime() ? { ok: false, error: 'account_deleted', days: REACTIVATION_DAYS } : { ok: false, error: 'pending_deletion' };
    }
    if (user.status === 'deleted') return { ok: false, error: 'login_failed' };
    if (user.suspended_at) return { ok: false, error: 'suspended' };
    return { ok: true, user };
  }

  const windowStart = new Date(at.getTime() - LOGIN_LIMITS.windowMinutes * 60_000);
  const fresh = !failure || failure.first_failure_at < windowStart || (failure.blocked_until !== null && failure.blocked_until <= at);
  const failures = fresh ? 1 : failure.failures + 1;
  const blockedUntil = failures >= LOGIN_LIMITS.maxFailures ? new Date(at.getTime() + LOGIN_LIMITS.blockMinutes * 60_000) : null;
  await db
    .insertInto('login_failures')
    .values({ tenant_id: tenant.id, email, ip, failures, first_failure_at: fresh ? at : failure.first_failure_at, blocked_until: blockedUntil })
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'email', 'ip']).doUpdateSet({
        failures,
        first_failure_at: fresh ? at : failure!.first_failure_at,
        blocked_until: blockedUntil,
      }),
    )
    .execute();
  if (blockedUntil) return { ok: false, error: 'blocked', minutes: LOGIN_LIMITS.blockMinutes };
  return { ok: false, error: 'login_failed' };
}
