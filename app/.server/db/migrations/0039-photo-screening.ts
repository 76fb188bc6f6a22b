// Photo screening before moderation (issue 47 part 2, docs/decisions/0065): a job classifies each
// uploaded photo with the model nsfwjs ships and stores the outcome with the photo.
// - photos.screening: null for a photo nobody asked to screen (uploaded before screening existed, or
//   by a path without it); 'waiting' until the job ran; then 'held' (a score reached the tenant's hold
//   threshold: not public until a moderator approves), 'passed' (below it, waits for the moderator as
//   before), 'published' (screening made it public: below the tenant's publish-at-once threshold, or
//   below hold on a `post` tenant that requires screening first) or 'failed' (the model did not load
//   or classify: the photo stays in the ordinary queue as it was, never published by the failure).
// - photos.screen_scores: the five class probabilities {drawing, hentai, neutral, porn, sexy}.
// - photos.screen_risk: the highest share of a hold threshold any class reached (1 and more: held),
//   which orders the moderation queue.
// - photos.screen_reason: why it was held — {class, score, threshold}.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('photos')
    .addColumn('screening', 'text', (col) => col.check(sql`screening in ('waiting', 'held', 'passed', 'published', 'failed')`))
    .addColumn('screen_scores', 'jsonb')
    .addColumn('screen_risk', 'real')
    .addColumn('screen_reason', 'jsonb')
    .addColumn('screened_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('photos').dropColumn('screened_at').dropColumn('screen_reason').dropColumn('screen_risk').dropColumn('screen_scores').dropColumn('screening').execute();
}
