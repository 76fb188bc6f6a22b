// Member photos (docs/product.md §5, docs/architecture.md §10): JPEG, PNG, WebP or HEIC (where sharp reads it), checked by their first bytes, at most
// MAX_UPLOAD_BYTES and MAX_INPUT_PIXELS, re-encoded to WebP by sharp (which drops all metadata,
// EXIF location included) with a thumbnail. Free members keep up to 3 photos, premium members 25;
// the limit is held by the database under concurrent uploads (docs/decisions/0012).
import crypto from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { z } from 'zod';
import { idSchema } from '~/shared/request-rules';
import sharp, { type OutputInfo } from 'sharp';
import type { DB, User } from '../db/schema';
import { THUMB_SIZE } from '../media/demo-picture';
import { deleteUnreachable, type MediaStorage } from '../media/storage';

/** 10 MB as the texts say it (decimal: 10,000,000 bytes), not 10 MiB. */
export const MAX_UPLOAD_BYTES = 10_000_000;
export const MAX_INPUT_PIXELS = 40_000_000;
export const PHOTO_LIMITS = { free: 3, premium: 25 } as const;
const MAX_EDGE = 1600;

/** premium_only: a free member at the free limit (more is a premium feature); photo_limit: a premium member at theirs. */
export type PhotoError = 'no_profile' | 'premium_only' | 'photo_limit' | 'too_large' | 'not_image' | 'heic_unsupported' | 'too_many_pixels' | 'not_found' | 'pending_review';

/**
 * A tenant's photo moderation (docs/decisions/0029, tenant setting `photo_moderation`): `pre` keeps a
 * new photo to its owner until a moderator approves it, `post` shows it at once and reviews it after.
 * Either way the photo waits in the moderation queue. `profiles.main_photo_id` only ever names a
 * photo others may see (public), so every listing that joins the main photo shows no pending one.
 */
export type PhotoModeration = 'pre' | 'post';

/**
 * Whether this sharp build decodes HEIC (HEVC). The prebuilt registry packages read AVIF only, so
 * HEIC gets its own message, and the upload field does not offer HEIC: iOS then converts camera
 * photos to JPEG itself.
 */
export const HEIC_READABLE = sharp.format.heif.input.fileSuffix?.includes('.heic') ?? false;
export const ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/webp', ...(HEIC_READABLE ? ['image/heic'] : [])].join(',');
/** PUT and DELETE /api/photos.php, and the /profile photo buttons: which photo. */
export const PhotoTargetSchema = z.object({ photo: idSchema });

export type UploadResult = { ok: true; photo: { id: number; filename: string; thumb_filename: string } } | { ok: false; error: PhotoError };

/** The image type by magic bytes, or null for anything that is not an accepted image. */
export function sniffImageType(bytes: Uint8Array): 'jpeg' | 'png' | 'webp' | 'heic' | null {
  const ascii = (from: number, to: number) => Buffer.from(bytes.subarray(from, to)).toString('latin1');
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (ascii(0, 8) === '\x89PNG\r\n\x1a\n') return 'png';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  if (ascii(4, 8) === 'ftyp' && ['heic', 'heix', 'hevc', 'mif1', 'msf1'].includes(ascii(8, 12))) return 'heic';
  return null;
}

export type EncodedPhoto = { ok: true; full: { data: Buffer; info: OutputInfo }; thumb: { data: Buffer; info: OutputInfo } } | { ok: false; error: PhotoError };

/**
 * Checks an uploaded image (size, magic bytes, HEIC support, pixel count) and re-encodes it to WebP
 * with sharp — which writes no metadata, so EXIF (location, camera) is gone — at most MAX_EDGE on
 * its longer side, plus a thumbnail of the given box. Profile photos and chat photos both use it.
 */
export async function encodePhoto(bytes: Uint8Array, thumbBox: { width: number; height: number; fit: 'cover' | 'inside' }): Promise<EncodedPhoto> {
  if (bytes.byteLength > MAX_UPLOAD_BYTES) return { ok: false, error: 'too_large' };
  const type = sniffImageType(bytes);
  if (!type) return { ok: false, error: 'not_image' };
  if (type === 'heic' && !HEIC_READABLE) return { ok: false, error: 'heic_unsupported' };
  try {
    const input = () => sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
    const full = await input().resize(MAX_EDGE, MAX_EDGE, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 82 }).toBuffer({ resolveWithObject: true });
    const thumb = await input()
      .resize(thumbBox.width, thumbBox.height, { fit: thumbBox.fit, withoutEnlargement: thumbBox.fit === 'inside' })
      .webp({ quality: 78 })
      .toBuffer({ resolveWithObject: true });
    return { ok: true, full, thumb };
  } catch (error) {
    return { ok: false, error: /pixel limit/i.test((error as Error).message) ? 'too_many_pixels' : 'not_image' };
  }
}

/**
 * The member's photo limit and, at it, the refusal an upload gets (premium_only for a free member:
 * more photos are a premium feature; photo_limit for a premium one). /profile offers no upload then
 * (issue 34 item 9), with the same text.
 */
export function photoRoom(user: Pick<User, 'paid_user'>, count: number): { limit: number; refusal: PhotoError | null } {
  const limit = user.paid_user ? PHOTO_LIMITS.premium : PHOTO_LIMITS.free;
  return { limit, refusal: count < limit ? null : user.paid_user ? 'photo_limit' : 'premium_only' };
}

/** What an upload passes to uploadPhoto so that the photo is screened (trust/photo-screening.ts uploadScreening makes one). */
export interface UploadScreening {
  /** Hidden from others until screened, on a `post` tenant too (the policy's `required`). */
  required: boolean;
  queue: (photoId: number) => Promise<void>;
}

/**
 * Stores a member's new photo. With `screening` (trust/photo-screening.ts, docs/decisions/0065) the
 * photo is queued for the model after the commit, and on a `post` tenant whose policy requires
 * screening it is hidden from others until the job has screened it.
 */
export async function uploadPhoto(db: Kysely<DB>, user: User, bytes: Uint8Array, media: MediaStorage, moderation: PhotoModeration, screening?: UploadScreening): Promise<UploadResult> {
  if (!user.profile_id) return { ok: false, error: 'no_profile' };
  if (bytes.byteLength > MAX_UPLOAD_BYTES) return { ok: false, error: 'too_large' };
  const type = sniffImageType(bytes);
  if (!type) return { ok: false, error: 'not_image' };
  if (type === 'heic' && !HEIC_READABLE) return { ok: false, error: 'heic_unsupported' };
  const { limit, refusal } = photoRoom(user, await countPhotos(db, user.profile_id));
  // A cheap early answer; the count that counts is taken again under the row lock below.
  if (refusal) return { ok: false, error: refusal };
  const atLimit: PhotoError = photoRoom(user, limit).refusal!;

  const encoded = await encodePhoto(bytes, { width: THUMB_SIZE.width, height: THUMB_SIZE.height, fit: 'cover' });
  if (!encoded.ok) return encoded;
  const { full, thumb } = encoded;

  const name = crypto.randomBytes(12).toString('base64url');
  const filename = `u/${user.profile_id}/${name}.webp`;
  const thumbFilename = `u/${user.profile_id}/${name}-thumb.webp`;
  // Stored before the row exists, so that a photo is never listed without its files.
  await storeBoth(media, [filename, full.data], [thumbFilename, thumb.data]);

  const profileId = user.profile_id;
  const shownAtOnce = moderation === 'post' && !screening?.required;
  const photo = await withFilesRemovedOnFailure(media, [filename, thumbFilename], () => db.transaction().execute(async (trx) => {
    // The limit pattern (docs/decisions/0012): lock the owner's row, count, write, commit. Parallel
    // uploads of one member queue on the lock, so the count each sees includes the others' photos.
    await trx.selectFrom('profiles').select('id').where('id', '=', profileId).forUpdate().executeTakeFirstOrThrow();
    if ((await countPhotos(trx, profileId)) >= limit) return null;
    const last = await trx.selectFrom('photos').select((eb) => eb.fn.max('position').as('max')).where('profile_id', '=', profileId).executeTakeFirst();
    const inserted = await trx
      .insertInto('photos')
      .values({
        profile_id: profileId,
        filename,
        thumb_filename: thumbFilename,
        width: full.info.width,
        height: full.info.height,
        position: last?.max === null || last?.max === undefined ? 0 : Number(last.max) + 1,
        review: 'pending',
        public: shownAtOnce,
        screening: screening ? 'waiting' : null,
      })
      .returning(['id', 'filename', 'thumb_filename'])
      .executeTakeFirstOrThrow();
    // A photo others do not see yet becomes the main one when it is approved (trust/photo-review.ts).
    if (shownAtOnce) await trx.updateTable('profiles').set({ main_photo_id: inserted.id }).where('id', '=', profileId).where('main_photo_id', 'is', null).execute();
    return inserted;
  }));
  if (!photo) {
    await deleteUnreachable(media, [filename, thumbFilename]);
    return { ok: false, error: atLimit };
  }
  await screening?.queue(photo.id);
  return { ok: true, photo };
}

async function countPhotos(db: Kysely<DB>, profileId: number): Promise<number> {
  const row = await db.selectFrom('photos').select((eb) => eb.fn.countAll<number>().as('n')).where('profile_id', '=', profileId).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Stores a picture and its thumbnail; when one cannot be stored, neither stays. */
export async function storeBoth(media: MediaStorage, ...files: [key: string, data: Uint8Array][]): Promise<void> {
  // Settled, not Promise.all: a removal must not overtake a put still under way.
  const results = await Promise.allSettled(files.map(([key, data]) => media.put(key, data, 'image/webp')));
  const failed = results.find((result) => result.status === 'rejected');
  if (!failed) return;
  await media.delete(files.map(([key]) => key)).catch(() => undefined);
  throw failed.reason;
}

/** Runs `work`; when it throws, the files stored for it are removed before the error goes on. */
export async function withFilesRemovedOnFailure<T>(media: MediaStorage, keys: string[], work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    await media.delete(keys).catch(() => undefined);
    throw error;
  }
}

/**
 * Deletes a member's own photo, its files too; the next photo becomes the main one. The row goes
 * first: from then on the photo is not served (media-handler.ts), whatever the store does next.
 */
export async function deletePhoto(db: Kysely<DB>, user: User, photoId: number, media: MediaStorage): Promise<{ ok: true } | { ok: false; error: PhotoError }> {
  if (!user.profile_id) return { ok: false, error: 'no_profile' };
  const photo = await db.deleteFrom('photos').where('id', '=', photoId).where('profile_id', '=', user.profile_id).returning(['filename', 'thumb_filename']).executeTakeFirst();
  if (!photo) return { ok: false, error: 'not_found' };
  await fallBackMainPhoto(db, user.profile_id);
  await deleteUnreachable(media, [photo.filename, photo.thumb_filename]);
  return { ok: true };
}

/** After a photo's row is gone (the main photo's reference is set null by its key): the next photo others see becomes the main one. */
export async function fallBackMainPhoto(db: Kysely<DB> | Transaction<DB>, profileId: number): Promise<void> {
  const next = await db.selectFrom('photos').select('id').where('profile_id', '=', profileId).where('public', '=', true).orderBy('position').orderBy('id').executeTakeFirst();
  await db.updateTable('profiles').set({ main_photo_id: next?.id ?? null }).where('id', '=', profileId).where('main_photo_id', 'is', null).execute();
}

export async function setMainPhoto(db: Kysely<DB>, user: User, photoId: number): Promise<{ ok: true } | { ok: false; error: PhotoError }> {
  if (!user.profile_id) return { ok: false, error: 'no_profile' };
  const photo = await db.selectFrom('photos').select(['id', 'public']).where('id', '=', photoId).where('profile_id', '=', user.profile_id).executeTakeFirst();
  if (!photo) return { ok: false, error: 'not_found' };
  // The main photo is what others see first: a photo still waiting for approval cannot be it.
  if (!photo.public) return { ok: false, error: 'pending_review' };
  await db.updateTable('profiles').set({ main_photo_id: photo.id }).where('id', '=', user.profile_id).execute();
  return { ok: true };
}

export const PHOTO_MESSAGES: Record<PhotoError, string> = {
  no_profile: 'api.error.notFound',
  premium_only: 'photos.error.premiumOnly',
  photo_limit: 'photos.error.limit',
  too_large: 'photos.error.tooLarge',
  not_image: 'photos.error.notImage',
  heic_unsupported: 'photos.error.heicUnsupported',
  too_many_pixels: 'photos.error.tooManyPixels',
  not_found: 'api.error.notFound',
  pending_review: 'photos.error.pendingReview',
};
