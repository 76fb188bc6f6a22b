// POST /api/message.php (member): { profile, text | gift, client_id? } as JSON, or multipart with
// `profile`, `photo` and `client_id?`. Answers 201 { message, credits } (the balance after the spend);
// a retry with the same client_id answers 200 with the first message, charged once. Refusals:
// docs/api.md "Chat". Sends are limited per member (LIMITS.message, docs/decisions/0017).
import { z } from 'zod';
import { cleanStrings, idSchema } from '~/shared/request-rules';
import { apiError, apiJson, tooManyRequests } from '~/.server/contract/api';
import { apiRoute, endpoint } from '~/.server/http/api-route';
import { isTooLarge, readRequestBody, validationError } from '~/.server/contract/request-input';
import { chatError } from '~/.server/chat/http';
import { publishMessage } from '~/.server/chat/events';
import { sendMessage, type SendContent } from '~/.server/chat/send';
import { messageView } from '~/.server/chat/views';

const ClientId = z.string().trim().regex(/^[\w-]{1,64}$/, { message: 'chat.error.clientId' });

const MessageBody = z
  .object({
    profile: idSchema,
    text: z.string().max(20_000, { message: 'validation.tooLong' }).optional(),
    gift: z.string().max(40).optional(),
    client_id: ClientId.optional(),
  })
  .refine((b) => (b.text === undefined) !== (b.gift === undefined), { message: 'chat.error.content', path: ['text'] });

const PhotoBody = z.object({ profile: idSchema, client_id: ClientId.optional() });

const route = apiRoute({
  POST: endpoint({
    member: true,
    rawBody: true,
    async handle({ request, context, user }) {
      const { locale } = context;
      let fields: { profile: number; client_id?: string };
      let content: SendContent;
      const multipart = (request.headers.get('content-type') ?? '').toLowerCase().startsWith('multipart/form-data');
      if (multipart) {
        let form: FormData;
        try {
          form = await request.formData();
        } catch (error) {
          return chatError(context, isTooLarge(error) ? 'too_large' : 'not_image');
        }
        const photo = form.get('photo');
        const parsed = PhotoBody.safeParse(cleanStrings({ profile: form.get('profile') ?? undefined, client_id: form.get('client_id') ?? undefined }).value);
        if (!parsed.success) return validationError(locale, parsed.error.issues.map((i) => ({ ...i, path: i.path.map(String), input: {} })), 'body');
        if (!photo || typeof photo === 'string') return chatError(context, 'not_image');
        fields = parsed.data;
        content = { kind: 'photo', bytes: new Uint8Array(await photo.arrayBuffer()) };
      } else {
        const raw = await readRequestBody(request);
        // A body that is neither JSON nor a form is the documented 415 of every endpoint (issue 48 item 4), not a photo's.
        if ('status' in raw) return raw.status === 413 ? chatError(context, 'too_large') : apiError(415, 'unsupported_media_type', locale, 'api.error.unsupportedType');
        if (!raw.ok) return validationError(locale, raw.issues, 'body');
        const parsed = MessageBody.safeParse(raw.value);
        if (!parsed.success) return validationError(locale, parsed.error.issues.map((i) => ({ ...i, path: i.path.map(String), input: raw.value })), 'body');
        fields = parsed.data;
        content = parsed.data.gift !== undefined ? { kind: 'gift', gift: parsed.data.gift } : { kind: 'text', text: parsed.data.text ?? '' };
      }
      const wait = await context.limits.consume('message', context.tenant.id, String(user.id));
      if (wait !== null) return tooManyRequests(locale, wait);
      const result = await sendMessage(context.db, context.tenant, { user }, { profile: fields.profile, content, clientId: fields.client_id ?? null }, { media: context.media });
      if (!result.ok) return chatError(context, result.error, { name: result.name, balance: result.balance, max: context.tenant.settings.message_length });
      if (!result.repeated) {
        await publishMessage(context.db, context.events, context.tenant, { message: result.message, conversation: result.conversation, balance: result.balance, payerUserId: user.id });
      }
      return apiJson({ message: messageView(context.tenant, locale, result.message), credits: result.balance, conversation: result.conversation.id }, { status: result.repeated ? 200 : 201 });
    },
  }),
});

export default route;
