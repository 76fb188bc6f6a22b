// Photo screening (docs/decisions/0065), shared by the domain and the moderation console: the five
// classes of the bundled model, in the order the console shows them.
export const SCREENING_CLASSES = ['porn', 'hentai', 'sexy', 'drawing', 'neutral'] as const;
export type ScreeningClass = (typeof SCREENING_CLASSES)[number];
/** The classes a tenant can hold a photo on. */
export const HOLD_CLASSES = ['porn', 'hentai', 'sexy'] as const;
export type HoldClass = (typeof HOLD_CLASSES)[number];

export type PhotoScores = Record<ScreeningClass, number>;

/** What the queue shows of a photo's screening. */
export interface ScreeningView {
  /** waiting: the job has not run yet; failed: the model did not load or classify (the photo waits as before). */
  state: 'waiting' | 'held' | 'passed' | 'published' | 'failed';
  scores: PhotoScores | null;
  /** Why it is held: the class, its score and the tenant's threshold. */
  reason: { class: HoldClass; score: number; threshold: number } | null;
  /** The highest share of its threshold any class reached (≥ 1: held); the queue is ordered by it. Null until screened. */
  risk: number | null;
}
