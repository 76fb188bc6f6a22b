// Sessions (docs/architecture.md §10): a random id in a host-only HttpOnly SameSite=Lax cookie (Secure over
// HTTPS), 30 days; the database keeps only its SHA-256, so rows can be listed and revoked.
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { now } from '../clock';
import type { DB, User } from '../db/schema';
import { readCookie } from '../i18n/negotiate';
import type { Tenant } from '../tenants/schema';
import { hashToken } from './tokens';

export const SESSION_COOKIE = 'rdv_session';
export const SESSION_DAYS = 30;
const SESSION_MS = SESSION_DAYS * 24 * 3600_000;

export async function createSession(
  db: Kysely<DB>,
  tenant: Tenant,
  userId: number,
  client: { ip: string | null; userAgent: string | null },
): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  const created = now();
  await db
    .insertInto('sessions')
    .values({
      id: hashToken(token),
      tenant_id: tenant.id,
      user_id: userId,
      created_at: created,
      last_seen_at: created,
      expires_at: new Date(created.getTime() + SESSION_MS),
      ip: client.ip,
      user_agent: client.userAgent?.slice(0, 300) ?? null,
    })
    .execute();
  return token;
}

/** The member behind a session cookie on this tenant, or null (unknown, expired, other tenant, deleted). */
export async function userForSession(db: Kysely<DB>, tenant: Tenant, cookieHeader: string | null | undefined): Promise<User | null> {
  return (await sessionOf(db, tenant, cookieHeader))?.user ?? null;
}

/** The session behind a cookie: its id (the token's hash), its member and when it expires; null as userForSession. */
export async function sessionOf(
  db: Kysely<DB>,
  tenant: Tenant,
  cookieHeader: string | null | undefined,
): Promise<{ id: string; user: User; expiresAt: Date } | null> {
  const token = readCookie(cookieHeader, SESSION_COOKIE);
  if (!token || token.length > 100) return null;
  const id = hashToken(token);
  const row = await activeMembers(db, tenant)
    .innerJoin('sessions', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select('sessions.expires_at as session_expires_at')
    .where('sessions.id', '=', id)
    .where('sessions.tenant_id', '=', tenant.id)
    .where('sessions.expires_at', '>', now())
    .executeTakeFirst();
  if (!row) return null;
  const { session_expires_at: expiresAt, ...user } = row;
  return { id, user, expiresAt };
}

/** A member who may be signed in (not deleted, not suspended), by id: what a known session is worth now. */
export async function activeMember(db: Kysely<DB>, tenant: Tenant, userId: number): Promise<User | null> {
  return (await activeMembers(db, tenant).selectAll('users').where('users.id', '=', userId).executeTakeFirst()) ?? null;
}

function activeMembers(db: Kysely<DB>, tenant: Tenant) {
  return db
    .selectFrom('users')
    .where('users.tenant_id', '=', tenant.id)
    .where('users.status', 'in', ['not_confirmed', 'confirmed'])
    .where('users.suspended_at', 'is', null);
}

export async function destroySession(db: Kysely<DB>, tenant: Tenant, cookieHeader: string | null | undefined): Promise<void> {
  const token = readCookie(cookieHeader, SESSION_COOKIE);
  if (!token) return;
  await db.deleteFrom('sessions').where('id', '=', hashToken(token)).where('tenant_id', '=', tenant.id).execute();
}

export async function destroyAllSessions(db: Kysely<DB>, userId: number): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

export function sessionCookie(token: string, secure: boolean): string {
  return `${SESSION_COOKIE}=${token}; Max-Age=${SESSION_DAYS * 24 * 3600}; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export function clearSessionCookie(secure: boolean): string {
  return `${SESSION_COOKIE}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}
