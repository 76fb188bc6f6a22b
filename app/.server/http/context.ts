// The per-request context that server.ts builds once and hands to Remix (docs/architecture.md §2).
// Loaders and actions read the tenant, locale and database from here; they never work them out again.
import type { Kysely } from 'kysely';
import type { Locale } from '~/shared/locales';
import type { DB, User } from '../db/schema';
import type { EventBus } from '../events/bus';
import type { MediaStorage } from '../media/storage';
import type { StreamSettings } from '../events/sse';
import type { JobQueue } from '../jobs/queue';
import type { MailWorker } from '../mail/mail';
import type { SmsWorker } from '../directdebit/sms';
import type { OperatorActor } from '../operators/operator';
import type { RateLimits } from '../limits/rate-limits';
import type { LandingRequest } from '../landers/resolve';
import type { TenantRegistry } from '../tenants/registry';
import type { Tenant } from '../tenants/schema';

export interface Visitor {
  ip: string | null;
  /** ISO country from a trusted proxy header or the offline GeoIP database; null when unknown. */
  country: string | null;
}

export interface AppContext {
  /** A random id per request: in the X-Request-Id header, in server_error answers and in the log. */
  requestId: string;
  tenant: Tenant;
  locale: Locale;
  nonce: string;
  db: Kysely<DB>;
  tenants: TenantRegistry;
  visitor: Visitor;
  /** True when NODE_ENV=development, when the Vite dev server is in use. */
  isDev: boolean;
  /** The render abort delay (RENDER_ABORT_MS) and the Retry-After of the 503 a render past it answers (docs/decisions/0039). */
  render?: { abortMs: number; retryAfterS: number };
  /** The logged-in member of this tenant, from the session cookie; null for a visitor. */
  user: User | null;
  /** The logged-in operator of the console (operator session cookie), only on /operator paths; else null. */
  operator: OperatorActor | null;
  /** scheme://host[:port] of this tenant for this request (http/origin.ts, docs/decisions/0036): the request's host when it is one of the tenant's, else its home; every link points here. */
  origin: string;
  /** Whether the request came over HTTPS (Secure cookies). */
  secure: boolean;
  userAgent: string | null;
  /** The job queue (jobs/queue.ts): send work to be done later, retried, on one instance. */
  jobs: JobQueue;
  mail: MailWorker;
  sms: SmsWorker;
  /** An SMS can reach a member: SMS_URL is set, or the development outbox (/dev/sms) is served. */
  smsAvailable: boolean;
  limits: RateLimits;
  /** Live events to members' and operators' streams (GET /api/events.php). */
  events: EventBus;
  /** The open event streams of this process and their timing (server.ts); defaults apply without it. */
  streams?: StreamSettings;
  /**
   * Where members' uploads (profile photos, chat pictures) are written, read and deleted: the local
   * disk or an S3-compatible store (docs/decisions/0026). Served under /media/ by media-handler.ts.
   */
  media: MediaStorage;
  /** A request for a whole page, not a `.data` request of client navigation (remix-adapter.ts). */
  documentRequest?: boolean;
  /** Values for the server render only, never serialized (app/components/app/server-only.tsx). */
  serverOnly?: Map<string, unknown>;
  /** The development mail outbox page is served (development, test and the demo; never real production). */
  devOutbox: boolean;
  /** MAIL_FEEDBACK_SECRET: the bearer secret of POST /api/mail-feedback.php; null refuses every report. */
  mailFeedbackSecret?: string | null;
  /** A lander or member landing URL: its lander and variant (null: a 404), set by the visit recorder (http/visit-recorder.ts). */
  landing?: LandingRequest | null;
  /** The click id of the visit this visitor is attributed to (rdv_visit cookie, or the visit this request recorded). */
  clickId?: string | null;
  /**
   * The network wizard's preview of a draft (http/network-preview.ts): the path its frames live under
   * (`/preview/<token>`). The page is then the server's render only — no script, the icon under it.
   */
  previewBase?: string;
}

declare module '@remix-run/node' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends AppContext {}
}
