// Deleting an account (docs/product.md §4, §9): a reason of docs/product.md §9 and a comment; the account is pending
// deletion and hidden at once, can be reactivated within 14 days through the e-mailed link, and is
// then erased: personal data and the profile go, the user row stays pseudonymised for the
// financial records the law makes us keep.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { z } from 'zod';
import { text, TEXT_LIMITS } from '~/shared/request-rules';
import { DELETE_REASONS } from '~/shared/catalogue';
import type { Locale } from '~/shared/locales';
import { now } from '../clock';
import type { DB, User } from '../db/schema';
import { serverMessage } from '../i18n/messages';
import { deleteUnreachable, type MediaStorage } from '../media/storage';
import { enqueueMail } from '../mail/mail';
import type { Tenant } from '../tenants/schema';
import { consumeToken, createToken, hashToken } from './tokens';

export const REACTIVATION_DAYS = 14;

export const DeletionSchema = z.object({ reason: z.string().max(32), comment: text(TEXT_LIMITS.comment).optional() });

export type DeletionResult = { ok: true } | { ok: false; error: 'invalid_reason' };

export async function requestDeletion(
  db: Kysely<DB>,
  tenant: Tenant,
  user: User,
  input: { reason?: unknown; comment?: unknown; origin: string; locale: Locale },
): Promise<DeletionResult> {
  const reason = typeof input.reason === 'string' ? input.reason : '';
  if (!(DELETE_REASONS as readonly string[]).includes(reason)) return { ok: false, error: 'invalid_reason' };
  const comment = typeof input.comment === 'string' ? input.comment.trim().slice(0, 1000) : '';
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ status: 'pending_deletion', deletion_requested_at: now(), delete_reason: reason, delete_comment: comment || null })
      .where('id', '=', user.id)
      .where('tenant_id', '=', tenant.id)
      .execute();
    if (user.profile_id) await trx.updateTable('profiles').set({ status: 'disabled' }).where('id', '=', user.profile_id).execute();
    await trx.deleteFrom('sessions').where('user_id', '=', user.id).execute();
    const token = await createToken(trx, { tenantId: tenant.id, userId: user.id, kind: 'reactivation' });
    const t = (id: string) => serverMessage(input.locale, id, { site: tenant.settings.name, days: REACTIVATION_DAYS });
    await enqueueMail(trx, tenant, {
      kind: 'reactivation',
      priority: 'transactional',
      to: user.email,
      locale: input.locale,
      content: {
        subject: t('mail.deleted.subject'),
        heading: t('mail.deleted.heading'),
        paragraphs: [t('mail.deleted.body')],
        action: { label: t('mail.deleted.action'), url: `${input.origin}/reactivate?token=${encodeURIComponent(token)}` },
      },
    });
  });
  return { ok: true };
}

/** What a mailed reactivation link can still do (issue 48 item 24). */
export type ReactivationLink = { state: 'usable' } | { state: 'gone'; days: number } | { state: 'invalid' };

/**
 * The state of a reactivation link, changing nothing (the page the link opens shows it): `gone` once
 * its account's 14 days have passed — erased or about to be (the nightly erasure may not have run
 * yet) —, `invalid` for a link used, unknown or of an account no longer pending deletion.
 */
export async function reactivationLink(db: Kysely<DB>, tenant: Tenant, token: string): Promise<ReactivationLink> {
  if (!token || token.length > 200) return { state: 'invalid' };
  const row = await db
    .selectFrom('account_tokens')
    .innerJoin('users', 'users.id', 'account_tokens.user_id')
    .select(['account_tokens.used_at', 'account_tokens.expires_at', 'users.status', 'users.deletion_requested_at'])
    .where('account_tokens.id', '=', hashToken(token))
    .where('account_tokens.tenant_id', '=', tenant.id)
    .where('account_tokens.kind', '=', 'reactivation')
    .where('users.tenant_id', '=', tenant.id)
    .executeTakeFirst();
  if (!row) return { state: 'invalid' };
  const at = now().getTime();
  const windowPassed = row.status === 'pending_deletion' && (row.deletion_requested_at?.getTime() ?? at) + REACTIVATION_DAYS * 24 * 3600_000 <= at;
  if (row.status === 'deleted' || windowPassed) return { state: 'gone', days: REACTIVATION_DAYS };
  if (row.status !== 'pending_deletion' || row.used_at !== null || row.expires_at.getTime() <= at) return { state: 'invalid' };
  return { state: 'usable' };
}

export type ReactivationResult = { ok: true } | { ok: false; error: 'account_deleted'; days: number } | { ok: false; error: 'invalid_link' };

/** Reactivates an account pending deletion from the e-mailed link, within the 14 days; says why not otherwise. */
export async function reactivateAccount(db: Kysely<DB>, tenant: Tenant, token: string): Promise<ReactivationResult> {
  const done = await db.transaction().execute(async (trx) => {
    // The window is what counts, not the token's own expiry (the erasure may not have run yet).
    if ((await reactivationLink(trx, tenant, token)).state !== 'usable') return false;
    const used = await consumeToken(trx, { tenantId: tenant.id, kind: 'reactivation', token });
    if (!used) return false;
    const user = await trx
      .updateTable('users')
      .set((eb) => ({
        status: eb.case().when('confirmed_at', 'is not', null).then('confirmed' as const).else('not_confirmed' as const).end(),
        deletion_requested_at: null,
        delete_reason: null,
        delete_comment: null,
      }))
      .where('id', '=', used.userId)
      .where('tenant_id', '=', tenant.id)
      .where('status', '=', 'pending_deletion')
      .returning(['profile_id', 'status'])
      .executeTakeFirst();
    if (!user) return false;
    if (user.profile_id && user.status === 'confirmed') await trx.updateTable('profiles').set({ status: 'active' }).where('id', '=', user.profile_id).execute();
    return true;
  });
  if (done) return { ok: true };
  const link = await reactivationLink(db, tenant, token);
  return link.state === 'gone' ? { ok: false, error: 'account_deleted', days: link.days } : { ok: false, error: 'invalid_link' };
}

/**
 * Erases accounts whose reactivation window has passed; returns how many. Runs as a periodic job.
 * The profile's photos and the chat pictures of its conversations (whoever sent them: the
 * conversations go with the profile) leave the media store once the rows are gone.
 */
export async function eraseExpiredAccounts(db: Kysely<DB>, media: MediaStorage): Promise<number> {
  const cutoff = new Date(now().getTime() - REACTIVATION_DAYS * 24 * 3600_000);
  const files: string[] = [];
  const erased = await db.transaction().execute(async (trx) => {
    const expired = await trx
      .selectFrom('users')
      .select(['id', 'profile_id'])
      .where('status', '=', 'pending_deletion')
      .where('deletion_requested_at', '<', cutoff)
      .execute();
    if (expired.length === 0) return 0;
    const ids = expired.map((u) => u.id);
    await trx
      .updateTable('users')
      .set({
        status: 'deleted',
        email: sql<string>`'deleted-' || id || '@deleted.invalid'`,
        password_hash: '',
        profile_id: null,
        tracking: null,
        signup_message: null,
        signup_host: null,
        delete_comment: null,
        notifications_disabled: [],
      })
      .where('id', 'in', ids)
      .execute();
    const profileIds = expired.flatMap((u) => (u.profile_id ? [u.profile_id] : []));
    if (profileIds.length) files.push(...(await uploadsOfProfiles(trx, profileIds)));
    await trx.deleteFrom('profiles').where('user_id', 'in', ids).execute();
    // The reactivation links stay (a hash, no personal data): their page can then say the account
    // is gone for good rather than "invalid" (issue 48 item 24).
    await trx.deleteFrom('account_tokens').where('user_id', 'in', ids).where('kind', '!=', 'reactivation').execute();
    return ids.length;
  });
  await deleteUnreachable(media, files);
  return erased;
}

/**
 * The stored files that go with these profiles: their photos, and the chat pictures in their
 * conversations. Only members' uploads (u/, c/): a message may show a fictional profile's photo
 * (an operator's answer), which belongs to that profile and stays.
 */
async function uploadsOfProfiles(db: Kysely<DB>, profileIds: number[]): Promise<string[]> {
  const photos = await db.selectFrom('photos').select(['filename', 'thumb_filename']).where('profile_id', 'in', profileIds).execute();
  const pictures = await db
    .selectFrom('messages')
    .innerJoin('conversations', 'conversations.id', 'messages.conversation_id')
    .select(['messages.photo_filename', 'messages.photo_thumb_filename'])
    .where('messages.kind', '=', 'photo')
    .where((eb) => eb.or([eb('conversations.profile_low', 'in', profileIds), eb('conversations.profile_high', 'in', profileIds)]))
    .execute();
  return [
    ...photos.flatMap((p) => [p.filename, p.thumb_filename]).filter((f) => f.startsWith('u/')),
    ...pictures.flatMap((m) => [m.photo_filename, m.photo_thumb_filename]).filter((f): f is string => f?.startsWith('c/') ?? false),
  ];
}
