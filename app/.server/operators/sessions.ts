// Operator sessions (docs/decisions/0021): separate from members' — own table, own cookie
// (`rdv_operator`, host-only, HttpOnly, SameSite=Strict, Secure as members' cookie is), 12 hours:
// one working day. Only the SHA-256 of the token is stored. A session counts only on the host of a
// tenant the operator still works for.
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { now } from '../clock';
import type { DB } from '../db/schema';
import { hashToken } from '../accounts/tokens';
import { readCookie } from '../i18n/negotiate';
import type { Tenant } from '../tenants/schema';
import { operatorActor, type OperatorActor } from './operator';

export const OPERATOR_SESSION_COOKIE = 'rdv_operator';
export const OPERATOR_SESSION_HOURS = 12;
const SESSION_MS = OPERATOR_SESSION_HOURS * 3600_000;

export async function createOperatorSession(
  db: Kysely<DB>,
  tenant: Tenant,
  operatorId: number,
  client: { ip: string | null; userAgent: string | null },
): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  const created = now();
  await db
    .insertInto('operator_sessions')
    .values({
      id: hashToken(token),
      operator_id: operatorId,
      tenant_id: tenant.id,
      created_at: created,
      expires_at: new Date(created.getTime() + SESSION_MS),
      ip: client.ip,
      user_agent: client.userAgent?.slice(0, 300) ?? null,
    })
    .execute();
  return token;
}

/** The operator behind the cookie on this tenant's host, or null (unknown, expired, disabled, no longer on this tenant). */
export async function operatorForSession(db: Kysely<DB>, tenant: Tenant, cookieHeader: string | null | undefined): Promise<OperatorActor | null> {
  const token = readCookie(cookieHeader, OPERATOR_SESSION_COOKIE);
  if (!token || token.length > 100) return null;
  const session = await db
    .selectFrom('operator_sessions')
    .innerJoin('operator_tenants', (join) =>
      join.onRef('operator_tenants.operator_id', '=', 'operator_sessions.operator_id').onRef('operator_tenants.tenant_id', '=', 'operator_sessions.tenant_id'),
    )
    .select('operator_sessions.operator_id')
    .where('operator_sessions.id', '=', hashToken(token))
    .where('operator_sessions.tenant_id', '=', tenant.id)
    .where('operator_sessions.expires_at', '>', now())
    .executeTakeFirst();
  return session ? operatorActor(db, session.operator_id) : null;
}

export async function destroyOperatorSession(db: Kysely<DB>, tenant: Tenant, cookieHeader: string | null | undefined): Promise<void> {
  const token = readCookie(cookieHeader, OPERATOR_SESSION_COOKIE);
  if (!token) return;
  await db.deleteFrom('operator_sessions').where('id', '=', hashToken(token)).where('tenant_id', '=', tenant.id).execute();
}

export function operatorSessionCookie(token: string, secure: boolean): string {
  return `${OPERATOR_SESSION_COOKIE}=${token}; Max-Age=${OPERATOR_SESSION_HOURS * 3600}; Path=/; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}

export function clearOperatorSessionCookie(secure: boolean): string {
  return `${OPERATOR_SESSION_COOKIE}=; Max-Age=0; Path=/; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}
