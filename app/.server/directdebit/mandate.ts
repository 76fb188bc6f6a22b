// The SEPA mandate (docs/architecture.md §9): one per member and tenant with a stable, unique reference that the
// form shows before anything is signed. A member who pays from another IBAN amends the same
// mandate (SEPA allows a debtor account change under the same reference); the mandate is stored
// for repeat orders and revoked after a returned debit.
import { now } from '../clock';
import type { Db } from '../credits/ledger';
import type { Tenant } from '../tenants/schema';
import { ibanHash, type DirectDebitDetails } from './account-details';

/** FLIRTLOKAAL-M00000042: the tenant and the member (user ids are unique over all tenants); ≤ 35 characters as SEPA allows. */
export function mandateReference(tenant: Tenant, userId: number): string {
  return `${tenant.id.toUpperCase().replace(/[^A-Z0-9]/g, '').slice(0, 12)}-M${String(userId).padStart(8, '0')}`;
}

/** Signs (or amends) the member's mandate with these details; returns the stored row. */
export async function signMandate(db: Db, tenant: Tenant, userId: number, details: DirectDebitDetails) {
  const at = now();
  const values = {
    account_holder: details.account_holder,
    iban: details.iban,
    iban_hash: ibanHash(details.iban),
    street: details.street,
    house_number: details.house_number,
    zip: details.zip,
    city: details.city,
    phone: details.phone,
    status: 'valid' as const,
    signed_at: at,
    updated_at: at,
  };
  return db
    .insertInto('direct_debit_mandates')
    .values({ ...values, tenant_id: tenant.id, user_id: userId, reference: mandateReference(tenant, userId), created_at: at, provider: null, provider_customer_id: null, provider_mandate_id: null })
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'user_id']).doUpdateSet((eb) => ({
        ...values,
        // The provider's mandate holds the old account: a new IBAN needs a new one there.
        provider_mandate_id: eb.case().when('direct_debit_mandates.iban', '=', details.iban).then(eb.ref('direct_debit_mandates.provider_mandate_id')).else(null).end(),
      })),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The member's stored mandate (for repeat orders), if it is still valid. */
export function validMandate(db: Db, tenant: Tenant, userId: number) {
  return db.selectFrom('direct_debit_mandates').selectAll().where('tenant_id', '=', tenant.id).where('user_id', '=', userId).where('status', '=', 'valid').executeTakeFirst();
}
