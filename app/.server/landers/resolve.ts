// Which lander, variant and profile a landing URL asks for (docs/decisions/0027):
// - no slug: the tenant's default variant (its first);
// - a slug of a variant: that variant; a slug of a split: one of its variants by weight, the same
//   one for the same visitor every time (a hash of the rdv_vid visitor id and the split's slug);
// - an unknown slug, a slug without the tenant's niche prefix (docs/product.md §9), or a slug where none is
//   taken (tinderswipe, landing): 404. A typo then shows at once in the marketer's checks instead
//   of silently buying traffic for the wrong page, and invented URLs cannot fill the render cache.
import crypto from 'node:crypto';
import { NICHES, type Niche } from '~/shared/catalogue';
import type { Tenant } from '../tenants/schema';
import type { CampaignVariant } from '../tenants/campaign-schema';
import { isLander, isMemberLanding, WITHOUT_SLUG } from './catalogue';

export interface LandingRequest {
  /** A lander name, or landing/landing2/landing3 for a member landing. */
  lander: string;
  profileId: number | null;
  /** The slug in the URL (a variant's or a split's), null without one. */
  slug: string | null;
  /** The split the slug names, if it names one. */
  split: string | null;
  variant: CampaignVariant;
  /** The URL without a slug, or with the variant's own slug: the canonical link of the page. */
  canonicalPath: string;
}

export type LandingResolution = { ok: true; landing: LandingRequest } | { ok: false };

const LANDER_PATH = /^\/landers\/([^/]+)(?:\/([^/]+))?\/?$/i;
const MEMBER_LANDING_PATH = /^\/members\/(\d{1,9})\/(landing[23]?)(?:\/([^/]+))?\/?$/i;

/** Whether a path is a lander or member landing URL at all (resolving it may still give a 404). */
export function isLandingPath(pathname: string): boolean {
  return LANDER_PATH.test(pathname) || MEMBER_LANDING_PATH.test(pathname);
}

export function nichePrefix(tenant: Tenant): string {
  return NICHES[tenant.settings.niche as Niche]?.landerPrefix ?? '';
}

/**
 * How a split URL serves this visitor when the bandit is in charge (docs/decisions/0064): the stored
 * weights for new visitors, and the variant a returning visitor got first (they keep it).
 */
export interface SplitServingInput {
  weights: Record<string, number> | null;
  previous: string | null;
}

/** The lander of a path, or null when the path is no landing URL; `{ ok: false }` for a 404. */
export function resolveLanding(tenant: Tenant, pathname: string, visitorId: string | null, serving?: SplitServingInput): LandingResolution | null {
  let lander: string;
  let profileId: number | null = null;
  let rawSlug: string | undefined;
  let base: string;
  const landerMatch = LANDER_PATH.exec(pathname);
  const memberMatch = landerMatch ? null : MEMBER_LANDING_PATH.exec(pathname);
  if (landerMatch) {
    lander = landerMatch[1]!.toLowerCase();
    rawSlug = landerMatch[2];
    if (!isLander(lander)) return { ok: false };
    base = `/landers/${lander}`;
  } else if (memberMatch) {
    profileId = Number(memberMatch[1]);
    lander = memberMatch[2]!.toLowerCase();
    rawSlug = memberMatch[3];
    if (!isMemberLanding(lander)) return { ok: false };
    base = `/members/${profileId}/${lander}`;
  } else {
    return null;
  }
  if (rawSlug !== undefined && WITHOUT_SLUG.includes(lander)) return { ok: false };
  const picked = pickVariant(tenant, rawSlug === undefined ? null : safeDecode(rawSlug), visitorId, serving);
  if (!picked) return { ok: false };
  return {
    ok: true,
    landing: {
      lander,
      profileId,
      slug: picked.slug,
      split: picked.split,
      variant: picked.variant,
      canonicalPath: picked.slug ? `${base}/${picked.slug}` : base,
    },
  };
}

/** A tenant without campaign variants serves one: the texts of the message catalogue, everyone of its pool. */
export const BUILT_IN = { variants: [{ slug: 'default', headline: {}, subline: {}, cta: {}, profiles: {} }] as CampaignVariant[], splits: [] };

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value).toLowerCase();
  } catch {
    return '';
  }
}

function pickVariant(tenant: Tenant, slug: string | null, visitorId: string | null, serving?: SplitServingInput): { slug: string | null; split: string | null; variant: CampaignVariant } | null {
  const { variants, splits } = tenant.landers ?? BUILT_IN;
  if (slug === null) return { slug: null, split: null, variant: variants[0]! };
  const prefix = nichePrefix(tenant);
  if (prefix && !slug.startsWith(`${prefix}-`)) return null;
  const variant = variants.find((candidate) => candidate.slug === slug);
  if (variant) return { slug, split: null, variant };
  const split = splits.find((candidate) => candidate.slug === slug);
  if (!split) return null;
  const kept = serving?.previous && split.variants.some((part) => part.variant === serving.previous) ? serving.previous : null;
  const parts = serving?.weights ? split.variants.map((part) => ({ variant: part.variant, weight: serving.weights![part.variant] ?? 0 })) : split.variants;
  const chosen = kept ?? weightedPick(parts.some((part) => part.weight > 0) ? parts : split.variants, `${split.slug}:${visitorId ?? ''}`).variant;
  return { slug, split: split.slug, variant: variants.find((candidate) => candidate.slug === chosen)! };
}

/** The same part for the same key every time, each part as often as its weight says across keys. */
export function weightedPick<T extends { weight: number }>(parts: readonly T[], key: string): T {
  const total = parts.reduce((sum, part) => sum + part.weight, 0);
  const point = crypto.createHash('sha256').update(key).digest().readUInt32BE(0) % total;
  let reached = 0;
  for (const part of parts) {
    reached += part.weight;
    if (point < reached) return part;
  }
  return parts[parts.length - 1]!;
}
