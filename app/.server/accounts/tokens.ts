// One-time tokens sent by mail (activation, password reset, mail change, reactivation). Only the
// SHA-256 of a token is stored; a token works once and until it expires.
import crypto from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { now } from '../clock';
import type { AccountTokensTable, DB } from '../db/schema';

export type TokenKind = AccountTokensTable['kind'];

export const TOKEN_LIFETIME_MS: Record<TokenKind, number> = {
  activation: 7 * 24 * 3600_000,
  password_reset: 2 * 3600_000,
  mail_change: 24 * 3600_000,
  reactivation: 14 * 24 * 3600_000,
};

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

export async function createToken(
  db: Kysely<DB> | Transaction<DB>,
  input: { tenantId: string; userId: number; kind: TokenKind; payload?: Record<string, unknown> },
): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  const created = now();
  await db
    .insertInto('account_tokens')
    .values({
      id: hashToken(token),
      tenant_id: input.tenantId,
      user_id: input.userId,
      kind: input.kind,
      payload: input.payload ? JSON.stringify(input.payload) : null,
      created_at: created,
      expires_at: new Date(created.getTime() + TOKEN_LIFETIME_MS[input.kind]),
    } as never)
    .execute();
  return token;
}

/** Marks the token used and returns it, or null when unknown, used, expired or of another tenant or kind. */
export async function consumeToken(
  db: Kysely<DB> | Transaction<DB>,
  input: { tenantId: string; kind: TokenKind; token: string },
): Promise<{ userId: number; payload: Record<string, unknown> | null } | null> {
  if (!input.token || input.token.length > 200) return null;
  const at = now();
  const row = await db
    .updateTable('account_tokens')
    .set({ used_at: at })
    .where('id', '=', hashToken(input.token))
    .where('tenant_id', '=', input.tenantId)
    .where('kind', '=', input.kind)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .returning(['user_id', 'payload'])
    .executeTakeFirst();
  return row ? { userId: row.user_id, payload: row.payload } : null;
}

/** How many tokens of a kind a user received since `since` (the daily reset-mail limit). */
export async function countTokensSince(db: Kysely<DB>, userId: number, kind: TokenKind, since: Date): Promise<number> {
  const row = await db
    .selectFrom('account_tokens')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
