// The SMS code of a direct debit (issue 17): 6 digits, valid for 10 minutes and for 3 tries, bound
// to the exact request it was sent for (bundle, country, every detail). Only a hash is stored. The
// tries are counted by one conditional UPDATE, so parallel guesses get 3 tries in all and a right
// code is used once however often it is sent at the same moment.
import crypto from 'node:crypto';
import { sql } from 'kysely';
import { now } from '../clock';
import type { Db } from '../credits/ledger';
import type { Tenant } from '../tenants/schema';

export const CODE_TTL_MS = 10 * 60_000;
export const CODE_TRIES = 3;
/** A member may have this many codes sent per hour (SMS cost, and pumping by abusers). */
export const CODES_PER_HOUR = 5;

const hashCode = (requestHash: string, code: string) => crypto.createHash('sha256').update(`${requestHash}:${code}`).digest('hex');

export const newCode = () => String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');

/**
 * Stores a new code for the request and ends the member's earlier live codes. Call it in a
 * transaction that holds the member's row lock (one code at a time per member). Returns null when
 * the member has had CODES_PER_HOUR codes in the past hour.
 */
export async function issueCode(trx: Db, tenant: Tenant, userId: number, requestHash: string, code: string): Promise<{ expiresAt: Date } | null> {
  const at = now();
  const recent = await trx
    .selectFrom('direct_debit_codes')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('created_at', '>', new Date(at.getTime() - 3600_000))
    .executeTakeFirstOrThrow();
  if (Number(recent.n) >= CODES_PER_HOUR) return null;
  await trx.updateTable('direct_debit_codes').set({ expires_at: at }).where('user_id', '=', userId).where('used_at', 'is', null).where('expires_at', '>', at).execute();
  const expiresAt = new Date(at.getTime() + CODE_TTL_MS);
  await trx.insertInto('direct_debit_codes').values({ tenant_id: tenant.id, user_id: userId, request_hash: requestHash, code_hash: hashCode(requestHash, code), expires_at: expiresAt, used_at: null, created_at: at }).execute();
  return { expiresAt };
}

export type CodeCheck = 'right' | 'wrong' | 'none';

/**
 * One try of the member's live code for this request: 'right' uses it up, 'wrong' counts a try,
 * 'none' when there is no live code (none sent, expired, used, or 3 tries spent).
 */
export async function tryCode(trx: Db, tenant: Tenant, userId: number, requestHash: string, code: string): Promise<CodeCheck> {
  const at = now();
  const codeHash = hashCode(requestHash, code);
  const row = await trx
    .updateTable('direct_debit_codes')
    .set({ attempts: sql`attempts + 1`, used_at: sql`case when code_hash = ${codeHash} then ${at}::timestamptz else null end` })
    .where('id', '=', (eb) =>
      eb.selectFrom('direct_debit_codes').select('id').where('tenant_id', '=', tenant.id).where('user_id', '=', userId).where('request_hash', '=', requestHash).orderBy('id', 'desc').limit(1),
    )
    .where('used_at', 'is', null)
    .where('attempts', '<', CODE_TRIES)
    .where('expires_at', '>', at)
    .returning('used_at')
    .executeTakeFirst();
  if (!row) return 'none';
  return row.used_at ? 'right' : 'wrong';
}
