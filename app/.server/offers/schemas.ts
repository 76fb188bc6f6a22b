// Request schemas of the offers (docs/decisions/0012, 0019).
import { z } from 'zod';
import { CountryQuerySchema } from '../payments/schemas';

/**
 * GET /api/discountcode.php: welcome=true for the time bonus, or code= for a discount code. The
 * page's other query parameters may come along (the client passes them through) and are ignored.
 */
export const DiscountCodeQuerySchema = z
  .object({
    welcome: z.enum(['true', '1'], { message: 'validation.choice' }).optional(),
    code: z.string().trim().min(1, { message: 'validation.required' }).max(40, { message: 'validation.tooLong' }).optional(),
    country: CountryQuerySchema.optional(),
  })
  .refine((query) => query.welcome !== undefined || query.code !== undefined, { path: ['code'], message: 'validation.required' });
