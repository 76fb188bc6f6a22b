// The one call each cause makes (signup, activation, payment fulfilment and chargeback, refund):
// it writes the postback a network is owed as an outbox row — in the cause's own transaction where
// there is one — and never sends anything itself, so the member's request never waits for a network.
// A member is owed nothing unless their visit (users.visit_id) came from a network. The unique key
// (tenant_id, event, subject) holds "at most once per member or payment" under any concurrency:
// `on conflict do nothing`; a sale is the member's first purchase (subject member:<id>), every later
// one — including one that lost the race for the sale — is a rebill (subject payment:<id>).
import { sql, type Kysely, type Transaction } from 'kysely';
import { now } from '../clock';
import type { DB } from '../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

export type PostbackCause =
  | { event: 'lead' | 'confirmed'; userId: number }
  /** A payment that was just fulfilled: the member's sale, or a rebill. */
  | { event: 'purchase'; paymentId: number }
  /** A refund (its amount) or a chargeback (the whole payment) of a payment. */
  | { event: 'reversal'; paymentId: number; amount?: number };

// Shared through globalThis: server.ts (which starts the worker) and the Remix build (whose routes
// write rows) each hold their own copy of this module.
const WAKERS = Symbol.for('rendezvous.postbacks.wakers');
const wakers: Set<() => void> = ((globalThis as Record<symbol, unknown>)[WAKERS] as Set<() => void> | undefined) ?? new Set();
(globalThis as Record<symbol, unknown>)[WAKERS] = wakers;

/** The postback worker of this process asks to be woken when a row was written (it also drains every minute). */
export function onPostbackQueued(wake: () => void): () => void {
  wakers.add(wake);
  return () => wakers.delete(wake);
}

async function insertFor(db: Db, event: 'lead' | 'confirmed' | 'sale' | 'rebill' | 'reversal', subject: string, where: { userId?: number; paymentId?: number }, amount?: number): Promise<boolean> {
  const at = now();
  const source = where.paymentId !== undefined
    ? sql`from payments p join users u on u.id = p.user_id join visits v on v.id = u.visit_id where p.id = ${where.paymentId}`
    : sql`from users u join visits v on v.id = u.visit_id left join payments p on false where u.id = ${where.userId!}`;
  const { rows } = await sql<{ id: number }>`
    insert into postbacks (tenant_id, event, subject, user_id, payment_id, visit_id, network, amount, currency, order_number, next_attempt_at, created_at)
    select u.tenant_id, ${event}, ${subject}, u.id, p.id, v.id, lower(v.network), ${amount ?? null}::integer, p.currency, p.order_number, ${at}, ${at}
    ${source} and v.network is not null and v.tenant_id = u.tenant_id
    on conflict (tenant_id, event, subject) do nothing
    returning id`.execute(db);
  return rows.length > 0;
}

/** Records the postback `cause` owes, if any; resolves once the row is written (or known to exist). */
export async function recordPostback(db: Db, cause: PostbackCause): Promise<void> {
  let written: boolean;
  if (cause.event === 'lead' || cause.event === 'confirmed') {
    written = await insertFor(db, cause.event, `member:${cause.userId}`, { userId: cause.userId });
  } else if (cause.event === 'purchase') {
    const payment = await db.selectFrom('payments').select(['user_id', 'amount']).where('id', '=', cause.paymentId).executeTakeFirst();
    if (!payment) return;
    written = await insertFor(db, 'sale', `member:${payment.user_id}`, { paymentId: cause.paymentId }, payment.amount);
    // A payment is fulfilled once (payments.fulfilled_at); should this call come twice, its sale is no rebill.
    const ownSale = !written && (await db.selectFrom('postbacks').select('id').where('event', '=', 'sale').where('payment_id', '=', cause.paymentId).executeTakeFirst());
    if (!written && !ownSale) written = await insertFor(db, 'rebill', `payment:${cause.paymentId}`, { paymentId: cause.paymentId }, payment.amount);
  } else {
    const { paymentId, amount } = cause as Extract<PostbackCause, { event: 'reversal' }>;
    const payment = await db.selectFrom('payments').select('amount').where('id', '=', paymentId).executeTakeFirst();
    if (!payment) return;
    written = await insertFor(db, 'reversal', `payment:${paymentId}`, { paymentId }, amount ?? payment.amount);
  }
  if (written) for (const wake of wakers) wake();
}

/** What applyProviderPayment owes: a sale or rebill when it fulfilled the payment, a reversal when it learnt of a chargeback. */
export async function recordPaymentPostbacks(db: Db, paymentId: number, change: { fulfilled: boolean; chargedBack: boolean }): Promise<void> {
  if (change.fulfilled) await recordPostback(db, { event: 'purchase', paymentId });
  if (change.chargedBack) await recordPostback(db, { event: 'reversal', paymentId });
}
