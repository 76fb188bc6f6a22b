// The form logic of the /directdebit page: its two steps (details, then the SMS code), what the
// page gets back after a post, and the stored mandate that fills the form again. The route only
// translates these to HTTP (docs/decisions/0033).
import { z } from 'zod';
import type { Db } from '../credits/ledger';
import type { Tenant } from '../tenants/schema';
import { DIRECT_DEBIT_DETAIL_FIELDS, type DirectDebitValues } from '~/shared/direct-debit';
import { maskIban, maskPhone, normalizeIban, normalizePhone } from './account-details';
import { DirectDebitSchema } from './schemas';

/** What a post to /directdebit answers: the step to show, a message, field errors, the typed values. */
export interface DirectDebitPageResult {
  step: 'form' | 'otp';
  message: string | null;
  fields: Record<string, string>;
  values: DirectDebitValues;
  /** The masked phone the code went to (code step). */
  phone?: string;
  account?: string;
}

// The page sends an intent: send (step 1), pay (step 2), resend (a new code), edit (back to step 1).
export const DirectDebitPageSchema = DirectDebitSchema.extend({ intent: z.enum(['send', 'pay', 'resend', 'edit']).default('send') });

export const valuesOf = (raw: Record<string, unknown>): DirectDebitValues =>
  Object.fromEntries([...DIRECT_DEBIT_DETAIL_FIELDS, 'authorised'].filter((k) => typeof raw[k] === 'string').map((k) => [k, raw[k] as string]));

/** The masked phone and IBAN of the code step, from what the member typed (already checked). */
export function codeStepOf(values: DirectDebitValues, country: string): Pick<DirectDebitPageResult, 'phone' | 'account'> {
  const phone = normalizePhone(values.phone ?? '', country);
  const iban = normalizeIban(values.iban ?? '');
  return { phone: phone ? maskPhone(phone) : '', account: iban ? maskIban(iban) : '' };
}

/** The member's valid mandate, to fill the form again — never the IBAN itself: it is only ever shown masked. */
export async function knownMandateDetails(db: Db, tenant: Tenant, user: { id: number }) {
  const mandate = await db
    .selectFrom('direct_debit_mandates')
    .select(['account_holder', 'iban', 'street', 'house_number', 'zip', 'city', 'phone'])
    .where('tenant_id', '=', tenant.id)
    .where('user_id', '=', user.id)
    .where('status', '=', 'valid')
    .executeTakeFirst();
  return mandate ? { ...mandate, iban: undefined, ibanMasked: maskIban(mandate.iban) } : null;
}
