// Sixty days of a demo site's life (issue 36, docs/decisions/0049), replayed through the product's own
// domain functions with the app clock moved to each moment (clock.ts replayAt) — never by writing
// report rows: visits to the tenant's landers and split from four networks, signups through those
// visits, confirmations, first and repeat purchases through the sandbox provider, refunds, one
// chargeback by direct debit, members who wrote to fictional profiles and wait for an answer,
// complaints and reports in every state, new photos awaiting moderation, and postbacks (the demo
// network's are sent by the running server; the `leadbay` network's endpoint never resolves, so its
// one postback fails). Deterministic (a fixed seed per tenant) and idempotent (a tenant that has
// history members is skipped); the demo accounts are left as the README describes them.
import sharp from 'sharp';
import { sql, type Kysely } from 'kysely';
import { isLocale, type Locale } from '~/shared/locales';
import { replayAt } from '../clock';
import { confirmAccount } from '../accounts/activation';
import { signUp } from '../accounts/signup';
import { sendMessage } from '../chat/send';
import type { DB, User } from '../db/schema';
import { isPairBlocked } from '../directdebit/blocks';
import { payByDirectDebit } from '../directdebit/direct-debit';
import { resolveLanding } from '../landers/resolve';
import { LANDERS } from '../landers/catalogue';
import { portraitSvg } from '../media/demo-picture';
import type { MediaStorage } from '../media/storage';
import { uploadPhoto } from '../members/photos';
import { fitsMember } from '../likes/fit';
import { nicheRule, tenantPool } from '../profiles/pool';
import { methodOfferedIn } from '~/shared/payment-methods';
import { createPayment, handlePaymentWebhook } from '../payments/payments';
import { refundPurchase } from '../payments/refunds';
import { SandboxProvider } from '../payments/sandbox';
import { operatorActor } from '../operators/operator';
import { approvePhoto } from '../trust/photo-review';
import { recordPastDeliveries, sendDuePostbacks, POSTBACK_MAX_ATTEMPTS } from '../postbacks/worker';
import { attributionFor, recordVisit } from '../tracking/visits';
import { claimComplaint, closeComplaint, decideComplaint, DecisionSchema } from '../trust/moderation';
import { ComplaintSchema, fileComplaint, ReportSchema, reportContent } from '../trust/complaints';
import type { Tenant } from '../tenants/schema';
import { DEMO_SEED } from './demo-profiles';
import { FIRST_NAMES, SEED_COUNTRIES, type SeedCountry } from './names';
import { createRandom, type Random } from '../random';

export const HISTORY_DAYS = 60;
/** History members' addresses: one domain, so that a tenant's history is recognised (idempotence) and never mistaken for a real member. */
export const HISTORY_MAIL_DOMAIN = 'history.rendezvous.example';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The networks that send the demo sites traffic: who, how much of it, which publishers (refs) and sub ids. */
const NETWORKS = [
  { network: 'demo', weight: 4, refs: ['pub-101', 'pub-102', 'pub-230'], subs: ['banner-a', 'banner-b', 'native'] },
  { network: 'adnet', weight: 3, refs: ['a-17', 'a-42'], subs: ['push', 'pop'] },
  { network: 'flirtads', weight: 2, refs: ['fa-7', 'fa-9', 'fa-12'], subs: ['email', 'social'] },
  { network: 'socialreach', weight: 2, refs: ['sr-1'], subs: ['story', 'feed', 'reel'] },
] as const;
/** A network that sent one visitor, once: its postback endpoint (tenant files) never resolves, so that postback fails. */
const LEADBAY = { network: 'leadbay', weight: 0, refs: ['lb-1'], subs: ['test'] } as const;

/** Signup rate per visit by the variant served: a split's first variant converts better, so the split report shows a difference. */
const SIGNUP_RATE = { splitFirst: 0.1, splitOther: 0.04, other: 0.065 } as const;

export interface HistoryOptions {
  /** The visit hash salt (the server's SESSION_SECRET), as the visit recorder uses. */
  salt: string;
  media: MediaStorage;
  /** The origin links in the history's mails point to (the demo's own host). */
  origin: (tenant: Tenant) => string;
  days?: number;
}

export interface HistorySummary {
  tenants: number;
  visits: number;
  signups: number;
  purchases: number;
}

/** Replays the history of every tenant that has none yet; returns what it made. */
export async function seedDemoHistory(db: Kysely<DB>, tenants: Tenant[], options: HistoryOptions): Promise<HistorySummary> {
  const summary: HistorySummary = { tenants: 0, visits: 0, signups: 0, purchases: 0 };
  for (const [index, tenant] of tenants.entries()) {
    const done = await db.selectFrom('users').select('id').where('tenant_id', '=', tenant.id).where('email', 'like', `%@${HISTORY_MAIL_DOMAIN}`).executeTakeFirst();
    if (done) continue;
    const made = await replayTenant(db, tenant, tenants, options, createRandom(DEMO_SEED + 7919 * (index + 1)));
    summary.tenants++;
    summary.visits += made.visits;
    summary.signups += made.signups;
    summary.purchases += made.purchases;
  }
  return summary;
}

/**
 * The replayed past's postbacks, mails and SMS were delivered in that past (issue 45): recorded as
 * sent a few seconds after they were written, so a fresh demo starts with empty queues and the first
 * postback or mail a newcomer causes leaves at once instead of behind weeks of history.
 */
async function deliveredInThePast(db: Kysely<DB>, tenant: Tenant) {
  await recordPastDeliveries(db, tenant);
  for (const table of ['mail_outbox', 'sms_outbox'] as const) {
    await db
      .updateTable(table)
      .set({ status: 'sent', attempts: sql<number>`attempts + 1`, sent_at: sql<Date>`created_at + interval '2 seconds'`, last_error: null })
      .where('tenant_id', '=', tenant.id)
      .where('status', '=', 'pending')
      .execute();
  }
}

interface Member {
  user: User;
  confirmed: boolean;
  signedUpAt: number;
  payments: { id: number; paidAt: number }[];
}

interface Happening {
  at: number;
  run: () => Promise<void>;
}

async function replayTenant(db: Kysely<DB>, tenant: Tenant, all: Tenant[], options: HistoryOptions, random: Random) {
  const days = options.days ?? HISTORY_DAYS;
  const start = startOfDay(Date.now()) - days * DAY;
  const origin = options.origin(tenant);
  const locale = firstLocale(tenant);
  const sandbox = new SandboxProvider(db, tenant.id, origin);
  const rule = nicheRule(tenant.settings.niche);
  const landers = LANDERS.filter((lander) => lander !== 'tinderswipe');
  const splits = tenant.landers?.splits ?? [];
  const variants = tenant.landers?.variants ?? [];
  const members: Member[] = [];
  let visits = 0;
  let purchases = 0;
  let serial = 0;

  // The site's first lead came from leadbay, whose postback endpoint never answers: that postback
  // fails for good before anything else is owed (the drain below sees no other due row).
  const firstSignup = async (at: number) => {
    const member = await visitAndSignUp({ at, network: LEADBAY, path: `/landers/${landers[0]}`, forceSignup: true });
    if (!member) return;
    // Each try when the one before has backed off (2, 4, 8 … s: postbacks/worker.ts), until it is failed.
    for (let attempt = 1; attempt <= POSTBACK_MAX_ATTEMPTS; attempt++) {
      await replayAt(new Date(member.signedUpAt + 60_000 + (2 ** (attempt + 1) - 2) * 1000), () =>
        sendDuePostbacks(db, { tenant: (id) => all.find((t) => t.id === id), selfOrigin: () => null }),
      );
    }
  };

  const visitAndSignUp = async (input: { at: number; network: (typeof NETWORKS)[number] | typeof LEADBAY; path: string; forceSignup?: boolean }): Promise<Member | null> => {
    const visitorId = trackingId(random);
    const tracking = { network: input.network.network, ref: random.pick(input.network.refs), sub1: random.pick(input.network.subs) };
    const landing = resolveLanding(tenant, input.path, visitorId);
    const landingRequest = landing && landing.ok ? landing.landing : null;
    const ip = `198.51.100.${random.int(1, 254)}`;
    const userAgent = random.pick(USER_AGENTS);
    const visit = await replayAt(new Date(input.at), () =>
      recordVisit(
        db,
        tenant,
        {
          lander: landingRequest?.lander ?? null,
          variant: landingRequest?.variant.slug ?? null,
          profileId: null,
          path: input.path,
          tracking,
          ip,
          userAgent,
          country: random.pick(tenant.settings.countries),
          visitorId,
          clickId: null,
        },
        { salt: options.salt },
      ),
    );
    visits++;
    if (visit.outcome === 'bot') return null;
    const split = landingRequest?.split ? splits.find((s) => s.slug === landingRequest.split) : undefined;
    const rate = split ? (split.variants[0]?.variant === landingRequest?.variant.slug ? SIGNUP_RATE.splitFirst : SIGNUP_RATE.splitOther) : SIGNUP_RATE.other;
    if (!input.forceSignup && !random.chance(rate)) return null;
    // A few minutes on the lander, then the signup modal.
    const signupAt = input.at + random.int(2, 9) * 60_000;
    const gender = rule.gender ?? (random.chance(0.7) ? 'male' : 'female');
    const same = rule.sexualities?.includes('gay') || rule.sexualities?.includes('lesbian');
    const country = random.pick(tenant.settings.countries);
    const name = `${random.pick(namesOf(country, gender))}${random.int(10, 99)}`;
    serial++;
    const result = await replayAt(new Date(signupAt), async () =>
      signUp(db, tenant, { ip, origin, locale, attribution: await attributionFor(db, tenant, visit.attributedClickId) }, {
        email: `${name.toLowerCase()}.${serial}.${tenant.id}@${HISTORY_MAIL_DOMAIN}`,
        name,
        password: `history-${tenant.id}-${serial}-${random.int(1000, 9999)}`,
        date_of_birth: `${new Date(signupAt).getUTCFullYear() - random.int(Math.max(rule.minAge ?? 18, 18) + 1, Math.max(rule.minAge ?? 18, 18) + 22)}-0${random.int(1, 9)}-1${random.int(0, 9)}`,
        gender,
        seeking: same ? gender : gender === 'male' ? 'female' : 'male',
        ...(rule.bodyTypes ? { body_type: random.pick(rule.bodyTypes) } : {}),
        country,
        terms: true,
        orientation_consent: true,
        tracking,
      }),
    );
    if (!result.ok) return null;
    const member: Member = { user: result.user, confirmed: false, signedUpAt: signupAt, payments: [] };
    members.push(member);
    // Most confirm their address within the hour.
    if (random.chance(0.78)) {
      const confirmAt = signupAt + random.int(3, 55) * 60_000;
      await replayAt(new Date(confirmAt), () => db.transaction().execute((trx) => confirmAccount(trx, tenant, result.user.id)));
      member.confirmed = true;
      if (random.chance(0.5)) await buy(member, confirmAt + random.int(1, 30) * HOUR, false);
    }
    return member;
  };

  const buy = async (member: Member, at: number, repeat: boolean, outcome?: 'paid') => {
    if (at > Date.now() - 10 * 60_000 || !tenant.credit_packages.length) return;
    const country = tenant.settings.countries[0]!;
    const methods = tenant.payments.methods.filter((method) => method !== 'sdd' && methodOfferedIn(method, country));
    const bundle = repeat ? random.pick(tenant.credit_packages) : tenant.credit_packages[random.chance(0.6) ? 0 : Math.min(1, tenant.credit_packages.length - 1)]!;
    await replayAt(new Date(at), async () => {
      const user = await currentUser(db, member.user.id);
      const ctx = { db, tenant, provider: sandbox, origin, locale };
      const created = await createPayment(ctx, user, { package: bundle.id, method: random.pick(methods), country });
      if (!created.ok || !created.payment.provider_id) throw new Error(`demo history: a purchase on ${tenant.id} was refused (${created.ok ? 'no provider id' : created.error})`);
      // Now and then a checkout is abandoned or declined before the member pays.
      const settled = outcome ?? random.weighted([['paid', 8], ['canceled', 1], ['failed', 1]] as const);
      await sandbox.settle(created.payment.provider_id, settled);
      await handlePaymentWebhook(db, tenant, sandbox, created.payment.provider_id);
      if (settled === 'paid') {
        member.payments.push({ id: created.payment.id, paidAt: at });
        purchases++;
      }
    });
  };

  // The days, oldest first; every happening of a day in time order.
  await firstSignup(start + 5 * 60_000);
  for (let day = 0; day < days; day++) {
    const dayStart = start + day * DAY;
    const happenings: Happening[] = [];
    const count = random.int(6, 10);
    for (let v = 0; v < count; v++) {
      const at = dayStart + random.int(7 * 60, 23 * 60) * 60_000;
      const network = random.weighted(NETWORKS.map((n) => [n, n.weight] as const));
      // Half the paid traffic goes to the running split, the rest to a lander with a variant or none.
      const lander = random.pick(landers);
      const roll = random.next();
      const slug = splits.length && roll < 0.5 ? random.pick(splits).slug : variants.length && roll < 0.8 ? random.pick(variants).slug : null;
      happenings.push({ at, run: async () => void (await visitAndSignUp({ at, network, path: `/landers/${lander}${slug ? `/${slug}` : ''}` })) });
    }
    happenings.sort((a, b) => a.at - b.at);
    for (const happening of happenings) {
      if (happening.at > Date.now() - 15 * 60_000) continue;
      await happening.run();
    }
  }

  // Most members who confirmed added a profile photo, which a moderator approved (its own random
  // stream: the rest of the history stays as it was).
  await profilePhotos(db, tenant, { members, media: options.media, random: createRandom(DEMO_SEED + 104_729 + serial) });

  // Repeat purchases: about a third of the payers (and at least two) came back for more a few days later.
  for (const [index, member] of members.filter((m) => m.payments.length).entries()) {
    if (index < 2 || random.chance(0.35)) await buy(member, member.payments[0]!.paidAt + random.int(2, 12) * DAY, true);
  }
  // Two members returned their unused credits within the refund window.
  const refundable = members.filter((m) => m.payments.length === 1 && m.payments[0]!.paidAt < Date.now() - 3 * DAY).slice(0, 2);
  for (const member of refundable) {
    const payment = member.payments[0]!;
    await replayAt(new Date(payment.paidAt + random.int(1, 2) * DAY), async () => {
      const refunded = await refundPurchase({ db, tenant, provider: sandbox }, await currentUser(db, member.user.id), payment.id);
      if (!refunded.ok) throw new Error(`demo history: refund refused (${refunded.error})`);
    });
  }
  await chargeback(db, tenant, { members, sandbox, origin, locale, random });
  // The newest members wrote to fictional profiles in the last day (some bought credits for it first).
  const writers = members.filter((m) => m.confirmed).slice(-4);
  for (const [index, member] of writers.entries()) {
    if (tenant.settings.message_credits > tenant.settings.signup_credits) await buy(member, Date.now() - (index + 1) * 7 * HOUR - HOUR, false, 'paid');
  }
  await waitingChats(db, tenant, writers, options.media, random);
  await moderationWork(db, tenant, { members, media: options.media, locale });
  await deliveredInThePast(db, tenant);
  return { visits, signups: members.length, purchases };
}

/** One member paid by direct debit (with the SMS code, as /directdebit does) and their bank took it back a week later. */
async function chargeback(db: Kysely<DB>, tenant: Tenant, input: { members: Member[]; sandbox: SandboxProvider; origin: string; locale: Locale; random: Random }): Promise<void> {
  if (!tenant.payments.methods.includes('sdd')) return;
  const member = input.members.find((m) => m.confirmed && !m.payments.length && m.signedUpAt < Date.now() - 20 * DAY);
  if (!member) throw new Error(`demo history: nobody on ${tenant.id} to pay by direct debit`);
  const at = member.signedUpAt + 2 * HOUR;
  // Each site's chargeback blocks its own IBAN-and-phone pair (blocks hold across sites). The seed
  // is the tenant's place in the folder: a copy of a demo site that sorts into its original's place
  // replays the original's stream and drew the very pair the original's chargeback had blocked, so
  // its direct debit was refused and the demo start failed (issue 43 item 5). The next free pair.
  let serial = 1 + input.random.int(0, 8_999_999);
  const phoneOf = (n: number) => `+3161${String(n % 10_000_000).padStart(7, '0')}`;
  while (await isPairBlocked(db, demoIban(serial), phoneOf(serial))) serial++;
  const details = { account_holder: 'Demo Member', iban: demoIban(serial), street: 'Demostraat', house_number: '1', zip: '1011 AB', city: 'Amsterdam', phone: phoneOf(serial) };
  const bundle = tenant.credit_packages[0]!;
  const ctx = { db, tenant, provider: input.sandbox, origin: input.origin, locale: input.locale, smsAvailable: true };
  const paymentId = await replayAt(new Date(at), async () => {
    const user = await currentUser(db, member.user.id);
    const request = { ...details, package: bundle.id, country: tenant.settings.countries[0]! };
    const first = await payByDirectDebit(ctx, user, request);
    if (!first.ok || first.step !== 'otp') throw new Error(`demo history: direct debit on ${tenant.id} refused (${first.ok ? first.step : `${first.error} ${JSON.stringify(first.fields ?? {})}`})`);
    const sms = await db.selectFrom('sms_outbox').select('text').where('tenant_id', '=', tenant.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    const otp = /\b(\d{6})\b/.exec(sms.text)?.[1];
    const paid = await payByDirectDebit(ctx, user, { ...request, otp });
    if (!paid.ok || paid.step !== 'payment') throw new Error(`demo history: direct debit code on ${tenant.id} refused (${paid.ok ? paid.step : paid.error})`);
    return paid.payment;
  });
  if (!paymentId?.provider_id) return;
  const providerId = paymentId.provider_id;
  await replayAt(new Date(at + DAY), async () => {
    await input.sandbox.settle(providerId, 'paid');
    await handlePaymentWebhook(db, tenant, input.sandbox, providerId);
  });
  await replayAt(new Date(at + 8 * DAY), async () => {
    await input.sandbox.settle(providerId, 'chargeback');
    await handlePaymentWebhook(db, tenant, input.sandbox, providerId);
  });
}

/** Each writer's first message to a fictional profile, hours ago: the answering operator's queue. */
async function waitingChats(db: Kysely<DB>, tenant: Tenant, writers: Member[], media: MediaStorage, random: Random): Promise<void> {
  for (const [index, member] of writers.entries()) {
    const at = Math.max(member.signedUpAt + HOUR, Date.now() - (index + 1) * 7 * HOUR);
    await replayAt(new Date(at), async () => {
      const user = await currentUser(db, member.user.id);
      const own = await db.selectFrom('profiles').select(['gender', 'sexuality']).where('id', '=', user.profile_id!).executeTakeFirstOrThrow();
      const pool = await db
        .selectFrom('profiles')
        .select(['profiles.id', 'profiles.name'])
        .where((eb) => tenantPool(eb, tenant, new Date(at).toISOString().slice(0, 10)))
        .where('profiles.fictional', '=', true)
        .where('profiles.main_photo_id', 'is not', null)
        .where((eb) => fitsMember(eb, own))
        .orderBy('profiles.id', 'asc')
        .offset(10 + index * 3)
        .limit(1)
        .executeTakeFirst();
      if (!pool) return;
      const text = random.pick(OPENERS[firstLocale(tenant)] ?? OPENERS.en).replace('{name}', pool.name);
      const sent = await sendMessage(db, tenant, { user }, { profile: pool.id, content: { kind: 'text', text } }, { media });
      if (!sent.ok) throw new Error(`demo history: a message on ${tenant.id} was refused (${sent.error})`);
    });
  }
}

/** Complaints and reports in every state, and new photos waiting for the moderation role. */
async function moderationWork(db: Kysely<DB>, tenant: Tenant, input: { members: Member[]; media: MediaStorage; locale: Locale }): Promise<void> {
  const { members, locale } = input;
  const fictional = await db
    .selectFrom('profiles')
    .select('profiles.id')
    .where((eb) => tenantPool(eb, tenant, new Date().toISOString().slice(0, 10)))
    .where('profiles.fictional', '=', true)
    .orderBy('profiles.id', 'desc')
    .limit(6)
    .execute();
  const moderatorRow = await db.selectFrom('operators').select('id').where('email', '=', `moderator@${tenant.id}.example`).executeTakeFirst();
  const moderator = moderatorRow ? await operatorActor(db, moderatorRow.id) : null;
  const texts = COMPLAINT_TEXTS[locale] ?? COMPLAINT_TEXTS.en;
  const reporters = members.filter((m) => m.confirmed);
  const references: string[] = [];
  const filings = [
    { daysAgo: 20, by: null, category: 'scam', text: texts[0] },
    { daysAgo: 9, by: reporters[0], category: 'harassment', text: texts[1] },
    { daysAgo: 3, by: reporters[1], category: 'spam', text: texts[2] },
    { daysAgo: 1, by: null, category: 'illegal', text: texts[3] },
    { daysAgo: 0.3, by: reporters[2], category: 'fake_profile', text: texts[4] },
  ];
  for (const [index, filing] of filings.entries()) {
    const profile = fictional[index]?.id;
    const at = Date.now() - filing.daysAgo * DAY;
    const filed = await replayAt(new Date(at), async () => {
      if (filing.by && profile) {
        const user = await currentUser(db, filing.by.user.id);
        return reportContent(db, tenant, { user, locale }, ReportSchema.parse({ profile, reason: filing.category, text: filing.text }));
      }
      return fileComplaint(db, tenant, { user: null, locale }, ComplaintSchema.parse({ category: filing.category, description: filing.text, email: `visitor${index}@${HISTORY_MAIL_DOMAIN}`, ...(profile ? { profile } : {}) }));
    });
    references.push(filed.ok ? filed.reference : '');
  }
  // The moderator dealt with the oldest two: one decided and closed, one decided; the rest are open.
  if (moderator) {
    const ids = await db.selectFrom('complaints').select('id').where('tenant_id', '=', tenant.id).where('reference', 'in', references.filter(Boolean)).orderBy('created_at').execute();
    for (const [index, complaint] of ids.slice(0, 2).entries()) {
      const at = Date.now() - (index === 0 ? 18 : 7) * DAY;
      await replayAt(new Date(at), async () => {
        await claimComplaint(db, moderator, { complaint: complaint.id });
        const decision = DecisionSchema.parse({ complaint: complaint.id, decision: 'no_action', action: 'none', reasons: DECISION_REASONS[locale] ?? DECISION_REASONS.en });
        await decideComplaint(db, moderator, (id) => (id === tenant.id ? tenant : undefined), decision, input.media);
        if (index === 0) await closeComplaint(db, moderator, { complaint: complaint.id });
      });
    }
  }
  // Three members added a photo today: waiting for approval (pre) or for review (post).
  const uploaders = members.filter((m) => m.confirmed).slice(-3);
  for (const [index, member] of uploaders.entries()) {
    await replayAt(new Date(Date.now() - (index + 1) * 2 * HOUR), async () => {
      const user = await currentUser(db, member.user.id);
      await uploadPhoto(db, user, await portraitOf(db, user, 2), input.media, tenant.settings.photo_moderation);
    });
  }
}

/** Share of the members who confirmed their address that add a profile photo (on a live site, most do). */
const PHOTO_SHARE = 0.7;

/**
 * Profile photos: most members who confirmed upload one, through the members' upload — most while
 * they set up their profile, the rest within two days — and the tenant's moderator approves it within
 * three hours (approval makes it the main photo where moderation comes first). A visitor's search,
 * newest first, then shows faces as on a live site, not a page of initials.
 */
async function profilePhotos(db: Kysely<DB>, tenant: Tenant, input: { members: Member[]; media: MediaStorage; random: Random }): Promise<void> {
  const moderatorRow = await db.selectFrom('operators').select('id').where('email', '=', `moderator@${tenant.id}.example`).executeTakeFirst();
  const moderator = moderatorRow ? await operatorActor(db, moderatorRow.id) : null;
  // Seven in ten, exactly: a share left to chance came out under half on a small site.
  const uploaders = input.members.filter((member) => member.confirmed).filter((_, index) => index % 10 < PHOTO_SHARE * 10);
  for (const member of uploaders) {
    // Most add it while they set up their profile, the rest within two days.
    const uploadAt = member.signedUpAt + (input.random.chance(0.75) ? input.random.int(5, 90) * 60_000 : input.random.int(2, 48) * HOUR);
    const approveAt = uploadAt + input.random.int(15, 180) * 60_000;
    if (uploadAt > Date.now() - 10 * 60_000) continue;
    const uploaded = await replayAt(new Date(uploadAt), async () => {
      const user = await currentUser(db, member.user.id);
      return uploadPhoto(db, user, await portraitOf(db, user, 1), input.media, tenant.settings.photo_moderation);
    });
    if (!uploaded.ok) throw new Error(`demo history: a profile photo on ${tenant.id} was refused (${uploaded.error})`);
    // One uploaded in the last hours may still wait for the moderator.
    if (!moderator || approveAt > Date.now() - 5 * 60_000) continue;
    const approved = await replayAt(new Date(approveAt), () => approvePhoto(db, moderator, { photo: uploaded.photo.id }));
    if (!approved.ok) throw new Error(`demo history: approving a profile photo on ${tenant.id} failed (${approved.error})`);
  }
}

/** A demo portrait of the member (their gender and age) as the JPEG a phone would upload. */
async function portraitOf(db: Kysely<DB>, user: User, photo: number): Promise<Uint8Array> {
  const profile = await db.selectFrom('profiles').select(['gender', 'birth_date']).where('id', '=', user.profile_id!).executeTakeFirstOrThrow();
  const born = profile.birth_date ? new Date(profile.birth_date).getUTCFullYear() : new Date().getUTCFullYear() - 35;
  const svg = portraitSvg({ seed: DEMO_SEED + user.id * 17, photo, gender: profile.gender === 'female' ? 'female' : 'male', hairColour: null, age: new Date().getUTCFullYear() - born });
  return new Uint8Array(await sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer());
}

async function currentUser(db: Kysely<DB>, id: number): Promise<User> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

function firstLocale(tenant: Tenant): Locale {
  const language = tenant.locales[0]!;
  return isLocale(language) ? language : 'en';
}

function namesOf(country: string, gender: string): readonly string[] {
  const table = FIRST_NAMES[(SEED_COUNTRIES as readonly string[]).includes(country) ? (country as SeedCountry) : 'GB'];
  return gender === 'female' ? table.female : table.male;
}

/** A valid Dutch test IBAN (ABNA, the account number from `serial`): check digits per ISO 13616, the account passing the Dutch 11-test. */
function demoIban(serial: number): string {
  for (let account = 417_164_300 + serial * 10; ; account++) {
    const digits = String(account).padStart(10, '0');
    if ([...digits].reduce((sum, digit, i) => sum + Number(digit) * (10 - i), 0) % 11 !== 0) continue;
    const bban = `ABNA${digits}`;
    const numeric = `${bban}NL00`.replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
    const check = 98 - Number(BigInt(numeric) % 97n);
    return `NL${String(check).padStart(2, '0')}${bban}`;
  }
}

function startOfDay(at: number): number {
  return Math.floor(at / DAY) * DAY;
}

const ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
/** A visitor id of the rdv_vid cookie's shape (22 base64url characters), from the seeded generator. */
function trackingId(random: Random): string {
  let id = '';
  for (let i = 0; i < 22; i++) id += ID_CHARS[random.int(0, 63)];
  return id;
}

const USER_AGENTS = [
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
];

/** A member's first words to a fictional profile, in the site's first language. */
const OPENERS: Partial<Record<Locale, string[]>> & { en: string[] } = {
  en: ['Hi {name}, your profile made me smile. How is your week going?', 'Hello {name}! Do you like walks by the sea as much as I do?', 'Hey {name}, what do you do for fun on a Sunday?'],
  nl: ['Hoi {name}, je profiel maakte me aan het lachen. Hoe gaat je week?', 'Hallo {name}! Hou jij ook zo van wandelen langs het strand?', 'Hey {name}, wat doe jij graag op zondag?'],
  de: ['Hallo {name}, dein Profil hat mich zum Lächeln gebracht. Wie läuft deine Woche?', 'Hi {name}! Gehst du auch so gern am Meer spazieren?', 'Hey {name}, was machst du sonntags am liebsten?'],
  da: ['Hej {name}, din profil fik mig til at smile. Hvordan går din uge?', 'Hej {name}! Kan du også lide gåture ved vandet?', 'Hej {name}, hvad laver du helst om søndagen?'],
  es: ['Hola {name}, tu perfil me ha hecho sonreír. ¿Qué tal tu semana?', '¡Hola {name}! ¿También te gustan los paseos junto al mar?', 'Hola {name}, ¿qué te gusta hacer los domingos?'],
};

/** What complainants wrote, in the site's first language (at least the minimum length of a complaint). */
const COMPLAINT_TEXTS: Partial<Record<Locale, string[]>> & { en: string[] } = {
  en: [
    'This profile asked me to send money for a plane ticket. That looks like a scam to me.',
    'This member keeps writing to me after I said I was not interested. Please make it stop.',
    'I receive the same advertising message again and again from this profile.',
    'The pictures on this profile seem to be taken from someone else without permission.',
    'I do not believe this profile is a real person, the photos look like a stock catalogue.',
  ],
  nl: [
    'Dit profiel vroeg me geld te sturen voor een vliegticket. Dat lijkt me oplichting.',
    'Dit lid blijft me schrijven nadat ik zei geen interesse te hebben. Laat het alsjeblieft stoppen.',
    'Ik krijg steeds weer hetzelfde reclamebericht van dit profiel.',
    'De foto’s op dit profiel lijken zonder toestemming van iemand anders te komen.',
    'Ik geloof niet dat dit een echt persoon is, de foto’s lijken uit een fotocatalogus te komen.',
  ],
  de: [
    'Dieses Profil hat mich gebeten, Geld für ein Flugticket zu schicken. Das sieht nach Betrug aus.',
    'Dieses Mitglied schreibt mir weiter, obwohl ich gesagt habe, dass ich kein Interesse habe.',
    'Ich bekomme von diesem Profil immer wieder dieselbe Werbenachricht.',
    'Die Bilder in diesem Profil scheinen ohne Erlaubnis von jemand anderem zu stammen.',
    'Ich glaube nicht, dass dieses Profil ein echter Mensch ist, die Fotos wirken wie aus einem Katalog.',
  ],
  da: [
    'Denne profil bad mig sende penge til en flybillet. Det ligner svindel.',
    'Dette medlem bliver ved med at skrive, selvom jeg har sagt, at jeg ikke er interesseret.',
    'Jeg får den samme reklamebesked igen og igen fra denne profil.',
    'Billederne på denne profil ser ud til at være taget fra en anden uden tilladelse.',
    'Jeg tror ikke, at denne profil er en rigtig person, billederne ligner et katalog.',
  ],
  es: [
    'Este perfil me pidió dinero para un billete de avión. Me parece una estafa.',
    'Este miembro sigue escribiéndome después de decirle que no me interesa. Por favor, que pare.',
    'Recibo una y otra vez el mismo mensaje publicitario de este perfil.',
    'Las fotos de este perfil parecen tomadas de otra persona sin permiso.',
    'No creo que este perfil sea una persona real, las fotos parecen de un catálogo.',
  ],
};

/** The moderator's statement of reasons for a complaint that needed no action. */
const DECISION_REASONS: Partial<Record<Locale, string>> & { en: string } = {
  en: 'We reviewed the profile and the messages and found no breach of our terms. We will keep watching it.',
  nl: 'We hebben het profiel en de berichten bekeken en geen overtreding van onze voorwaarden gevonden. We blijven het volgen.',
  de: 'Wir haben das Profil und die Nachrichten geprüft und keinen Verstoß gegen unsere AGB gefunden. Wir behalten es im Blick.',
  da: 'Vi har gennemgået profilen og beskederne og fandt intet brud på vores vilkår. Vi holder øje med den.',
  es: 'Hemos revisado el perfil y los mensajes y no hemos encontrado ninguna infracción de nuestras condiciones. Seguiremos atentos.',
};
