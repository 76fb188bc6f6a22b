// Photo moderation (docs/decisions/0029), shared by the domain, the console and the member's pages.
import type { ScreeningView } from './photo-screening';

/** Why a moderator rejects a photo: a fixed list, so that the member reads the reason in their language. */
export const PHOTO_REJECTION_REASONS = ['nudity', 'no_person', 'someone_else', 'contact_details', 'minor', 'offensive'] as const;
export type PhotoRejectionReason = (typeof PHOTO_REJECTION_REASONS)[number];

/** A photo waiting in the moderation queue. */
export interface PendingPhotoView {
  id: number;
  tenantId: string;
  profile: { id: number; name: string };
  /** Paths under the tenant's cdn prefix. */
  url: string;
  thumb: string;
  /** Whether others see it already (a `post` tenant). */
  public: boolean;
  /** ISO 8601 */
  uploadedAt: string;
  /** What the bundled model made of it (docs/decisions/0065); null: never screened (uploaded before screening existed). */
  screening: ScreeningView | null;
}

/** What the member is told about a rejected photo until they dismiss it. */
export interface PhotoRejectionView {
  id: number;
  reason: PhotoRejectionReason;
  /** ISO 8601 */
  at: string;
}

export function isRejectionReason(value: unknown): value is PhotoRejectionReason {
  return typeof value === 'string' && (PHOTO_REJECTION_REASONS as readonly string[]).includes(value);
}
