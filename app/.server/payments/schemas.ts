// Request schemas of the credits and payment endpoints and forms (docs/decisions/0012).
import { z } from 'zod';
import { idSchema } from '~/shared/request-rules';

/** An ISO country code, any case; whether the tenant serves it is the handler's question. */
export const CountryQuerySchema = z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, { message: 'validation.country' });

const slug = z.string().trim().toLowerCase().regex(/^[a-z0-9-]{1,40}$/, { message: 'validation.choice' });

export const CreatePaymentSchema = z.object({
  package: slug,
  method: slug,
  country: CountryQuerySchema.optional(),
  discountcode: z.string().trim().max(40, { message: 'validation.tooLong' }).optional(),
});

export const PaymentIdSchema = z.object({ id: idSchema });

/** The provider's webhook: a form (or JSON) with only the provider's payment id. */
export const WebhookSchema = z.object({ id: z.string().trim().regex(/^[A-Za-z0-9_]{3,64}$/, { message: 'validation.choice' }) });

export const RefundSchema = z.object({ payment: idSchema });

export const RepeatOrderSchema = z.object({});
