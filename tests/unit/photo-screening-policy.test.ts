// The photo screening policy (issue 47 part 2, docs/decisions/0065, docs/tenants.md): hold above a
// threshold, per niche by default; publish at once below a low threshold where the tenant allows it;
// a `post` tenant that requires screening shows a photo only once it passed.
import { describe, expect, it } from 'vitest';
import { loadTenants } from '~/.server/tenants/registry';
import { TenantSchema } from '~/.server/tenants/schema';
import { NICHE_HOLD, screeningOutcome, screeningPolicy, type ScreeningPolicy } from '~/.server/tenants/screening-policy';
import type { PhotoScores } from '~/shared/photo-screening';

const tenants = loadTenants('tenants');
const byId = (id: string) => tenants.find((t) => t.id === id)!;
const scores = (values: Partial<PhotoScores>): PhotoScores => {
  const given = { drawing: 0, hentai: 0, porn: 0, sexy: 0, ...values };
  return { ...given, neutral: Math.max(0, 1 - given.drawing - given.hentai - given.porn - given.sexy) };
};
/** A beach photo in swimwear, as the model scores such photos: mostly Sexy, no Porn. */
const swimwear = scores({ sexy: 0.9, porn: 0.04 });
const explicit = scores({ porn: 0.93, sexy: 0.05 });
const harmless = scores({ sexy: 0.01, porn: 0.005, drawing: 0.02 });

describe('photo screening policy', () => {
  it('holds an explicit photo on every niche, and says which class and threshold held it', () => {
    for (const niche of [1, 2, 3, 4, 5, 6, 7]) {
      const policy = screeningPolicy({ settings: { niche } });
      const outcome = screeningOutcome(policy, 'pre', explicit);
      expect(outcome.screening).toBe('held');
      expect(outcome.public).toBe(false);
      expect(outcome.reason).toEqual({ class: 'porn', score: 0.93, threshold: NICHE_HOLD[niche]!.porn });
      expect(outcome.risk).toBeGreaterThanOrEqual(1);
    }
  });

  it('holds a swimwear photo on a general site but not on a BDSM or a gay site, whose ordinary photos score Sexy', () => {
    expect(screeningOutcome(screeningPolicy({ settings: { niche: 1 } }), 'pre', swimwear)).toMatchObject({ screening: 'held', reason: { class: 'sexy', threshold: 0.85 } });
    for (const niche of [3, 7]) {
      const outcome = screeningOutcome(screeningPolicy({ settings: { niche } }), 'pre', swimwear);
      expect(outcome).toMatchObject({ screening: 'passed', reason: null, public: null });
      // Still ranked by how Sexy it is, against the scale's end.
      expect(outcome.risk).toBeCloseTo(0.9);
    }
  });

  it('publishes a clearly harmless photo at once on a pre tenant with publish_below, and only there', () => {
    const flirt: ScreeningPolicy = { ...screeningPolicy(byId('flirtlokaal')), publishBelow: 0.05 };
    expect(screeningOutcome(flirt, 'pre', harmless)).toMatchObject({ screening: 'published', public: true });
    // Not harmless enough: it waits for the moderator as before.
    expect(screeningOutcome(flirt, 'pre', scores({ sexy: 0.2 }))).toMatchObject({ screening: 'passed', public: null });
    // The demo's pre sites leave it off: a person sees every photo first (docs/tenants.md).
    for (const id of ['flirtlokaal', 'bellacurva', 'rainbowhearts', 'solvhjerter']) expect(screeningOutcome(screeningPolicy(byId(id)), 'pre', harmless)).toMatchObject({ screening: 'passed', public: null });
  });

  it('shows a photo on a post tenant that requires screening only once it passed', () => {
    const herz = screeningPolicy(byId('herzklopfen'));
    expect(herz.required).toBe(true);
    expect(screeningOutcome(herz, 'post', harmless)).toMatchObject({ screening: 'published', public: true });
    expect(screeningOutcome(herz, 'post', explicit)).toMatchObject({ screening: 'held', public: false });
    const relaxed: ScreeningPolicy = { ...herz, required: false };
    // Without `required` the photo was shown at upload already; screening leaves it so, or hides it.
    expect(screeningOutcome(relaxed, 'post', harmless)).toMatchObject({ screening: 'passed', public: null });
    expect(screeningOutcome(relaxed, 'post', explicit)).toMatchObject({ screening: 'held', public: false });
  });

  it('takes a tenant file class by class over the niche, null meaning never', () => {
    const policy = screeningPolicy({ settings: { niche: 1 }, photo_screening: { required: false, hold: { sexy: null, porn: 0.5 }, publish_below: null } });
    expect(policy.hold).toEqual({ porn: 0.5, hentai: 0.6, sexy: null });
    expect(screeningOutcome(policy, 'pre', swimwear).screening).toBe('passed');
  });

  it('refuses a tenant file whose publish_below is on a post site or not below a hold threshold', () => {
    const file = structuredClone(JSON.parse(JSON.stringify(byId('herzklopfen')))) as Record<string, unknown> & { settings: Record<string, unknown> };
    const parse = (photo_screening: unknown, moderation: 'pre' | 'post') => {
      const result = TenantSchema.safeParse({ ...file, settings: { ...file.settings, photo_moderation: moderation }, photo_screening });
      return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    };
    expect(parse({ publish_below: 0.05 }, 'post')).toEqual([expect.stringMatching(/^photo_screening\.publish_below: needs settings\.photo_moderation "pre"/)]);
    expect(parse({ publish_below: 0.3, hold: { sexy: 0.2 } }, 'pre')).toEqual([expect.stringMatching(/must be below the sexy hold threshold/)]);
    expect(parse({ hold: { porn: 1.5 } }, 'pre')).toEqual([expect.stringMatching(/^photo_screening\.hold\.porn/)]);
    expect(parse({ publish_below: 0.05 }, 'pre')).toEqual([]);
  });
});
