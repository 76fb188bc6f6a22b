// Rows of the chat tables as the wire shapes of app/shared/chat-types.ts (docs/api.md).
import type { Locale } from '~/shared/locales';
import type { MessageView } from '~/shared/chat-types';
import { today } from '../clock';
import type { Message } from '../db/schema';
import { ageOn } from '../profiles/age';
import type { Tenant } from '../tenants/schema';
import { findGift, giftView } from './gifts';

export function messageView(tenant: Tenant, locale: Locale, message: Message): MessageView {
  const prefix = tenant.settings.cdn_prefix;
  const photo =
    message.kind === 'photo' && message.photo_filename && message.photo_thumb_filename
      ? { url: prefix + message.photo_filename, thumb: prefix + message.photo_thumb_filename, width: message.photo_width ?? 0, height: message.photo_height ?? 0 }
      : null;
  return {
    id: message.id,
    conversation: message.conversation_id,
    sender: message.sender_profile_id,
    kind: message.kind,
    text: message.kind === 'text' ? message.body : null,
    gift: message.kind === 'gift' && message.gift_id && findGift(message.gift_id) ? giftView(tenant, locale, message.gift_id) : null,
    photo,
    credits: message.credits,
    fictional: message.from_fictional,
    client_id: message.client_id,
    created_at: new Date(message.created_at).toISOString(),
  };
}

/** The other side of a conversation, as the chat list and header show it. */
export interface ChatProfile {
  id: number;
  name: string;
  /** The main photo's thumbnail URL, or null. */
  main_image: string | null;
  fictional: boolean;
  age: number;
  city: string | null;
}

export const CHAT_PROFILE_COLUMNS = ['profiles.id', 'profiles.name', 'profiles.fictional', 'profiles.birth_date', 'profiles.city', 'photos.thumb_filename'] as const;

export function chatProfile(
  tenant: Tenant,
  row: { id: number; name: string; fictional: boolean; birth_date: string; city: string | null; thumb_filename: string | null },
): ChatProfile {
  return {
    id: row.id,
    name: row.name,
    main_image: row.thumb_filename ? tenant.settings.cdn_prefix + row.thumb_filename : null,
    fictional: row.fictional,
    age: ageOn(row.birth_date, today()),
    city: row.city,
  };
}
