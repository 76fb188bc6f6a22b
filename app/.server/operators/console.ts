// What the console's routes share (docs/decisions/0021): the operator of the request or the login
// page, the names of the operator's tenants, the dependencies of an answer, and the translated
// texts of the domain's refusals.
import crypto from 'node:crypto';
import { redirect, type AppLoadContext } from '@remix-run/node';
import type { GiftView } from '~/shared/chat-types';
import type { Locale } from '~/shared/locales';
import { now } from '../clock';
import { findGift, giftView, listGifts } from '../chat/gifts';
import { serverMessage } from '../i18n/messages';
import type { Tenant } from '../tenants/schema';
import type { ClaimResult } from './claims';
import type { OperatorActor } from './operator';
import type { GiftLookup, ReplyDeps, ReplyError } from './reply';

export interface GiftCatalogue {
  all(): GiftView[];
  find: GiftLookup;
}

/** The chat's gift catalogue (GET /api/gifts.php, app/.server/chat/gifts.ts) for gift answers, named in `locale`. */
export function giftCatalogue(tenant: Tenant, locale: Locale): GiftCatalogue {
  return {
    all: () => listGifts(tenant, locale),
    find: (id) => (findGift(id) ? giftView(tenant, locale, id) : null),
  };
}

/** The logged-in operator, else a redirect to the console's login page. */
export function requireOperator(context: AppLoadContext): OperatorActor {
  if (!context.operator) throw redirect('/operator/login');
  return context.operator;
}

export function operatorTenants(context: AppLoadContext, operator: OperatorActor): { id: string; name: string }[] {
  return operator.tenantIds.map((id) => ({ id, name: context.tenants.get(id)?.settings.name ?? id }));
}

export function replyDeps(context: AppLoadContext): ReplyDeps {
  const gifts = giftCatalogue(context.tenant, context.locale);
  return { events: context.events, tenantOf: (id) => context.tenants.get(id), gifts: (id) => gifts.find(id) };
}

export function cdnPrefixOf(context: AppLoadContext): (tenantId: string) => string {
  return (tenantId) => context.tenants.get(tenantId)?.settings.cdn_prefix ?? '/media/';
}

const REPLY_ERRORS: Record<ReplyError, string> = {
  not_found: 'operator.error.notFound',
  claim_required: 'operator.error.claimRequired',
  too_long: 'operator.error.tooLong',
  photo_not_found: 'operator.error.photoNotFound',
  gift_unavailable: 'operator.error.giftUnavailable',
  member_unconfirmed: 'operator.error.memberUnconfirmed',
  blocked: 'operator.error.blocked',
};

export function replyErrorText(locale: Locale, error: ReplyError, max?: number): string {
  return serverMessage(locale, REPLY_ERRORS[error], { max: max ?? 0 });
}

export function claimErrorText(locale: Locale, result: Exclude<ClaimResult, { ok: true }>): string {
  if (result.error === 'not_found') return serverMessage(locale, 'operator.error.notFound');
  const minutes = Math.max(1, Math.ceil((new Date(result.claim.until).getTime() - now().getTime()) / 60_000));
  return serverMessage(locale, 'operator.error.claimedByOther', { name: result.claim.operator, minutes });
}

/** A fresh idempotency key for the composer: a double-submitted answer is stored once. */
export function newClientId(): string {
  return `op-${crypto.randomUUID()}`;
}
