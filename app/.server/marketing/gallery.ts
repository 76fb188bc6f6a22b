// The marketer's gallery (docs/decisions/0028): every lander and member landing of the tenant with
// each URL it answers — no slug (the default variant), every variant's slug and every split's slug —
// and the variant's headline in each of the tenant's locales. Member landings are shown with one
// profile of the pool that fits the variant (the one a marketer would most likely link).
import type { Kysely } from 'kysely';
import type { GalleryEntry } from '~/shared/marketing-types';
import type { DB } from '../db/schema';
import { LANDERS, MEMBER_LANDINGS, WITHOUT_SLUG } from '../landers/catalogue';
import { landerProfiles } from '../landers/lander-profiles';
import { BUILT_IN } from '../landers/resolve';
import type { OperatorActor } from '../operators/operator';
import type { Tenant } from '../tenants/schema';
import { canMarket, type MarketingError } from './access';

export interface Gallery {
  entries: GalleryEntry[];
  locales: string[];
  /** The profile shown on member landings; null when the pool has none. */
  profileId: number | null;
}

export async function landerGallery(db: Kysely<DB>, tenant: Tenant, actor: OperatorActor): Promise<{ ok: true; value: Gallery } | { ok: false; error: MarketingError }> {
  if (!canMarket(actor, tenant)) return { ok: false, error: 'forbidden' };
  const { variants, splits } = tenant.landers ?? BUILT_IN;
  const [profile] = await landerProfiles(db, tenant, variants[0]!, { limit: 1 });
  const profileId = profile?.id ?? null;
  const headlines = (slug: string) => {
    const variant = variants.find((v) => v.slug === slug)!;
    return Object.fromEntries(tenant.locales.map((locale) => [locale, variant.headline[locale] ?? '']));
  };
  const slugs: Omit<GalleryEntry, 'lander' | 'path'>[] = [
    { slug: null, kind: 'default', variants: [variants[0]!.slug], headlines: headlines(variants[0]!.slug) },
    ...variants.map((v) => ({ slug: v.slug, kind: 'variant' as const, variants: [v.slug], headlines: headlines(v.slug) })),
    ...splits.map((s) => ({ slug: s.slug, kind: 'split' as const, variants: s.variants.map((part) => part.variant), headlines: headlines(s.variants[0]!.variant) })),
  ];
  // A tenant without variants answers only the URLs without slug.
  const usable = tenant.landers ? slugs : slugs.slice(0, 1);
  const bases = [...LANDERS.map((lander) => ({ lander, base: `/landers/${lander}` })), ...(profileId ? MEMBER_LANDINGS.map((lander) => ({ lander, base: `/members/${profileId}/${lander}` })) : [])];
  const entries: GalleryEntry[] = bases.flatMap(({ lander, base }) =>
    usable.filter((entry) => entry.slug === null || !WITHOUT_SLUG.includes(lander)).map((entry) => ({ ...entry, lander, path: entry.slug ? `${base}/${entry.slug}` : base })),
  );
  return { ok: true, value: { entries, locales: [...tenant.locales], profileId } };
}
