// Photo moderation (issue 25 item 3, docs/decisions/0029). Every photo a member uploads waits in the
// moderation queue (`photos.review = 'pending'`); on a `pre` tenant nobody but its owner sees it
// until a moderator approves it (`photos.public`), on a `post` tenant everyone sees it at once.
// Approving makes it public (and the main photo when the profile has none). Rejecting deletes the
// row — from then on the file is served to nobody (media-handler.ts needs the row) — then the files
// through the media storage, tells the member why (a reason from a fixed list, in their language,
// on /profile until dismissed), and lets the next public photo become the main one. Only operators
// with the moderation role of the photo's tenant see or decide; each decision is an audit row.
import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import { PHOTO_REJECTION_REASONS, isRejectionReason, type PendingPhotoView, type PhotoRejectionView } from '~/shared/photo-review';
import { idSchema } from '~/shared/request-rules';
import { now } from '../clock';
import type { DB, User } from '../db/schema';
import { fallBackMainPhoto } from '../members/photos';
import { deleteUnreachable, type MediaStorage } from '../media/storage';
import { recordAudit } from '../operators/audit';
import type { OperatorActor } from '../operators/operator';
import { tenantsWithRole } from '../operators/roles';
import type { Tenant } from '../tenants/schema';

export const PhotoDecisionSchema = z.object({ photo: idSchema });
export const PhotoRejectSchema = z.object({ photo: idSchema, reason: z.enum(PHOTO_REJECTION_REASONS, { message: 'validation.choice' }) });

export type PhotoReviewError = 'not_found';

const scope = (operator: OperatorActor) => tenantsWithRole(operator, 'moderation');

/**
 * Pending photos of the operator's moderation tenants, by risk (docs/decisions/0065): first those
 * screening held, highest risk first; then those without scores (not screened yet, or the model
 * failed), oldest first, as the queue always was; then the screened rest, highest risk first.
 * `prefixOf` gives a tenant's cdn prefix.
 */
export async function photoQueue(db: Kysely<DB>, operator: OperatorActor, prefixOf: (tenantId: string) => string): Promise<PendingPhotoView[]> {
  const tenants = scope(operator);
  if (!tenants.length) return [];
  const rows = await db
    .selectFrom('photos')
    .innerJoin('profiles', 'profiles.id', 'photos.profile_id')
    .select([
      'photos.id',
      'photos.filename',
      'photos.thumb_filename',
      'photos.public',
      'photos.created_at',
      'photos.screening',
      'photos.screen_scores',
      'photos.screen_reason',
      'photos.screen_risk',
      'profiles.id as profile_id',
      'profiles.name',
      'profiles.tenant_id',
    ])
    .where('photos.review', '=', 'pending')
    .where('profiles.tenant_id', 'in', tenants)
    .orderBy(sql`case when photos.screening = 'held' then 0 when photos.screen_risk is null then 1 else 2 end`)
    .orderBy(sql`photos.screen_risk desc nulls last`)
    .orderBy('photos.created_at')
    .orderBy('photos.id')
    .limit(100)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    tenantId: row.tenant_id!,
    profile: { id: row.profile_id, name: row.name },
    url: prefixOf(row.tenant_id!) + row.filename,
    thumb: prefixOf(row.tenant_id!) + row.thumb_filename,
    public: row.public,
    uploadedAt: row.created_at.toISOString(),
    screening: row.screening ? { state: row.screening, scores: row.screen_scores, reason: row.screen_reason, risk: row.screen_risk === null ? null : Number(row.screen_risk) } : null,
  }));
}

/** The pending photo, if it belongs to a member of one of these tenants; locked for the decision. */
function pendingPhoto(db: Kysely<DB>, tenants: string[], photoId: number) {
  return db
    .selectFrom('photos')
    .innerJoin('profiles', 'profiles.id', 'photos.profile_id')
    .select(['photos.id', 'photos.profile_id', 'photos.filename', 'photos.thumb_filename', 'profiles.tenant_id'])
    .where('photos.id', '=', photoId)
    .where('photos.review', '=', 'pending')
    .where('profiles.tenant_id', 'in', tenants);
}

export async function approvePhoto(db: Kysely<DB>, operator: OperatorActor, input: z.infer<typeof PhotoDecisionSchema>): Promise<{ ok: true } | { ok: false; error: PhotoReviewError }> {
  const tenants = scope(operator);
  if (!tenants.length) return { ok: false, error: 'not_found' };
  return db.transaction().execute(async (trx) => {
    const photo = await pendingPhoto(trx, tenants, input.photo).executeTakeFirst();
    if (!photo) return { ok: false as const, error: 'not_found' as const };
    // Conditional: of two moderators deciding at once, one approves and the other finds nothing pending.
    const approved = await trx.updateTable('photos').set({ review: 'approved', public: true }).where('id', '=', photo.id).where('review', '=', 'pending').returning('id').executeTakeFirst();
    if (!approved) return { ok: false as const, error: 'not_found' as const };
    await trx.updateTable('profiles').set({ main_photo_id: photo.id }).where('id', '=', photo.profile_id).where('main_photo_id', 'is', null).execute();
    await recordAudit(trx, { operatorId: operator.id, tenantId: photo.tenant_id!, action: 'photo_approve', detail: { photo: photo.id, profile: photo.profile_id } });
    return { ok: true as const };
  });
}

export async function rejectPhoto(
  db: Kysely<DB>,
  operator: OperatorActor,
  media: MediaStorage,
  input: z.infer<typeof PhotoRejectSchema>,
): Promise<{ ok: true } | { ok: false; error: PhotoReviewError }> {
  const tenants = scope(operator);
  if (!tenants.length) return { ok: false, error: 'not_found' };
  const result = await db.transaction().execute(async (trx) => {
    const photo = await pendingPhoto(trx, tenants, input.photo).executeTakeFirst();
    if (!photo) return null;
    const deleted = await trx.deleteFrom('photos').where('id', '=', photo.id).where('review', '=', 'pending').returning('id').executeTakeFirst();
    if (!deleted) return null;
    await fallBackMainPhoto(trx, photo.profile_id);
    await trx.insertInto('photo_rejections').values({ tenant_id: photo.tenant_id!, profile_id: photo.profile_id, reason: input.reason, created_at: now() }).execute();
    await recordAudit(trx, { operatorId: operator.id, tenantId: photo.tenant_id!, action: 'photo_reject', detail: { photo: photo.id, profile: photo.profile_id, reason: input.reason } });
    return photo;
  });
  if (!result) return { ok: false, error: 'not_found' };
  // The row is gone, so the files are unreachable already; the store is asked after the commit.
  await deleteUnreachable(media, [result.filename, result.thumb_filename]);
  return { ok: true };
}

/** The member's rejected photos they have not dismissed (newest first). */
export async function photoRejections(db: Kysely<DB>, tenant: Tenant, user: Pick<User, 'profile_id'>): Promise<PhotoRejectionView[]> {
  if (!user.profile_id) return [];
  const rows = await db
    .selectFrom('photo_rejections')
    .select(['id', 'reason', 'created_at'])
    .where('profile_id', '=', user.profile_id)
    .where('tenant_id', '=', tenant.id)
    .where('dismissed_at', 'is', null)
    .orderBy('id', 'desc')
    .limit(10)
    .execute();
  return rows.flatMap((row) => (isRejectionReason(row.reason) ? [{ id: row.id, reason: row.reason, at: row.created_at.toISOString() }] : []));
}

/** The member has read the notices: they go. */
export async function dismissPhotoRejections(db: Kysely<DB>, tenant: Tenant, user: Pick<User, 'profile_id'>): Promise<void> {
  if (!user.profile_id) return;
  await db.updateTable('photo_rejections').set({ dismissed_at: now() }).where('profile_id', '=', user.profile_id).where('tenant_id', '=', tenant.id).where('dismissed_at', 'is', null).execute();
}

/** My profile's photos (the owner sees every one, with whether others see it yet) and the notices of rejected ones. */
export async function ownPhotos(db: Kysely<DB>, tenant: Tenant, user: Pick<User, 'profile_id'>) {
  const photos = user.profile_id
    ? await db.selectFrom('photos').select(['id', 'thumb_filename', 'public']).where('profile_id', '=', user.profile_id).orderBy('position').orderBy('id').execute()
    : [];
  return {
    photos: photos.map((p) => ({ id: p.id, thumb: tenant.settings.cdn_prefix + p.thumb_filename, hidden: !p.public })),
    rejections: await photoRejections(db, tenant, user),
  };
}
