// The member's transactions (docs/product.md §2 transactions-id): every purchase attempt and every refund,
// newest first. A purchase's transaction id is its payment id (/transactions/{id}); a refund's is
// its refund id, with payment_id naming the purchase it returns.
import type { Kysely } from 'kysely';
import type { DB, Refund, User } from '../db/schema';
import type { Tenant } from '../tenants/schema';
import { ownPayment, paymentView } from './payments';
import { refundQuote } from './refunds';

export interface TransactionItem {
  id: number;
  kind: 'purchase' | 'refund';
  payment_id: number;
  order_number: string;
  package: string;
  credits: number;
  amount: number;
  currency: string;
  method: string;
  status: string;
  created_at: string;
}

export function refundView(refund: Refund) {
  return {
    id: refund.id,
    payment_id: refund.payment_id,
    credits: refund.credits,
    amount: refund.amount,
    currency: refund.currency,
    status: refund.status,
    created_at: new Date(refund.created_at).toISOString(),
  };
}

export async function listTransactions(db: Kysely<DB>, tenant: Tenant, user: User): Promise<TransactionItem[]> {
  const payments = await db.selectFrom('payments').selectAll().where('user_id', '=', user.id).where('tenant_id', '=', tenant.id).orderBy('id', 'desc').limit(500).execute();
  const refunds = await db.selectFrom('refunds').selectAll().where('user_id', '=', user.id).where('tenant_id', '=', tenant.id).orderBy('id', 'desc').limit(500).execute();
  const byId = new Map(payments.map((p) => [p.id, p]));
  const items: TransactionItem[] = [
    ...payments.map((p) => ({
      id: p.id, kind: 'purchase' as const, payment_id: p.id, order_number: p.order_number, package: p.package_id, credits: p.credits,
      amount: p.amount, currency: p.currency, method: p.method, status: p.charged_back_at ? 'charged_back' : p.status, created_at: new Date(p.created_at).toISOString(),
    })),
    ...refunds.flatMap((r) => {
      const p = byId.get(r.payment_id);
      return p
        ? [{ id: r.id, kind: 'refund' as const, payment_id: p.id, order_number: p.order_number, package: p.package_id, credits: -r.credits,
            amount: -r.amount, currency: r.currency, method: p.method, status: r.status, created_at: new Date(r.created_at).toISOString() }]
        : [];
    }),
  ];
  return items.sort((a, b) => b.created_at.localeCompare(a.created_at) || (a.kind === b.kind ? b.id - a.id : a.kind === 'refund' ? -1 : 1));
}

/** One purchase with its refunds and what returning it would give now; null: not the member's. */
export async function transactionDetail(db: Kysely<DB>, tenant: Tenant, user: User, paymentId: number) {
  const payment = await ownPayment(db, tenant, user, paymentId);
  if (!payment) return null;
  const refunds = await db.selectFrom('refunds').selectAll().where('payment_id', '=', payment.id).orderBy('id').execute();
  const quote = await refundQuote(db, tenant, payment);
  return {
    payment: paymentView(payment),
    refunds: refunds.map(refundView),
    refund: { credits: quote.credits, amount: quote.amount, deadline: quote.deadline?.toISOString() ?? null, refusal: quote.refusal },
  };
}
