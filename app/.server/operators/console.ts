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
import { hasRole, rolesAnywhere, tenantsWithRole, type OperatorRole } from './roles';
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

/**
 * A member's session never learns that the console exists (docs/decisions/0029): every console
 * page and call answers it as any unknown address — 404, no redirect to a login page.
 */
export function refuseMembers(context: AppLoadContext): void {
  if (!context.operator && context.user) throw new Response('Not Found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });
}

/** A console form's action behind refuseMembers: a member's post is refused before its body is even read. */
export function consoleAction<A extends { context: AppLoadContext }, R>(action: (args: A) => Promise<R>): (args: A) => Promise<R> {
  return (args) => {
    refuseMembers(args.context);
    return action(args);
  };
}

/** What a console form says when its input is refused: the first field's problem, else the form's message. */
export function firstProblem(failure: { message: string; fields: Record<string, string> }): string {
  return Object.values(failure.fields)[0] ?? failure.message;
}

/** The action data of a console form whose input was refused (the console's one failure shape). */
export function consoleFailure(failure: { message: string; fields: Record<string, string> }): { ok: false; text: string } {
  return { ok: false, text: firstProblem(failure) };
}

/** The logged-in operator; a member gets 404, a visitor the console's login page. */
/** A console page the operator's roles do not open: 403 with the translated reason, never cached. */
export function roleRefused(language: Locale): never {
  throw new Response(serverMessage(language, 'operator.error.role'), { status: 403, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });
}

export function requireOperator(context: AppLoadContext): OperatorActor {
  refuseMembers(context);
  if (!context.operator) throw redirect('/operator/login');
  return context.operator;
}

/**
 * The operator holding `role` on this host's tenant (the marketer's pages, decision 0028): a member
 * gets 404 (decision 0029), a visitor the console's login page as on every console page (issue 48
 * item 17, decision 0070 — they once answered a visitor 404 too), an operator without the role 403.
 */
export function requireTenantRole(context: AppLoadContext, role: OperatorRole): OperatorActor {
  const operator = requireOperator(context);
  if (!hasRole(operator, context.tenant.id, role)) roleRefused(operator.language);
  return operator;
}

/** Where each role's work starts, in the order the console's home picks the first one the operator holds. */
export const ROLE_HOMES: Partial<Record<OperatorRole, string>> = {
  answering: '/operator',
  moderation: '/operator/complaints',
  marketing: '/operator/marketing',
  admin: '/operator/team',
};

/** The first console page the operator's roles open (the queue for answerers). */
export function consoleHome(operator: OperatorActor): string | null {
  const roles = rolesAnywhere(operator);
  for (const [role, home] of Object.entries(ROLE_HOMES)) if (roles.includes(role as OperatorRole)) return home;
  return null;
}

/**
 * The logged-in operator holding `role` on this host's tenant; an operator without it gets 403 (the
 * domain refuses them anyway — this spares them a page of nothing).
 */
export function requireRole(context: AppLoadContext, role: OperatorRole): OperatorActor {
  const operator = requireOperator(context);
  if (!tenantsWithRole(operator, role).length) roleRefused(operator.language);
  return operator;
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
