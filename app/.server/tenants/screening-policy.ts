// A tenant's photo screening policy (docs/decisions/0065, docs/tenants.md `photo_screening`): when the
// bundled model's scores hold a photo for a moderator, and when a `pre` tenant publishes a clearly
// harmless one at once. Thresholds differ per niche, because what the model calls "sexy" is ordinary
// on some sites: fetish wear on a BDSM site, bare chests on a gay one, fuller bodies on a BBW one.
// The defaults below are the documented per-niche values; a tenant file overrides them class by class.
import { z } from 'zod';
import { HOLD_CLASSES, type HoldClass, type PhotoScores } from '~/shared/photo-screening';

const Threshold = z.number().min(0.05).max(0.99);

export const PhotoScreeningSchema = z.strictObject({
  /**
   * true: no photo is shown to others before the model has screened it — on a `post` tenant an upload
   * waits (seconds) for the job, and stays with its owner and the moderator when screening fails.
   */
  required: z.boolean().default(false),
  /** Per class, the score from which a photo is held until a moderator approves it; null: never on this class. Unset: the niche's value. */
  hold: z.strictObject({ porn: Threshold.nullable(), hentai: Threshold.nullable(), sexy: Threshold.nullable() }).partial().default({}),
  /**
   * A `pre` tenant only: a photo whose porn + hentai + sexy scores add up to less than this is shown
   * to others at once (and still reviewed afterwards). null: every photo waits for the moderator.
   */
  publish_below: z.number().min(0.001).max(0.5).nullable().default(null),
});

export type PhotoScreeningFile = z.input<typeof PhotoScreeningSchema>;

export interface ScreeningPolicy {
  required: boolean;
  hold: Record<HoldClass, number | null>;
  publishBelow: number | null;
}

/**
 * The hold thresholds per niche (docs/product.md §9: 1 general, 2 she, 3 bdsm, 4 bbw, 5 gilf, 6 milf, 7 gay).
 * Porn and hentai hold on every site — explicit pictures are never a profile photo — but a little
 * later on the adult-leaning niches, whose ordinary photos score higher; "sexy" holds only where it
 * is out of place (a general or a senior site) and never on niches 3, 4 and 7.
 */
export const NICHE_HOLD: Record<number, Record<HoldClass, number | null>> = {
  1: { porn: 0.6, hentai: 0.6, sexy: 0.85 },
  2: { porn: 0.6, hentai: 0.6, sexy: 0.85 },
  3: { porn: 0.8, hentai: 0.8, sexy: null },
  4: { porn: 0.7, hentai: 0.7, sexy: null },
  5: { porn: 0.6, hentai: 0.6, sexy: 0.9 },
  6: { porn: 0.7, hentai: 0.7, sexy: 0.95 },
  7: { porn: 0.7, hentai: 0.7, sexy: null },
};

/** The tenant's policy: its file's `photo_screening`, the niche's thresholds for whatever it leaves out. */
export function screeningPolicy(tenant: { settings: { niche: number }; photo_screening?: z.output<typeof PhotoScreeningSchema> }): ScreeningPolicy {
  const file = tenant.photo_screening;
  const niche = NICHE_HOLD[tenant.settings.niche] ?? NICHE_HOLD[1]!;
  const hold = Object.fromEntries(HOLD_CLASSES.map((name) => [name, file?.hold[name] !== undefined ? file.hold[name] : niche[name]])) as Record<HoldClass, number | null>;
  return { required: file?.required ?? false, hold, publishBelow: file?.publish_below ?? null };
}

/** Problems of a tenant's policy that the schema alone cannot see (tenants/schema.ts reports them). */
export function screeningPolicyIssues(policy: ScreeningPolicy, moderation: 'pre' | 'post'): { path: string[]; message: string }[] {
  const issues: { path: string[]; message: string }[] = [];
  if (policy.publishBelow === null) return issues;
  if (moderation !== 'pre') issues.push({ path: ['photo_screening', 'publish_below'], message: 'needs settings.photo_moderation "pre" (a "post" site shows every photo at once anyway)' });
  for (const name of HOLD_CLASSES) {
    const threshold = policy.hold[name];
    if (threshold !== null && policy.publishBelow >= threshold) issues.push({ path: ['photo_screening', 'publish_below'], message: `must be below the ${name} hold threshold (${threshold})` });
  }
  return issues;
}

export interface ScreeningOutcome {
  screening: 'held' | 'passed' | 'published';
  /** The highest share of its threshold any class reached: 1 and more is held. Orders the queue. */
  risk: number;
  reason: { class: HoldClass; score: number; threshold: number } | null;
  /** What others may see from now on; null: as it is. */
  public: boolean | null;
}

/**
 * What screening decides for a photo with these scores. Held: hidden from others (on a `post`
 * tenant too) until a moderator approves it. Otherwise a `post` tenant that required screening now
 * shows it, and a `pre` tenant shows it at once when it is clearly harmless (`publish_below`);
 * everything else waits for the moderator as before.
 */
export function screeningOutcome(policy: ScreeningPolicy, moderation: 'pre' | 'post', scores: PhotoScores): ScreeningOutcome {
  let risk = 0;
  let reason: ScreeningOutcome['reason'] = null;
  for (const name of HOLD_CLASSES) {
    const threshold = policy.hold[name];
    // A class the tenant never holds on still orders the queue, against the scale's end.
    const share = scores[name] / (threshold ?? 1);
    if (share > risk) risk = share;
    if (threshold !== null && scores[name] >= threshold && (!reason || share > reason.score / reason.threshold)) reason = { class: name, score: scores[name], threshold };
  }
  if (reason) return { screening: 'held', risk, reason, public: false };
  if (moderation === 'post') return policy.required ? { screening: 'published', risk, reason, public: true } : { screening: 'passed', risk, reason, public: null };
  if (policy.publishBelow !== null && scores.porn + scores.hentai + scores.sexy < policy.publishBelow) return { screening: 'published', risk, reason, public: true };
  return { screening: 'passed', risk, reason, public: null };
}
