// A member's data export (GDPR Art. 15 and 20, issue 25, docs/decisions/0029): a JSON file of
// everything the product holds about the member, and their photos, in a zip. Every table has a rule
// here — what of it is the member's, or why none of it is (EXPORT_RULES is a Record over the schema,
// and a test compares it with the database's tables, so a new table without a rule fails). The member
// asks for it and gets a link that works for 24 hours and only with their own session; a small zip is
// built while it streams (yazl), so its size costs no memory; a large one (EXPORT_INLINE_LIMIT) is
// prepared by the job queue and kept in the media store until the link expires.
import { sendSubject, takeSendSlot } from './send-limits';
import crypto from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { ZipFile } from 'yazl';
import { now } from '../clock';
import type { DB, User } from '../db/schema';
import { hashToken } from '../accounts/tokens';
import type { JobQueue } from '../jobs/queue';
import { deleteUnreachable, isMediaKey, type MediaStorage } from '../media/storage';
import type { Tenant } from '../tenants/schema';

export const EXPORT_LINK_HOURS = 24;

interface Subject {
  userId: number;
  profileId: number | null;
  email: string;
}

type Rows = Record<string, unknown>[];
type Rule = { about: 'member'; rows: (db: Kysely<DB>, who: Subject) => Promise<Rows> } | { about: 'none'; why: string };

/** Columns that are never handed out: secrets, and what fraud prevention must keep to itself. */
const WITHHELD = new Set(['password_hash', 'code_hash', 'signals']);

function clean(rows: Rows): Rows {
  return rows.map((row) => Object.fromEntries(Object.entries(row).filter(([key]) => !WITHHELD.has(key))));
}

const byUser = (table: 'users' | 'credit_ledger' | 'payments' | 'refunds' | 'direct_debit_mandates' | 'direct_debit_payments' | 'offer_redemptions' | 'personal_discount_codes' | 'data_exports', column = 'user_id'): Rule => ({
  about: 'member',
  rows: async (db, who) => clean((await db.selectFrom(table).selectAll().where(column as never, '=', who.userId as never).execute()) as Rows),
});

const byProfile = (table: 'profiles_removed' | 'photos' | 'swipes' | 'swipe_day_likes' | 'auto_likes' | 'conversation_sides', column = 'profile_id'): Rule => ({
  about: 'member',
  rows: async (db, who) => (who.profileId ? clean((await db.selectFrom(table).selectAll().where(column as never, '=', who.profileId as never).execute()) as Rows) : []),
});

function conversationIds(db: Kysely<DB>, who: Subject) {
  return db
    .selectFrom('conversations')
    .select('id')
    .where((eb) => eb.or([eb('profile_low', '=', who.profileId ?? -1), eb('profile_high', '=', who.profileId ?? -1)]));
}

export const EXPORT_RULES: Record<keyof DB, Rule> = {
  users: byUser('users', 'id'),
  profiles: { about: 'member', rows: async (db, who) => (await db.selectFrom('profiles').selectAll().where('user_id', '=', who.userId).execute()) as Rows },
  profiles_removed: byProfile('profiles_removed'),
  photos: byProfile('photos'),
  // Why a moderator rejected one of their photos (the photo itself is deleted).
  photo_rejections: { about: 'member', rows: async (db, who) => (await db.selectFrom('photo_rejections').select(['reason', 'created_at', 'dismissed_at']).where('profile_id', '=', who.profileId ?? -1).execute()) as Rows },
  likes: {
    about: 'member',
    rows: async (db, who) =>
      (await db
        .selectFrom('likes')
        .selectAll()
        .where((eb) => eb.or([eb('liker_profile_id', '=', who.profileId ?? -1), eb('liked_profile_id', '=', who.profileId ?? -1)]))
        .execute()) as Rows,
  },
  // The member's own blocks; who blocked them is the other member's data.
  blocks: { about: 'member', rows: async (db, who) => (await db.selectFrom('blocks').selectAll().where('blocker_profile_id', '=', who.profileId ?? -1).execute()) as Rows },
  swipes: byProfile('swipes'),
  swipe_day_likes: byProfile('swipe_day_likes'),
  auto_likes: byProfile('auto_likes'),
  conversations: { about: 'member', rows: async (db, who) => (await db.selectFrom('conversations').selectAll().where('id', 'in', conversationIds(db, who)).execute()) as Rows },
  conversation_sides: byProfile('conversation_sides'),
  // Messages they sent and received (the scam rules a message matched are withheld: fraud prevention).
  messages: { about: 'member', rows: async (db, who) => clean((await db.selectFrom('messages').selectAll().where('conversation_id', 'in', conversationIds(db, who)).orderBy('id').execute()) as Rows) },
  // What staff noted and flagged about their conversations with fictional profiles, without naming staff.
  conversation_notes: { about: 'member', rows: async (db, who) => (await db.selectFrom('conversation_notes').select(['conversation_id', 'body', 'created_at']).where('conversation_id', 'in', conversationIds(db, who)).execute()) as Rows },
  conversation_flags: { about: 'member', rows: async (db, who) => (await db.selectFrom('conversation_flags').select(['conversation_id', 'reason', 'comment', 'created_at', 'resolved_at']).where('conversation_id', 'in', conversationIds(db, who)).execute()) as Rows },
  conversation_claims: { about: 'none', why: "which operator holds a conversation for the next minutes: staff's working state" },
  credit_ledger: byUser('credit_ledger'),
  payments: byUser('payments'),
  refunds: byUser('refunds'),
  direct_debit_mandates: byUser('direct_debit_mandates'),
  direct_debit_payments: byUser('direct_debit_payments'),
  direct_debit_codes: { about: 'member', rows: async (db, who) => clean((await db.selectFrom('direct_debit_codes').selectAll().where('user_id', '=', who.userId).execute()) as Rows) },
  direct_debit_blocks: { about: 'none', why: 'fraud prevention: hashed account numbers barred from direct debit' },
  direct_debit_usage: { about: 'none', why: 'fraud prevention: counters per hashed account number' },
  offer_redemptions: byUser('offer_redemptions'),
  personal_discount_codes: byUser('personal_discount_codes'),
  // Sessions: when and from where they were logged in (the token itself is withheld: only its hash is kept anyway).
  sessions: { about: 'member', rows: async (db, who) => (await db.selectFrom('sessions').select(['created_at', 'expires_at', 'ip', 'user_agent']).where('user_id', '=', who.userId).execute()) as Rows },
  account_tokens: { about: 'member', rows: async (db, who) => (await db.selectFrom('account_tokens').select(['kind', 'created_at', 'expires_at', 'used_at']).where('user_id', '=', who.userId).execute()) as Rows },
  login_failures: { about: 'member', rows: async (db, who) => (await db.selectFrom('login_failures').selectAll().where('email', '=', who.email).execute()) as Rows },
  mail_outbox: { about: 'member', rows: async (db, who) => (await db.selectFrom('mail_outbox').select(['kind', 'subject', 'created_at', 'sent_at']).where('to_address', '=', who.email).execute()) as Rows },
  sms_outbox: { about: 'member', rows: async (db, who) => (await db.selectFrom('sms_outbox').select(['kind', 'to_phone', 'created_at']).where('to_phone', 'in', db.selectFrom('direct_debit_mandates').select('phone').where('user_id', '=', who.userId)).execute()) as Rows },
  // Complaints and reports they made (what others reported about them is withheld until decided and announced to them by mail).
  complaints: {
    about: 'member',
    rows: async (db, who) =>
      (await db
        .selectFrom('complaints')
        .select(['reference', 'source', 'category', 'profile_id', 'message_id', 'description', 'status', 'decision', 'action', 'reasons', 'decided_at', 'created_at'])
        .where('reporter_user_id', '=', who.userId)
        .execute()) as Rows,
  },
  data_exports: { about: 'member', rows: async (db, who) => (await db.selectFrom('data_exports').select(['created_at', 'expires_at', 'downloaded_at', 'status']).where('user_id', '=', who.userId).execute()) as Rows },
  operators: { about: 'none', why: 'staff accounts' },
  operator_tenants: { about: 'none', why: 'staff accounts' },
  operator_sessions: { about: 'none', why: 'staff sessions' },
  operator_tokens: { about: 'none', why: 'staff set-password links' },
  operator_login_failures: { about: 'none', why: 'staff login failures' },
  network_staff: { about: 'none', why: 'network staff accounts' },
  tenant_versions: { about: 'none', why: "the network's sites' configuration (tenant files)" },
  tenant_sites: { about: 'none', why: "the network's sites and their status" },
  network_sessions: { about: 'none', why: 'network staff sessions' },
  network_login_codes: { about: 'none', why: "network staff's login codes" },
  network_staff_tokens: { about: 'none', why: "network staff's set-password links" },
  network_audit: { about: 'none', why: "network staff's audit log" },
  network_drafts: { about: 'none', why: "network staff's unsaved tenant files (the brand wizard)" },
  network_daily: { about: 'none', why: "the network overview's counts per site and day: no member in them" },
  network_daily_money: { about: 'none', why: "the network overview's sums per site, day and currency: no member in them" },
  network_daily_payers: { about: 'none', why: "the network overview's numbers of paying members per site and day: no member in them" },
  network_daily_dirty: { about: 'none', why: 'days of the network overview to compute again' },
  network_daily_state: { about: 'none', why: "the network overview's last day rolled up" },
  split_state: { about: 'none', why: "a split's weights and the counts per variant they came from: no member in them" },
  split_weight_log: { about: 'none', why: "the history of a split's weights; the operator who changed them is staff, not a member" },
  operator_audit: { about: 'none', why: "staff's audit log (what the member is owed from it is in notes, flags and complaints)" },
  sandbox_payments: { about: 'none', why: "the test payment provider's own records; the member's payments are exported" },
  sandbox_mandates: { about: 'none', why: "the test payment provider's own records" },
  sandbox_refunds: { about: 'none', why: "the test payment provider's own records" },
  notification_state: {
    about: 'member',
    rows: async (db, who) =>
      (await db.selectFrom('notification_state').select(['tenant_id', 'hidden', 'seen_at', 'last_mail_at', 'last_push_at']).where('user_id', '=', who.userId).execute()) as Rows,
  },
  // The browsers the member gets pushes in; their encryption keys are secrets of the browser and stay out.
  push_subscriptions: { about: 'member', rows: async (db, who) => (await db.selectFrom('push_subscriptions').select(['endpoint', 'created_at']).where('user_id', '=', who.userId).execute()) as Rows },
  // The reminders, promotions, weekly updates and news mails the member was sent (once each).
  // The mails and exports this account asked for, counted against the limits of decision 0038.
  send_log: { about: 'member', rows: async (db, who) => (await db.selectFrom('send_log').select(['action', 'created_at']).where('subject', '=', `account:${who.userId}`).execute()) as Rows },
  notification_log: { about: 'member', rows: async (db, who) => (await db.selectFrom('notification_log').select(['kind', 'key', 'sent_at']).where('user_id', '=', who.userId).execute()) as Rows },
  news_posts: { about: 'none', why: "the website's announcements as operators wrote them, the same for every member" },
  tenant_push_keys: { about: 'none', why: "the website's own web-push keys, not about any member" },
  visits: { about: 'none', why: 'landing-page visits counted per anonymous visitor cookie, not linked to the account (its traffic source is on users)' },
  postbacks: { about: 'member', rows: async (db, who) => (await db.selectFrom('postbacks').select(['event', 'network', 'amount', 'currency', 'order_number', 'status', 'created_at', 'sent_at']).where('user_id', '=', who.userId).execute()) as Rows },
  postback_attempts: { about: 'none', why: 'delivery log of the postbacks listed under postbacks (URLs and HTTP statuses of the network)' },
  dev_postbacks: { about: 'none', why: 'what the demo-only /dev/postbacks endpoint received; never in a real production start' },
};

/** Everything about the member, table by table (tables with a `none` rule are left out). */
export async function collectExport(db: Kysely<DB>, tenant: Tenant, user: User): Promise<Record<string, unknown>> {
  const who: Subject = { userId: user.id, profileId: user.profile_id, email: user.email };
  const tables: Record<string, Rows> = {};
  for (const [table, rule] of Object.entries(EXPORT_RULES) as [string, Rule][]) {
    if (rule.about === 'member') tables[table] = await rule.rows(db, who);
  }
  return { site: tenant.settings.name, generated_at: now().toISOString(), member: user.id, tables };
}

/**
 * The threshold rule (docs/decisions/0029): an export is large — prepared by the job queue and kept
 * in the media store until its link expires — when the member's messages and stored pictures
 * (profile photos, chat pictures they sent) number more than EXPORT_INLINE_LIMIT together; a smaller
 * one is built while it streams, at the moment of the download.
 */
export const EXPORT_INLINE_LIMIT = 1000;

export async function exportSize(db: Kysely<DB>, user: Pick<User, 'id' | 'profile_id'>): Promise<number> {
  const profileId = user.profile_id ?? -1;
  const [messages, photos] = await Promise.all([
    db
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('conversation_id', 'in', db.selectFrom('conversations').select('id').where((eb) => eb.or([eb('profile_low', '=', profileId), eb('profile_high', '=', profileId)])))
      .executeTakeFirstOrThrow(),
    db.selectFrom('photos').select((eb) => eb.fn.countAll<number>().as('n')).where('profile_id', '=', profileId).executeTakeFirstOrThrow(),
  ]);
  return Number(messages.n) + Number(photos.n);
}

export interface ExportJob {
  /** The hash of the link's token: the data_exports row. */
  export: string;
}

/**
 * A download link for the member, valid EXPORT_LINK_HOURS; only its hash is stored. A large export
 * (EXPORT_INLINE_LIMIT) is handed to the job queue, which prepares the zip (`prepareExport`); the
 * link then answers "being prepared" until it is ready.
 */
export async function requestExport(
  db: Kysely<DB>,
  tenant: Tenant,
  user: User,
  deps: { jobs: Pick<JobQueue, 'send'> },
): Promise<{ ok: true; token: string; expiresAt: Date; prepared: boolean } | { ok: false; retryAfter: number }> {
  // A few exports an hour and a day per account (docs/decisions/0038): each may be a job zipping every photo.
  const slot = await takeSendSlot(db, tenant.id, 'data_export', [sendSubject.account(user.id)]);
  if (!slot.ok) return slot;
  const token = crypto.randomBytes(32).toString('base64url');
  const created = now();
  const expiresAt = new Date(created.getTime() + EXPORT_LINK_HOURS * 3600_000);
  const prepared = (await exportSize(db, user)) > EXPORT_INLINE_LIMIT;
  const id = hashToken(token);
  await db.insertInto('data_exports').values({ id, user_id: user.id, tenant_id: tenant.id, created_at: created, expires_at: expiresAt, status: prepared ? 'preparing' : 'ready' }).execute();
  if (prepared) await deps.jobs.send('trust.export', { export: id } satisfies ExportJob);
  return { ok: true, token, expiresAt, prepared };
}

/** The job: builds the zip of a large export and keeps it in the media store until the link expires. */
export async function prepareExport(db: Kysely<DB>, tenantOf: (id: string) => Tenant | undefined, media: MediaStorage, job: ExportJob, attempt: { last: boolean }): Promise<void> {
  const row = await db.selectFrom('data_exports').select(['id', 'user_id', 'tenant_id', 'status', 'expires_at']).where('id', '=', job.export).executeTakeFirst();
  if (!row || row.status !== 'preparing' || row.expires_at <= now()) return;
  const tenant = tenantOf(row.tenant_id);
  const user = await db.selectFrom('users').selectAll().where('id', '=', row.user_id).executeTakeFirst();
  if (!tenant || !user) return;
  const key = `x/${user.id}/${crypto.randomBytes(12).toString('base64url')}.zip`;
  try {
    const chunks: Uint8Array[] = [];
    for await (const chunk of Readable.fromWeb((await exportZip(db, tenant, user, media)) as never)) chunks.push(chunk as Uint8Array);
    await media.put(key, Buffer.concat(chunks), 'application/zip');
    const done = await db.updateTable('data_exports').set({ status: 'ready', file_key: key }).where('id', '=', row.id).where('status', '=', 'preparing').returning('id').executeTakeFirst();
    // Asked for again meanwhile, or removed: the file is nobody's.
    if (!done) await deleteUnreachable(media, [key]);
  } catch (error) {
    if (attempt.last) await db.updateTable('data_exports').set({ status: 'failed' }).where('id', '=', row.id).where('status', '=', 'preparing').execute();
    throw error;
  }
}

export type ExportDownload = { kind: 'stream' } | { kind: 'file'; key: string } | { kind: 'preparing' } | { kind: 'failed' };

/**
 * What `token` gives this very member on this tenant, while it is fresh: the zip to stream now, the
 * prepared file, or "still being prepared"; null for anyone else, another tenant, or an expired link.
 */
export async function claimExport(db: Kysely<DB>, tenant: Tenant, user: User, token: string): Promise<ExportDownload | null> {
  if (!token || token.length > 100) return null;
  const row = await db
    .selectFrom('data_exports')
    .select(['id', 'status', 'file_key'])
    .where('id', '=', hashToken(token))
    .where('user_id', '=', user.id)
    .where('tenant_id', '=', tenant.id)
    .where('expires_at', '>', now())
    .executeTakeFirst();
  if (!row) return null;
  if (row.status === 'preparing' || row.status === 'failed') return { kind: row.status };
  await db.updateTable('data_exports').set({ downloaded_at: now() }).where('id', '=', row.id).execute();
  return row.file_key ? { kind: 'file', key: row.file_key } : { kind: 'stream' };
}

/** The zip: data.json and every photo of the member the media store holds (profile and chat photos they sent), streamed. */
export async function exportZip(db: Kysely<DB>, tenant: Tenant, user: User, media: MediaStorage): Promise<ReadableStream<Uint8Array>> {
  const data = await collectExport(db, tenant, user);
  const zip = new ZipFile();
  zip.addBuffer(Buffer.from(JSON.stringify(data, null, 2)), 'data.json');
  const tables = data.tables as Record<string, Rows>;
  const keys = [
    ...((tables.photos ?? []) as { filename: string }[]).map((p) => p.filename),
    ...(tables.messages ?? []).filter((m) => m.photo_filename && m.sender_profile_id === user.profile_id).map((m) => String(m.photo_filename)),
  ];
  for (const key of keys) {
    // Demo pictures are not in the store: they are generated, not the member's upload.
    if (!isMediaKey(key)) continue;
    const stored = await media.get(key);
    if (stored && stored !== 'not_modified') zip.addReadStream(stored.body, `photos/${key.replace(/[^\w.-]+/g, '_')}`);
  }
  zip.end();
  const out = new PassThrough();
  zip.outputStream.pipe(out);
  return Readable.toWeb(out) as ReadableStream<Uint8Array>;
}
