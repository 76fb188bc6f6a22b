// The sites' load context (app/.server/http/context.ts AppContext): built once per request, after the
// tenant resolution, for Remix's loaders and actions and for the JSON API. Who is signed in (a member
// through the session cache, an operator on /operator paths only), in which language the answer
// speaks, and the services every domain function is handed.
import type { AppLoadContext } from '@remix-run/node';
import type { Request, Response } from 'express';
import type { Kysely } from 'kysely';
import type { SessionCache } from '../accounts/session-cache';
import type { DB } from '../db/schema';
import type { SmsWorker } from '../directdebit/sms';
import type { EventBus } from '../events/bus';
import type { StreamSettings } from '../events/sse';
import { requestVisitor } from '../geo/visitor-country';
import { memberLocale } from '../i18n/negotiate';
import type { JobQueue } from '../jobs/queue';
import type { MailWorker } from '../mail/mail';
import type { MediaStorage } from '../media/storage';
import { unsubscribePageMember } from '../notifications/unsubscribe';
import { operatorForSession } from '../operators/sessions';
import type { TenantRegistry } from '../tenants/registry';
import { requestLocals, siteOf } from './locals';
import { requestedAt, tenantOrigin, type OriginPolicy } from './origin';
import type { RateLimits } from '../limits/rate-limits';

export interface LoadContextServices {
  db: Kysely<DB>;
  tenants: TenantRegistry;
  sessions: SessionCache;
  originPolicy: OriginPolicy;
  jobs: JobQueue;
  mail: MailWorker;
  sms: SmsWorker;
  limits: RateLimits;
  events: EventBus;
  streams: StreamSettings;
  media: MediaStorage;
}

export interface LoadContextSettings {
  isDev: boolean;
  devOutbox: boolean;
  /** COUNTRY_HEADER: a trusted proxy's header with the visitor's country. */
  countryHeader: string | undefined;
  smsAvailable: boolean;
  render: { abortMs: number; retryAfterS: number };
  mailFeedbackSecret: string | null;
}

const OPERATOR_PATH = /^\/operator(?:\/|\.data$|$)/i;

export function loadContextBuilder(services: LoadContextServices, settings: LoadContextSettings) {
  const { db } = services;
  return async (req: Request, res: Response): Promise<AppLoadContext> => {
    const tenant = siteOf(res);
    const locals = requestLocals(res);
    const user = await services.sessions.userFor(db, tenant, req.get('cookie'));
    // The request's log line names the member (never the session).
    if (user) locals.memberId = user.id;
    // The operator console (/operator…) speaks the operator's own language, whatever the tenant's.
    const operator = OPERATOR_PATH.test(req.path) ? await operatorForSession(db, tenant, req.get('cookie')) : null;
    if (operator) locals.operatorId = operator.id;
    // A member's saved language when the browser has no choice of its own (issue 34 item 14); the
    // unsubscribe page of a mail is about a member without a session.
    const member = user ?? (await unsubscribePageMember(db, tenant, req.path));
    return {
      requestId: locals.requestId ?? '',
      tenant,
      locale: operator?.language ?? memberLocale(req.get('cookie'), tenant, member),
      nonce: locals.nonce ?? '',
      db,
      tenants: services.tenants,
      visitor: requestVisitor(req, settings.countryHeader),
      isDev: settings.isDev,
      user,
      operator,
      origin: tenantOrigin(tenant, requestedAt(req), services.originPolicy),
      // `Secure` exactly when the request came over https, directly or through a trusted proxy (docs/decisions/0069).
      secure: req.secure,
      userAgent: req.get('user-agent') ?? null,
      jobs: services.jobs,
      mail: services.mail,
      sms: services.sms,
      smsAvailable: settings.smsAvailable,
      limits: services.limits,
      events: services.events,
      streams: services.streams,
      media: services.media,
      devOutbox: settings.devOutbox,
      render: settings.render,
      mailFeedbackSecret: settings.mailFeedbackSecret,
      landing: locals.landing,
      clickId: locals.clickId ?? null,
      previewBase: locals.previewBase,
    };
  };
}
