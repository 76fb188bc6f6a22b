// The chat's HTTP answers (docs/api.md "Chat"): domain errors to statuses, codes and translated texts.
import type { AppLoadContext } from '@remix-run/node';
import { serverMessage } from '../i18n/messages';
import { apiError, apiJson } from '../contract/api';
import { PHOTO_MESSAGES } from '../members/photos';
import { FREE_CONVERSATIONS, type SendError } from './send';

/** Photo checks share the profile photos' statuses (api.photos.php). */
const PHOTO_STATUS: Partial<Record<SendError, number>> = { premium_only: 403, too_large: 413, not_image: 415, heic_unsupported: 415, too_many_pixels: 413 };

/** The answer to a refused send or open; `extra` carries e.g. the balance. */
export function chatError(context: AppLoadContext, error: SendError | 'no_conversation', details: { name?: string; balance?: number; max?: number } = {}): Response {
  const { locale } = context;
  switch (error) {
    case 'authentication_required':
      return apiError(403, 'authentication_required', locale, 'api.error.authRequired');
    case 'blocked':
      return apiJson({ error: 'blocked', message: serverMessage(locale, 'profile.blocked', { name: details.name ?? '' }) }, { status: 403 });
    case 'recipient_unconfirmed':
      return apiError(403, 'unconfirmed_email', locale, 'chat.error.unconfirmed');
    case 'conversation_limit':
      return apiJson({ error: 'conversation_limit', message: serverMessage(locale, 'chat.error.conversationLimit', { count: FREE_CONVERSATIONS }), buy: '/credits' }, { status: 403 });
    case 'not_enough_credits':
      return apiJson({ error: 'not_enough_credits', message: serverMessage(locale, 'chat.error.notEnoughCredits'), credits: details.balance ?? 0, buy: '/credits' }, { status: 402 });
    case 'self':
      return apiError(400, 'self', locale, 'chat.error.self');
    case 'no_conversation':
      return apiError(404, 'not_found', locale, 'chat.error.noConversation');
    case 'outside_pool':
      return apiError(403, 'outside_pool', locale, 'chat.error.outsidePool');
    case 'not_found':
    case 'no_profile':
      return apiError(404, 'not_found', locale, 'chat.error.unavailable');
    case 'empty':
      return fieldError(context, 'text', serverMessage(locale, 'chat.error.empty'));
    case 'too_long':
      return fieldError(context, 'text', serverMessage(locale, 'validation.tooLong', { max: details.max ?? 0 }));
    case 'unknown_gift':
      return fieldError(context, 'gift', serverMessage(locale, 'chat.error.unknownGift'));
    default:
      return apiError(PHOTO_STATUS[error] ?? 400, error, locale, PHOTO_MESSAGES[error as keyof typeof PHOTO_MESSAGES]);
  }
}

function fieldError(context: AppLoadContext, field: string, text: string): Response {
  return apiJson({ error: 'validation', message: serverMessage(context.locale, 'signup.error.check'), fields: { [field]: text } }, { status: 400 });
}
