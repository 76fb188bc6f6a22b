// The request schema of POST /api/directdebit.php and the /directdebit form (docs/decisions/0012):
// every field required, lengths capped; whether the IBAN and phone are real is the domain's
// question (account-details.ts), answered as field errors in the same shape.
import { z } from 'zod';
import { DIRECT_DEBIT_LIMITS } from '~/shared/direct-debit';
import { CountryQuerySchema } from '../payments/schemas';

const required = (max: number) => z.string().trim().min(1, { message: 'validation.required' }).max(max, { message: 'validation.tooLong' });


export const DirectDebitSchema = z.object({
  package: z.string().trim().toLowerCase().regex(/^[a-z0-9-]{1,40}$/, { message: 'validation.choice' }),
  country: CountryQuerySchema.optional(),
  /** The code the checkout applied (issue 26 item 2: offers carry through direct debit). */
  discountcode: z.string().trim().max(40, { message: 'validation.tooLong' }).optional(),
  account_holder: required(DIRECT_DEBIT_LIMITS.account_holder),
  iban: required(DIRECT_DEBIT_LIMITS.iban),
  street: required(DIRECT_DEBIT_LIMITS.street),
  house_number: required(DIRECT_DEBIT_LIMITS.house_number),
  zip: required(DIRECT_DEBIT_LIMITS.zip),
  city: required(DIRECT_DEBIT_LIMITS.city),
  phone: required(DIRECT_DEBIT_LIMITS.phone),
  // JSON true, or a ticked checkbox ("on") from the form.
  authorised: z.union([z.literal(true), z.literal('on'), z.literal('true')], { message: 'directdebit.error.authorise' }),
  otp: z
    .string()
    .trim()
    .regex(/^[0-9]{6}$/, { message: 'directdebit.error.otpFormat' })
    .optional(),
});

export type DirectDebitBody = z.infer<typeof DirectDebitSchema>;
