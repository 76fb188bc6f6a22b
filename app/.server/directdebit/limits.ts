// The direct-debit limit (issue 17, docs/decisions/0020-direct-debit.md): at most €250 of direct
// debits per calendar month (UTC) per IBAN and per member, within a tenant. A returned debit costs
// the merchant the amount plus bank fees, so the exposure to one account and one member is capped.
// The amounts are held by the database: a conditional UPDATE raises a counter only while the sum
// stays within the limit, so parallel requests can never pass it together.
import { sql } from 'kysely';
import { now } from '../clock';
import type { Db } from '../credits/ledger';
import type { Tenant } from '../tenants/schema';

export const DIRECT_DEBIT_LIMIT = { amount: 25_000, currency: 'EUR' } as const;

/** The limit period a moment falls in: the calendar month in UTC, YYYY-MM. */
export const limitPeriod = (at: Date = now()) => at.toISOString().slice(0, 7);

type Scope = { scope: 'iban'; key: string } | { scope: 'member'; key: string };

const scopesOf = (ibanHash: string, userId: number): Scope[] => [
  { scope: 'iban', key: ibanHash },
  { scope: 'member', key: String(userId) },
];

/** What is left this period for the IBAN and the member together (the smaller of the two). */
export async function limitLeft(db: Db, tenant: Tenant, ibanHash: string, userId: number, period = limitPeriod()): Promise<number> {
  const rows = await db
    .selectFrom('direct_debit_usage')
    .select(['scope', 'key', 'amount'])
    .where('tenant_id', '=', tenant.id)
    .where('period', '=', period)
    .where((eb) => eb.or(scopesOf(ibanHash, userId).map((s) => eb.and([eb('scope', '=', s.scope), eb('key', '=', s.key)]))))
    .execute();
  const used = Math.max(0, ...rows.map((r) => r.amount));
  return Math.max(0, DIRECT_DEBIT_LIMIT.amount - used);
}

/**
 * Counts `amount` against the IBAN and the member for the period, both or neither: call it inside a
 * transaction and roll back when it answers false (one of the two would pass the limit).
 */
export async function reserveLimit(trx: Db, tenant: Tenant, ibanHash: string, userId: number, amount: number, period = limitPeriod()): Promise<boolean> {
  for (const { scope, key } of scopesOf(ibanHash, userId)) {
    await trx.insertInto('direct_debit_usage').values({ tenant_id: tenant.id, scope, key, period }).onConflict((oc) => oc.doNothing()).execute();
    const raised = await trx
      .updateTable('direct_debit_usage')
      .set({ amount: sql`amount + ${amount}` })
      .where('tenant_id', '=', tenant.id)
      .where('scope', '=', scope)
      .where('key', '=', key)
      .where('period', '=', period)
      .where(sql<boolean>`amount + ${amount} <= ${DIRECT_DEBIT_LIMIT.amount}`)
      .executeTakeFirst();
    if (Number(raised.numUpdatedRows) === 0) return false;
  }
  return true;
}

/** Gives a reservation back (the provider refused the debit: nothing was collected). */
export async function releaseLimit(db: Db, tenant: Tenant, ibanHash: string, userId: number, amount: number, period: string): Promise<void> {
  for (const { scope, key } of scopesOf(ibanHash, userId)) {
    await db
      .updateTable('direct_debit_usage')
      .set({ amount: sql`greatest(amount - ${amount}, 0)` })
      .where('tenant_id', '=', tenant.id)
      .where('scope', '=', scope)
      .where('key', '=', key)
      .where('period', '=', period)
      .execute();
  }
}
