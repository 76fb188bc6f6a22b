// A member's data export (GDPR Art. 15 and 20, issue 25, docs/decisions/0029): a JSON file of
// everything the product holds about the member, and their photos, in a zip. Every table has a rule
// here — what of it is the member's, or why none of it is (EXPORT_RULES is a Record over the schema,
// and a test compares it with the database's tables, so a new table without a rule fails). The member
// asks for it and gets a link that works for 24 hours and only with their own session; the zip is
// built while it streams (yazl), so its size costs no memory.
import crypto from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { ZipFile } from 'yazl';
import { now } from '../clock';
import type { DB, User } from '../db/schema';
import { hashToken } from '../accounts/tokens';
import { isMediaKey, type MediaStorage } from '../media/storage';
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
  data_exports: { about: 'member', rows: async (db, who) => (await db.selectFrom('data_exports').select(['created_at', 'expires_at', 'downloaded_at']).where('user_id', '=', who.userId).execute()) as Rows },
  operators: { about: 'none', why: 'staff accounts' },
  operator_tenants: { about: 'none', why: 'staff accounts' },
  operator_sessions: { about: 'none', why: 'staff sessions' },
  operator_tokens: { about: 'none', why: 'staff set-password links' },
  operator_login_failures: { about: 'none', why: 'staff login failures' },
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

/** A download link for the member, valid EXPORT_LINK_HOURS; only its hash is stored. */
export async function requestExport(db: Kysely<DB>, tenant: Tenant, user: User): Promise<{ token: string; expiresAt: Date }> {
  const token = crypto.randomBytes(32).toString('base64url');
  const created = now();
  const expiresAt = new Date(created.getTime() + EXPORT_LINK_HOURS * 3600_000);
  await db.insertInto('data_exports').values({ id: hashToken(token), user_id: user.id, tenant_id: tenant.id, created_at: created, expires_at: expiresAt }).execute();
  return { token, expiresAt };
}

/** Whether `token` is a fresh export link of this very member on this tenant; marks it downloaded. */
export async function claimExport(db: Kysely<DB>, tenant: Tenant, user: User, token: string): Promise<boolean> {
  if (!token || token.length > 100) return false;
  const row = await db
    .updateTable('data_exports')
    .set({ downloaded_at: now() })
    .where('id', '=', hashToken(token))
    .where('user_id', '=', user.id)
    .where('tenant_id', '=', tenant.id)
    .where('expires_at', '>', now())
    .returning('id')
    .executeTakeFirst();
  return Boolean(row);
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
