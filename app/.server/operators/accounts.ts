// Operator accounts (docs/decisions/0021): created by `npm run operator:add -- <tenant> <email>`,
// which prints a one-time link to set the password (72 hours); logging in with the same lockout rule
// as members (LOGIN_LIMITS: wrong passwords per account and address); the console's language is the
// operator's own choice, stored on the account.
import crypto from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { OperatorRole } from '~/shared/operator-types';
import { z } from 'zod';
import { isLocale, type Locale } from '~/shared/locales';
import { text, TEXT_LIMITS } from '~/shared/request-rules';
import { now } from '../clock';
import type { DB } from '../db/schema';
import { LOGIN_LIMITS } from '../accounts/login';
import { accountAttempt, accountWait } from '../accounts/login-throttle';
import type { RateLimits } from '../limits/rate-limits';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../accounts/passwords';
import { hashToken } from '../accounts/tokens';
import type { Tenant } from '../tenants/schema';
import { recordAudit } from './audit';

export const SET_PASSWORD_HOURS = 72;
/** The shortest password an operator may choose: staff accounts guard members' conversations. */
export const OPERATOR_PASSWORD_MIN = 10;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type AddOperatorResult = { ok: true; operatorId: number; created: boolean; token: string; roles: OperatorRole[] } | { ok: false; error: 'invalid_email' | 'no_roles' };

export interface AddOperatorInput {
  email: string;
  name?: string;
  language?: string;
  /** The operator's roles for this tenant; answering when none are given (docs/decisions/0029). */
  roles?: OperatorRole[];
}

/**
 * Creates the operator (or adds the tenant to an existing one) and a one-time set-password token.
 * `name` defaults to the part of the address before the @. Given roles replace the operator's roles
 * for this tenant. Without an actor: the command line, run by whoever has the server's shell.
 */
export async function addOperator(db: Kysely<DB> | Transaction<DB>, tenant: Tenant, input: AddOperatorInput): Promise<AddOperatorResult> {
  const email = input.email.trim().toLowerCase();
  if (!EMAIL.test(email) || email.length > TEXT_LIMITS.email) return { ok: false, error: 'invalid_email' };
  const roles: OperatorRole[] = input.roles ?? ['answering'];
  if (!roles.length) return { ok: false, error: 'no_roles' };
  const language = isLocale(input.language) ? input.language : (tenant.settings.domain_language.slice(0, 2) as Locale);
  return inTransaction(db, async (trx) => {
    const existing = await trx.selectFrom('operators').select('id').where((eb) => eb(eb.fn('lower', ['email']), '=', email)).executeTakeFirst();
    const operatorId =
      existing?.id ??
      (
        await trx
          .insertInto('operators')
          .values({ email, name: (input.name ?? email.split('@')[0]!).slice(0, 40), language: isLocale(language) ? language : 'en', created_at: now() })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    await trx
      .insertInto('operator_tenants')
      .values({ operator_id: operatorId, tenant_id: tenant.id, roles })
      .onConflict((oc) => oc.columns(['operator_id', 'tenant_id']).doUpdateSet({ roles }))
      .execute();
    const token = crypto.randomBytes(32).toString('base64url');
    const created = now();
    await trx
      .insertInto('operator_tokens')
      .values({ id: hashToken(token), operator_id: operatorId, tenant_id: tenant.id, created_at: created, expires_at: new Date(created.getTime() + SET_PASSWORD_HOURS * 3600_000) })
      .execute();
    return { ok: true as const, operatorId, created: !existing, token, roles };
  });
}

/** Runs `work` in a transaction of its own, or in the caller's when it already is one. */
function inTransaction<T>(db: Kysely<DB> | Transaction<DB>, work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db as Transaction<DB>) : db.transaction().execute(work);
}

export const SetPasswordSchema = z.object({
  token: text(TEXT_LIMITS.token),
  password: z.string().min(OPERATOR_PASSWORD_MIN, { message: 'operator.error.passwordShort' }).max(TEXT_LIMITS.password),
});

/** The operator a set-password token belongs to, while it is unused and fresh; nothing is changed. */
export async function setPasswordTokenOwner(db: Kysely<DB>, tenant: Tenant, token: string): Promise<{ name: string; email: string } | null> {
  if (!token || token.length > TEXT_LIMITS.token) return null;
  const row = await db
    .selectFrom('operator_tokens')
    .innerJoin('operators', 'operators.id', 'operator_tokens.operator_id')
    .select(['operators.name', 'operators.email'])
    .where('operator_tokens.id', '=', hashToken(token))
    .where('operator_tokens.tenant_id', '=', tenant.id)
    .where('operator_tokens.used_at', 'is', null)
    .where('operator_tokens.expires_at', '>', now())
    .executeTakeFirst();
  return row ?? null;
}

/** Uses the one-time token (once: a conditional UPDATE) and sets the password; returns the operator id. */
export async function setOperatorPassword(db: Kysely<DB>, tenant: Tenant, input: z.infer<typeof SetPasswordSchema>): Promise<{ ok: true; operatorId: number } | { ok: false; error: 'invalid_token' }> {
  const hash = await hashPassword(input.password);
  return db.transaction().execute(async (trx) => {
    const at = now();
    const used = await trx
      .updateTable('operator_tokens')
      .set({ used_at: at })
      .where('id', '=', hashToken(input.token))
      .where('tenant_id', '=', tenant.id)
      .where('used_at', 'is', null)
      .where('expires_at', '>', at)
      .returning('operator_id')
      .executeTakeFirst();
    if (!used) return { ok: false as const, error: 'invalid_token' as const };
    await trx.updateTable('operators').set({ password_hash: hash }).where('id', '=', used.operator_id).execute();
    // A new password ends every session of the old one.
    await trx.deleteFrom('operator_sessions').where('operator_id', '=', used.operator_id).execute();
    return { ok: true as const, operatorId: used.operator_id };
  });
}

export const OperatorLoginSchema = z.object({ email: text(TEXT_LIMITS.email), password: z.string().max(TEXT_LIMITS.password) });

export type OperatorLoginResult =
  | { ok: true; operatorId: number }
  | { ok: false; error: 'login_failed' }
  | { ok: false; error: 'blocked'; minutes: number }
  /** The per-account throttle (accounts/login-throttle.ts): the account's next attempt is in `seconds`. */
  | { ok: false; error: 'throttled'; seconds: number };

/** Email and password of an active operator who works for this tenant; the members' lockout rule per account and address, and with `limits` the per-account throttle. */
export async function logInOperator(db: Kysely<DB>, tenant: Tenant, client: { ip: string | null }, input: z.infer<typeof OperatorLoginSchema>, limits?: RateLimits): Promise<OperatorLoginResult> {
  const email = input.email.trim().toLowerCase();
  const ip = client.ip ?? 'unknown';
  const at = now();
  const failure = await db.selectFrom('operator_login_failures').selectAll().where('email', '=', email).where('ip', '=', ip).executeTakeFirst();
  if (failure?.blocked_until && failure.blocked_until > at) {
    return { ok: false, error: 'blocked', minutes: Math.ceil((failure.blocked_until.getTime() - at.getTime()) / 60_000) };
  }
  // Operator accounts are shared by the sites they work for: one throttle per account, whichever site's login is used.
  const throttle = { scope: 'operator', account: email, ip: client.ip };
  const wait = limits ? await accountWait(limits, throttle) : null;
  if (wait) return { ok: false, error: 'throttled', seconds: wait };
  const operator = email
    ? await db
        .selectFrom('operators')
        .innerJoin('operator_tenants', 'operator_tenants.operator_id', 'operators.id')
        .select(['operators.id', 'operators.password_hash'])
        .where((eb) => eb(eb.fn('lower', ['operators.email']), '=', email))
        .where('operator_tenants.tenant_id', '=', tenant.id)
        .where('operators.status', '=', 'active')
        .executeTakeFirst()
    : undefined;
  const valid = await verifyPassword(operator?.password_hash ?? (await dummyPasswordHash()), input.password);
  if (limits) await accountAttempt(limits, throttle, Boolean(operator?.password_hash && valid));
  if (operator?.password_hash && valid) {
    if (failure) await db.deleteFrom('operator_login_failures').where('email', '=', email).where('ip', '=', ip).execute();
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('operators').set({ last_login_at: at }).where('id', '=', operator.id).execute();
      await recordAudit(trx, { operatorId: operator.id, tenantId: tenant.id, action: 'login', detail: { ip } });
    });
    return { ok: true, operatorId: operator.id };
  }
  const windowStart = new Date(at.getTime() - LOGIN_LIMITS.windowMinutes * 60_000);
  const fresh = !failure || failure.first_failure_at < windowStart || (failure.blocked_until !== null && failure.blocked_until <= at);
  const failures = fresh ? 1 : failure.failures + 1;
  const blockedUntil = failures >= LOGIN_LIMITS.maxFailures ? new Date(at.getTime() + LOGIN_LIMITS.blockMinutes * 60_000) : null;
  const firstFailure = fresh ? at : failure.first_failure_at;
  await db
    .insertInto('operator_login_failures')
    .values({ email, ip, failures, first_failure_at: firstFailure, blocked_until: blockedUntil })
    .onConflict((oc) => oc.columns(['email', 'ip']).doUpdateSet({ failures, first_failure_at: firstFailure, blocked_until: blockedUntil }))
    .execute();
  if (blockedUntil) return { ok: false, error: 'blocked', minutes: LOGIN_LIMITS.blockMinutes };
  return { ok: false, error: 'login_failed' };
}

/** The console's language, the operator's own choice among all eleven. */
export async function setOperatorLanguage(db: Kysely<DB>, operatorId: number, language: Locale): Promise<void> {
  await db.updateTable('operators').set({ language }).where('id', '=', operatorId).execute();
}
