// Campaign variants of a tenant's landers (tenant file `landers`, docs/tenants.md): a slug selects a
// variant (headline, sub-line, call to action, which profiles are shown, an accent image); a split
// serves several variants behind one slug by weight, sticky per visitor. For niches 2–7 every slug
// carries the niche prefix (docs/product.md §9): `she-summer` on a niche-2 tenant.
import { z } from 'zod';
import { LOCALES } from '~/shared/locales';
import { SPLIT_GOALS } from '~/shared/marketing-types';

const Locale = z.enum(LOCALES);
const Text = z.partialRecord(Locale, z.string().trim().min(1).max(200));

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const Slug = z.string().max(60).regex(SLUG_PATTERN, 'must be lower-case letters and digits joined by dashes, e.g. she-summer');

/** The accent pictures a variant may name (public/lander-media/accents/<name>.svg, drawn by hand as small SVG). */
export const ACCENT_IMAGES = ['sunset', 'city', 'beach', 'night', 'forest', 'cafe'] as const;

export const CampaignVariantSchema = z.strictObject({
  slug: Slug,
  headline: Text,
  subline: Text,
  cta: Text,
  /** Which profiles the lander shows: one gender, an age band, a region (`visitor`: around the visitor; or a country/region code). */
  profiles: z
    .strictObject({
      gender: z.enum(['male', 'female']).optional(),
      min_age: z.number().int().min(18).max(99).optional(),
      max_age: z.number().int().min(18).max(99).optional(),
      region: z
        .string()
        .regex(/^(visitor|[A-Z]{2}(-[A-Z0-9]{1,3})?)$/, 'must be "visitor", a country like NL or a region like NL-UT')
        .optional(),
    })
    .default({}),
  accent: z.enum(ACCENT_IMAGES).optional(),
});

export const CampaignSplitSchema = z.strictObject({
  slug: Slug,
  variants: z
    .array(z.strictObject({ variant: Slug, weight: z.number().int().min(1).max(1000) }))
    .min(2, 'needs at least two variants to split'),
  /**
   * fixed: the weights above, always. auto: new visitors by Thompson sampling toward the goal
   * (docs/decisions/0064), the weights above during the warm-up.
   */
  mode: z.enum(['fixed', 'auto']).default('fixed'),
  /** What auto optimises: signups, confirmed signups or revenue per visit. */
  goal: z.enum(SPLIT_GOALS).default('signups'),
  /** The least share of new visitors each variant keeps in auto mode (0.05 = 5 %). */
  floor: z.number().min(0).max(0.25).default(0.05),
  /** Visits every variant needs before auto moves the weights. */
  warmup: z.number().int().min(0).max(1_000_000).default(20),
});

export const LandersSchema = z.strictObject({
  /** The first variant is the default: it serves a lander URL without a slug. */
  variants: z.array(CampaignVariantSchema).min(1),
  splits: z.array(CampaignSplitSchema).default([]),
});

export type CampaignVariant = z.output<typeof CampaignVariantSchema>;
export type CampaignSplit = z.output<typeof CampaignSplitSchema>;
export type Landers = z.output<typeof LandersSchema>;

type Issue = { path: (string | number)[]; message: string };

/** The checks across fields: prefixes, unique slugs, splits of known variants, every text in every locale. */
export function landersIssues(landers: Landers, context: { prefix: string; locales: readonly string[] }): Issue[] {
  const issues: Issue[] = [];
  const { prefix, locales } = context;
  const slugs = new Set<string>();
  const checkSlug = (slug: string, path: (string | number)[]) => {
    if (prefix && !slug.startsWith(`${prefix}-`)) issues.push({ path, message: `must start with the niche prefix "${prefix}-"` });
    if (slugs.has(slug)) issues.push({ path, message: 'is used twice' });
    slugs.add(slug);
  };
  landers.variants.forEach((variant, index) => {
    checkSlug(variant.slug, ['landers', 'variants', index, 'slug']);
    for (const field of ['headline', 'subline', 'cta'] as const) {
      for (const locale of locales) {
        if (!variant[field][locale as keyof typeof variant.headline]) issues.push({ path: ['landers', 'variants', index, field], message: `lacks the "${locale}" text` });
      }
    }
    const { min_age: min, max_age: max } = variant.profiles;
    if (min !== undefined && max !== undefined && min > max) issues.push({ path: ['landers', 'variants', index, 'profiles'], message: 'min_age is above max_age' });
  });
  const variantSlugs = new Set(landers.variants.map((variant) => variant.slug));
  landers.splits.forEach((split, index) => {
    checkSlug(split.slug, ['landers', 'splits', index, 'slug']);
    if (split.floor * split.variants.length > 0.5) issues.push({ path: ['landers', 'splits', index, 'floor'], message: `leaves too little to optimise: ${split.variants.length} variants × ${split.floor} is above half of the traffic` });
    if (new Set(split.variants.map((part) => part.variant)).size !== split.variants.length) issues.push({ path: ['landers', 'splits', index, 'variants'], message: 'names a variant twice' });
    split.variants.forEach((part, partIndex) => {
      if (!variantSlugs.has(part.variant)) issues.push({ path: ['landers', 'splits', index, 'variants', partIndex, 'variant'], message: `is not a variant of this tenant` });
    });
  });
  return issues;
}
