// Web push (docs/decisions/0024-notifications.md): a VAPID key pair per tenant, made once and kept in
// tenant_push_keys (the tenant file's push_public_key, when set, must be the pair's public key given
// through the environment instead: PUSH_PRIVATE_KEY_<TENANT ID>). Members subscribe a browser with
// POST /api/user.php?push=1 {subscription} and unsubscribe with DELETE /api/user.php?push=1
// {endpoint}; a push goes through the web-push library as a job of the queue (`push.send`, retried),
// and a subscription the push service answers 404 or 410 for is dropped.
import type { Kysely } from 'kysely';
import webPush from 'web-push';
import { metrics } from '../observability/metrics';
import { z } from 'zod';
import type { DB, User } from '../db/schema';
import type { Tenant } from '../tenants/schema';
import { outboundAgent, refusedHost } from '../net/outbound';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** The tenant's VAPID keys: from the environment when the tenant file names a public key, else made once in the database. */
export async function tenantPushKeys(db: Kysely<DB>, tenant: Tenant): Promise<VapidKeys> {
  const fromEnv = process.env[`PUSH_PRIVATE_KEY_${tenant.id.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`];
  if (tenant.settings.push_public_key && fromEnv) return { publicKey: tenant.settings.push_public_key, privateKey: fromEnv };
  const made = webPush.generateVAPIDKeys();
  await db
    .insertInto('tenant_push_keys')
    .values({ tenant_id: tenant.id, public_key: made.publicKey, private_key: made.privateKey })
    .onConflict((oc) => oc.column('tenant_id').doNothing())
    .execute();
  const row = await db.selectFrom('tenant_push_keys').select(['public_key', 'private_key']).where('tenant_id', '=', tenant.id).executeTakeFirstOrThrow();
  return { publicKey: row.public_key, privateKey: row.private_key };
}

/** A browser's PushSubscription.toJSON(). */
export const PushSubscriptionSchema = z.object({
  subscription: z.object({
    // Never an address of our own network (docs/decisions/0037): checked again on every connection.
    endpoint: z.url({ protocol: /^https$/ }).max(1000).refine((url) => refusedHost(url) === null, { message: 'validation.publicAddress' }),
    expirationTime: z.number().nullable().optional(),
    keys: z.object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
  }),
});

export const PushUnsubscribeSchema = z.object({ endpoint: z.string().max(1000) });

/** Keeps the member's subscription (an endpoint belongs to one member: a browser that changes hands moves it). */
export async function subscribePush(db: Kysely<DB>, tenant: Tenant, user: User, input: z.infer<typeof PushSubscriptionSchema>): Promise<void> {
  const { endpoint, keys } = input.subscription;
  await db
    .insertInto('push_subscriptions')
    .values({ user_id: user.id, tenant_id: tenant.id, endpoint, p256dh: keys.p256dh, auth: keys.auth })
    .onConflict((oc) => oc.column('endpoint').doUpdateSet({ user_id: user.id, tenant_id: tenant.id, p256dh: keys.p256dh, auth: keys.auth }))
    .execute();
}

export async function unsubscribePush(db: Kysely<DB>, user: User, endpoint: string): Promise<boolean> {
  const deleted = await db.deleteFrom('push_subscriptions').where('user_id', '=', user.id).where('endpoint', '=', endpoint).executeTakeFirst();
  return Number(deleted.numDeletedRows) > 0;
}

export async function hasPushSubscription(db: Kysely<DB>, user: { id: number }): Promise<boolean> {
  return Boolean(await db.selectFrom('push_subscriptions').select('id').where('user_id', '=', user.id).executeTakeFirst());
}

/** What the service worker shows (public/sw-push.js reads exactly these fields). */
export interface PushPayload {
  title: string;
  body: string;
  icon: string | null;
  /** Opened on click: the conversation or the profile, on the member's host. */
  url: string;
  /** One notification per conversation or liker: a newer one replaces it. */
  tag: string;
}

export type PushOutcome = 'sent' | 'gone';

/** Sends one push; 'gone' (and the subscription dropped) when the push service no longer knows it. Other failures throw (the job retries). */
export async function sendPush(db: Kysely<DB>, tenant: Tenant, subscriptionId: number, payload: PushPayload): Promise<PushOutcome | null> {
  const subscription = await db.selectFrom('push_subscriptions').selectAll().where('id', '=', subscriptionId).where('tenant_id', '=', tenant.id).executeTakeFirst();
  if (!subscription) return null;
  const keys = await tenantPushKeys(db, tenant);
  try {
    await webPush.sendNotification({ endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } }, JSON.stringify(payload), {
      vapidDetails: { subject: `mailto:${tenant.settings.support_email}`, publicKey: keys.publicKey, privateKey: keys.privateKey },
      TTL: 3600,
      timeout: 10_000,
      // The endpoint is the member's: the connection is refused when its name resolves to our network.
      agent: outboundAgent(subscription.endpoint) as never,
    });
    metrics.deliveries.inc({ channel: 'push', result: 'sent' });
    return 'sent';
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 404 || status === 410) {
      await db.deleteFrom('push_subscriptions').where('id', '=', subscriptionId).execute();
      metrics.deliveries.inc({ channel: 'push', result: 'gone' });
      return 'gone';
    }
    metrics.deliveries.inc({ channel: 'push', result: 'failed' });
    throw error;
  }
}
