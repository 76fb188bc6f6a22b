// Blocked IBAN-and-phone pairs (issue 17): a blocked pair cannot pay by direct debit on any tenant
// ('Your account is blocked for direct debit payments'). A pair is blocked automatically when the
// provider reports a returned debit (chargeback), or by an operator with
// `npm run directdebit:block -- --iban <iban> --phone <phone>` (and directdebit:unblock). The list
// keys on a hash of the normalised IBAN and the E.164 phone: it holds no bank details.
import { now } from '../clock';
import type { Db } from '../credits/ledger';
import { normalizeIban, normalizePhone, pairHash } from './account-details';

export async function isPairBlocked(db: Db, iban: string, phone: string): Promise<boolean> {
  const row = await db.selectFrom('direct_debit_blocks').select('pair_hash').where('pair_hash', '=', pairHash(iban, phone)).executeTakeFirst();
  return row !== undefined;
}

/** Blocks a pair; true when it was not blocked before. */
export async function blockPair(db: Db, hash: string, reason: 'chargeback' | 'operator', paymentId: number | null = null): Promise<boolean> {
  const inserted = await db
    .insertInto('direct_debit_blocks')
    .values({ pair_hash: hash, reason, payment_id: paymentId, created_at: now() })
    .onConflict((oc) => oc.column('pair_hash').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Lifts a block; true when there was one. */
export async function unblockPair(db: Db, hash: string): Promise<boolean> {
  const deleted = await db.deleteFrom('direct_debit_blocks').where('pair_hash', '=', hash).executeTakeFirst();
  return Number(deleted.numDeletedRows) > 0;
}

/**
 * A returned debit: blocks the pair that paid the payment and revokes the member's mandate, so that
 * neither a new direct debit nor a repeat order debits that account again. Runs in the transaction
 * that records the chargeback. A payment that was no direct debit changes nothing here.
 */
export async function blockAfterChargeback(db: Db, paymentId: number): Promise<boolean> {
  const debit = await db.selectFrom('direct_debit_payments').select(['pair_hash', 'mandate_id']).where('payment_id', '=', paymentId).executeTakeFirst();
  if (!debit) return false;
  await db.updateTable('direct_debit_mandates').set({ status: 'revoked', updated_at: now() }).where('id', '=', debit.mandate_id).execute();
  return blockPair(db, debit.pair_hash, 'chargeback', paymentId);
}

/** The operator's command line: an IBAN and a phone as typed (the phone with +country code). */
export function pairFromCommandLine(iban: string, phone: string): { ok: true; hash: string; iban: string; phone: string } | { ok: false; error: string } {
  const normalIban = normalizeIban(iban);
  if (!normalIban) return { ok: false, error: `not an IBAN: ${iban}` };
  const normalPhone = normalizePhone(phone, normalIban.slice(0, 2));
  if (!normalPhone) return { ok: false, error: `not a mobile phone number: ${phone} (write it with its country code, e.g. +31612345678)` };
  return { ok: true, hash: pairHash(normalIban, normalPhone), iban: normalIban, phone: normalPhone };
}
