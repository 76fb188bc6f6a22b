// The gift catalogue (docs/product.md §2 "chat with gifts", issue 14): illustrations drawn for Rendezvous as SVG,
// kept as data in gifts.json beside this module and served at /gifts/<id>.svg. Names are messages
// (gift.<id>) in every language; every gift costs the tenant's gift_credits.
import type { Locale } from '~/shared/locales';
import type { GiftView } from '~/shared/chat-types';
import { serverMessage } from '../i18n/messages';
import type { Tenant } from '../tenants/schema';
import catalogue from './gifts.json';

export interface Gift {
  id: string;
  svg: string;
}

export const GIFTS: readonly Gift[] = catalogue;
const BY_ID = new Map(GIFTS.map((gift) => [gift.id, gift]));

export function findGift(id: string): Gift | null {
  return BY_ID.get(id) ?? null;
}

export const giftImageUrl = (id: string) => `/gifts/${id}.svg`;

export function giftView(tenant: Tenant, locale: Locale, id: string): GiftView {
  return { id, name: serverMessage(locale, `gift.${id}`), image: giftImageUrl(id), credits: tenant.settings.gift_credits };
}

/** GET /api/gifts.php: the whole catalogue, named in the member's language. */
export function listGifts(tenant: Tenant, locale: Locale): GiftView[] {
  return GIFTS.map((gift) => giftView(tenant, locale, gift.id));
}
