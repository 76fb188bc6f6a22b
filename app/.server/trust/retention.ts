// Retention (docs/decisions/0029, "How long it is kept"): a daily round of the job queue deletes what
// trust and safety keeps only for a limited time —
// - complaints and reports closed more than COMPLAINT_YEARS years ago, with their evidence and the
//   audit rows that name them (the audit log is kept as long as the complaints it names);
// - notices of rejected photos older than REJECTION_DAYS days (the photo itself went at once);
// - data exports whose link has expired: the row, and the prepared zip in the media store;
// - counted sends (send_log) older than two days: the limits of decision 0038 look back a day.
// Time comes from the clock module, so a test moves the clock rather than waiting years.
import type { Kysely } from 'kysely';
import { now } from '../clock';
import type { DB } from '../db/schema';
import { deleteUnreachable, type MediaStorage } from '../media/storage';
import { forgetOldSends } from './send-limits';

export const COMPLAINT_YEARS = 3;
export const REJECTION_DAYS = 365;

export interface RetentionResult {
  complaints: number;
  rejections: number;
  exports: number;
}

export async function applyRetention(db: Kysely<DB>, media: MediaStorage): Promise<RetentionResult> {
  const at = now();
  const complaintsBefore = new Date(at);
  complaintsBefore.setUTCFullYear(complaintsBefore.getUTCFullYear() - COMPLAINT_YEARS);
  const complaints = await db.transaction().execute(async (trx) => {
    const old = trx.selectFrom('complaints').select('id').where('status', '=', 'closed').where('closed_at', '<', complaintsBefore);
    await trx.deleteFrom('operator_audit').where('complaint_id', 'in', old).execute();
    const deleted = await trx.deleteFrom('complaints').where('status', '=', 'closed').where('closed_at', '<', complaintsBefore).executeTakeFirst();
    return Number(deleted.numDeletedRows);
  });
  const rejections = await db.deleteFrom('photo_rejections').where('created_at', '<', new Date(at.getTime() - REJECTION_DAYS * 24 * 3600_000)).executeTakeFirst();
  // Counted sends past the longest window of docs/decisions/0038.
  await forgetOldSends(db);
  const expired = await db.deleteFrom('data_exports').where('expires_at', '<=', at).returning('file_key').execute();
  // The rows are gone, so the links answer 404 already; the files go after.
  await deleteUnreachable(media, expired.flatMap((row) => (row.file_key ? [row.file_key] : [])));
  return { complaints, rejections: Number(rejections.numDeletedRows), exports: expired.length };
}
