// The credit ledger (docs/architecture.md §4, docs/decisions/0013): the only way credits move. Each move is one
// conditional write of users.credits and one append-only ledger entry with a unique reference, in
// one transaction. The database holds the rules: `credits >= 0` (CHECK) and the conditional
// `credits >= n` make a spend without cover impossible however many run at once; the unique
// reference makes the same cause (a purchase, a message) unable to move credits twice.
import type { Kysely, Transaction } from 'kysely';
import { now } from '../clock';
import type { DB, LedgerKind } from '../db/schema';

export type Db = Kysely<DB> | Transaction<DB>;

/** Runs `work` in the caller's transaction when there is one, else in a new one. */
export function inTransaction<T>(db: Db, work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db as Transaction<DB>) : db.transaction().execute(work);
}

export type SpendKind = Extract<LedgerKind, 'message' | 'gift' | 'photo' | 'adjustment' | 'refund'>;
export type GrantKind = Extract<LedgerKind, 'signup' | 'purchase' | 'bonus' | 'adjustment'>;

export interface CreditMove {
  userId: number;
  /** Positive number of credits. */
  credits: number;
  /** Unique over the ledger, e.g. `message:123`, `purchase:45`. */
  reference: string;
  paymentId?: number | null;
}

export type SpendResult = { ok: true; balance: number; entryId: number } | { ok: false; error: 'not_enough_credits'; balance: number };

/**
 * Spends credits: `UPDATE users SET credits = credits - n WHERE id = ? AND credits >= n RETURNING`
 * and the ledger entry, in one transaction (the caller's, so a message and its cost commit together).
 * No row back means not enough credits: nothing is written. n + 10 parallel spends of 1 credit with
 * n credits let exactly n through (tests/integration/credit-ledger.test.ts).
 */
export async function spendCredits(db: Db, kind: SpendKind, move: CreditMove): Promise<SpendResult> {
  assertPositive(move.credits);
  return inTransaction(db, async (trx) => {
    const moved = await trx
      .updateTable('users')
      .set((eb) => ({ credits: eb('credits', '-', move.credits) }))
      .where('id', '=', move.userId)
      .where('credits', '>=', move.credits)
      .returning(['credits', 'tenant_id'])
      .executeTakeFirst();
    if (!moved) {
      const row = await trx.selectFrom('users').select('credits').where('id', '=', move.userId).executeTakeFirst();
      return { ok: false, error: 'not_enough_credits', balance: row?.credits ?? 0 };
    }
    const entry = await appendEntry(trx, { tenantId: moved.tenant_id, kind, amount: -move.credits, balance: moved.credits, move });
    return { ok: true, balance: moved.credits, entryId: entry };
  });
}

/** Adds credits (signup, purchase, bonus, a positive adjustment) with its ledger entry, in one transaction. */
export async function grantCredits(db: Db, kind: GrantKind, move: CreditMove): Promise<{ balance: number; entryId: number }> {
  assertPositive(move.credits);
  return inTransaction(db, async (trx) => {
    const moved = await trx
      .updateTable('users')
      .set((eb) => ({ credits: eb('credits', '+', move.credits) }))
      .where('id', '=', move.userId)
      .returning(['credits', 'tenant_id'])
      .executeTakeFirstOrThrow();
    const entry = await appendEntry(trx, { tenantId: moved.tenant_id, kind, amount: move.credits, balance: moved.credits, move });
    return { balance: moved.credits, entryId: entry };
  });
}

async function appendEntry(
  trx: Transaction<DB>,
  entry: { tenantId: string; kind: LedgerKind; amount: number; balance: number; move: CreditMove },
): Promise<number> {
  const row = await trx
    .insertInto('credit_ledger')
    .values({
      tenant_id: entry.tenantId,
      user_id: entry.move.userId,
      amount: entry.amount,
      balance_after: entry.balance,
      kind: entry.kind,
      reference: entry.move.reference,
      payment_id: entry.move.paymentId ?? null,
      created_at: now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

function assertPositive(credits: number): void {
  if (!Number.isInteger(credits) || credits <= 0) throw new Error(`credits must be a positive integer, not ${credits}`);
}

/** A member's ledger, oldest first. */
export function ledgerOf(db: Db, userId: number) {
  return db.selectFrom('credit_ledger').selectAll().where('user_id', '=', userId).orderBy('id').execute();
}

/**
 * What is left of each purchase, credits being spent in the order they came in (first in, first
 * out; docs/decisions/0013): every entry that adds credits is a lot, a spend takes from the oldest
 * lots, a refund takes from its own purchase's lot. The lots left always add up to the balance.
 */
export function remainingByPayment(entries: { amount: number; kind: LedgerKind; payment_id: number | null }[]): Map<number | null, number> {
  const lots: { paymentId: number | null; left: number }[] = [];
  for (const entry of entries) {
    if (entry.amount > 0) {
      // A purchase is its payment's lot; a failed refund's reversal (an adjustment naming the
      // payment) gives that lot its credits back.
      const own = (entry.kind === 'purchase' || entry.kind === 'adjustment') && entry.payment_id !== null;
      lots.push({ paymentId: own ? entry.payment_id : null, left: entry.amount });
      continue;
    }
    let owed = -entry.amount;
    if (entry.kind === 'refund' && entry.payment_id !== null) {
      for (const lot of lots) {
        if (lot.paymentId !== entry.payment_id) continue;
        const taken = Math.min(lot.left, owed);
        lot.left -= taken;
        owed -= taken;
      }
    }
    for (const lot of lots) {
      if (owed === 0) break;
      const taken = Math.min(lot.left, owed);
      lot.left -= taken;
      owed -= taken;
    }
  }
  const left = new Map<number | null, number>();
  for (const lot of lots) left.set(lot.paymentId, (left.get(lot.paymentId) ?? 0) + lot.left);
  return left;
}
