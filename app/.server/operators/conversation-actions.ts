// What the operator's conversation page (/operator/conversations/{id}) may post: claim, release, a
// reply (text, photo, gift), a note, a flag and its resolution — one schema with an intent each — and
// what the page gets back. The route translates the domain answers to these (docs/decisions/0033).
import { z } from 'zod';
import { idSchema } from '~/shared/request-rules';
import { FLAG_REASONS } from './flags';
import { NOTE_MAX } from './notes';

export const ConsoleActionSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('claim') }),
  z.object({ intent: z.literal('release') }),
  z.object({
    intent: z.literal('reply'),
    kind: z.enum(['text', 'photo', 'gift']),
    text: z.string().max(10_000).optional(),
    photo: idSchema.optional(),
    gift: z.string().max(64).optional(),
    client_id: z.string().max(64).optional(),
  }),
  z.object({ intent: z.literal('note'), note: z.string().max(NOTE_MAX, { message: 'validation.tooLong' }) }),
  z.object({ intent: z.literal('flag'), reason: z.enum(FLAG_REASONS), message: idSchema.optional(), comment: z.string().max(500, { message: 'validation.tooLong' }).optional() }),
  z.object({ intent: z.literal('resolve'), flag: idSchema }),
]);

export interface ConsoleActionResult {
  intent: string;
  ok: boolean;
  text: string;
  /** The answer's id, to empty the composer. */
  sent?: number;
}
