// Screening members' new photos before a moderator sees them (issue 47 part 2, docs/decisions/0065).
// An upload queues one job (`photos.screen`, off the request path); the job reads the stored photo,
// has the bundled model score it (photo-classifier.ts) and applies the tenant's policy
// (screening-policy.ts): held photos stay hidden until a moderator approves them, clearly harmless
// ones on a tenant that allows it are shown at once, the rest wait as before. The moderation queue is
// ordered by the stored risk (photo-review.ts). A model that does not load or classify leaves the
// photo as it was — in the ordinary queue, hidden wherever it was hidden — marked `failed`: never
// published by the failure.
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { JobQueue } from '../jobs/queue';
import { fallBackMainPhoto, type UploadScreening } from '../members/photos';
import type { MediaStorage } from '../media/storage';
import { moduleLogger } from '../observability/logger';
import type { Tenant } from '../tenants/schema';
import { photoClassifier, type PhotoClassifier } from './photo-classifier';
import { screeningOutcome, screeningPolicy } from '../tenants/screening-policy';

const log = moduleLogger('screening');

export interface ScreenJob {
  photo: number;
}

/** The tenant's screening for an upload: queued on `jobs`; a queue that does not answer leaves the photo waiting (it is queued again at the next start). */
export function uploadScreening(tenant: Tenant, jobs: Pick<JobQueue, 'send'>): UploadScreening {
  return {
    required: screeningPolicy(tenant).required,
    async queue(photoId) {
      try {
        await jobs.send('photos.screen', { photo: photoId } satisfies ScreenJob);
      } catch (error) {
        log.warn({ photo: photoId, error: (error as Error).message }, 'could not queue the screening of a photo');
      }
    },
  };
}

export type ScreenResult = 'held' | 'passed' | 'published' | 'failed' | 'skipped';

/**
 * Screens one photo: the job's work. `skipped` when there is nothing to do (the photo was decided,
 * deleted or screened meanwhile). Only a photo still pending and unscreened is written, by a
 * conditional update, so a moderator's decision taken during the classification always wins.
 */
export async function screenPhoto(
  db: Kysely<DB>,
  deps: { tenant: (id: string) => Tenant | undefined; media: MediaStorage; classifier?: PhotoClassifier },
  job: ScreenJob,
): Promise<ScreenResult> {
  const photo = await unscreened(db)
    .innerJoin('profiles', 'profiles.id', 'photos.profile_id')
    .select(['photos.id', 'photos.profile_id', 'photos.filename', 'photos.public', 'profiles.tenant_id'])
    .where('photos.id', '=', job.photo)
    .executeTakeFirst();
  const tenant = photo?.tenant_id ? deps.tenant(photo.tenant_id) : undefined;
  if (!photo || !tenant) return 'skipped';

  let scores;
  try {
    const stored = await deps.media.get(photo.filename);
    if (!stored || stored === 'not_modified') throw new Error('the photo is not in the media store');
    const chunks: Uint8Array[] = [];
    for await (const chunk of stored.body) chunks.push(chunk as Uint8Array);
    scores = await (deps.classifier ?? photoClassifier).classify(Buffer.concat(chunks));
  } catch (error) {
    log.warn({ photo: photo.id, tenant: tenant.id, error: (error as Error).message }, 'screening a photo failed: it waits for a moderator unscreened');
    const marked = await unscreenedUpdate(db, photo.id).set({ screening: 'failed', screened_at: new Date() }).returning('id').executeTakeFirst();
    return marked ? 'failed' : 'skipped';
  }

  const outcome = screeningOutcome(screeningPolicy(tenant), tenant.settings.photo_moderation, scores);
  return db.transaction().execute(async (trx) => {
    const updated = await unscreenedUpdate(trx, photo.id)
      .set({
        screening: outcome.screening,
        screen_scores: JSON.stringify(scores) as never,
        screen_risk: outcome.risk,
        screen_reason: outcome.reason ? (JSON.stringify(outcome.reason) as never) : null,
        screened_at: new Date(),
        ...(outcome.public === null ? {} : { public: outcome.public }),
      })
      .returning('id')
      .executeTakeFirst();
    if (!updated) return 'skipped' as const;
    if (outcome.public === true && !photo.public) {
      // Published by screening: the main photo when the profile has none, as an approval does.
      await trx.updateTable('profiles').set({ main_photo_id: photo.id }).where('id', '=', photo.profile_id).where('main_photo_id', 'is', null).execute();
    }
    if (outcome.public === false && photo.public) {
      // Held on a `post` tenant: others stop seeing it, and the next public photo becomes the main one.
      await trx.updateTable('profiles').set({ main_photo_id: null }).where('id', '=', photo.profile_id).where('main_photo_id', '=', photo.id).execute();
      await fallBackMainPhoto(trx, photo.profile_id);
    }
    return outcome.screening;
  });
}

function unscreened(db: Kysely<DB>) {
  return db
    .selectFrom('photos')
    .where('photos.review', '=', 'pending')
    .where((eb) => eb.or([eb('photos.screening', 'is', null), eb('photos.screening', '=', 'waiting')]));
}

function unscreenedUpdate(db: Kysely<DB>, photoId: number) {
  return db
    .updateTable('photos')
    .where('id', '=', photoId)
    .where('review', '=', 'pending')
    .where((eb) => eb.or([eb('screening', 'is', null), eb('screening', '=', 'waiting')]));
}

/**
 * Queues a screening for every pending photo not screened yet — those uploaded before screening
 * existed, by the demo's history, or whose job was lost — at most `limit`, oldest first. Run at start;
 * across a fleet each instance does, and the conditional write makes a second screening a no-op.
 */
export async function queueUnscreenedPhotos(db: Kysely<DB>, jobs: Pick<JobQueue, 'send'>, limit = 500): Promise<number> {
  const rows = await unscreened(db).select('photos.id').orderBy('photos.created_at').orderBy('photos.id').limit(limit).execute();
  for (const row of rows) await jobs.send('photos.screen', { photo: row.id } satisfies ScreenJob);
  return rows.length;
}
