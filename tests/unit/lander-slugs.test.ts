// Slugs, niche prefixes and splits of the landers (issue 23 item 2, docs/decisions/0027): a slug
// selects a campaign variant of the tenant file; niches 2–7 prefix every slug (docs/product.md §9); no slug is
// the default variant; an unknown or wrongly prefixed slug, or a slug where none is taken, is a 404;
// a split serves its variants by weight, always the same one to the same visitor.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { resolveLanding, weightedPick } from '~/.server/landers/resolve';
import { loadTenants } from '~/.server/tenants/registry';
import { describeIssues, TenantSchema, type Tenant } from '~/.server/tenants/schema';
import { newId } from '~/.server/tracking/cookies';

const demo = JSON.parse(fs.readFileSync('tenants/flirtlokaal.json', 'utf8')) as Record<string, unknown> & { settings: Record<string, unknown>; landers: { variants: { slug: string }[]; splits: unknown[] } };
const tenants = loadTenants('tenants');
const byId = (id: string) => tenants.find((t) => t.id === id)!;

/** A test tenant of another niche: the demo's variants renamed with that niche's prefix. */
function nicheTenant(niche: number, prefix: string): Tenant {
  const variants = demo.landers.variants.map((variant) => ({ ...variant, slug: `${prefix}-${variant.slug}` }));
  return TenantSchema.parse({ ...demo, id: `niche${niche}`, settings: { ...demo.settings, niche }, landers: { variants, splits: [] } });
}
const variantOf = (tenant: Tenant, path: string, visitor: string | null = null) => {
  const result = resolveLanding(tenant, path, visitor);
  return result?.ok ? result.landing.variant.slug : result === null ? 'not a landing' : 404;
};

describe('lander slugs', () => {
  it('gives every demo tenant at least three variants, translated into each of its languages', () => {
    for (const tenant of tenants) {
      expect(tenant.landers!.variants.length).toBeGreaterThanOrEqual(3);
      for (const variant of tenant.landers!.variants) for (const locale of tenant.locales) expect(variant.headline[locale]).toBeTruthy();
    }
  });

  it('serves the default variant without a slug and the named variant with one (niche 1: no prefix)', () => {
    const flirt = byId('flirtlokaal');
    expect(variantOf(flirt, '/landers/video')).toBe('tonight');
    expect(variantOf(flirt, '/landers/video/nearby')).toBe('nearby');
    expect(variantOf(flirt, '/landers/gallery/over-40/')).toBe('over-40');
    expect(variantOf(flirt, '/members/12/landing2/nearby')).toBe('nearby');
  });

  it.each([
    [3, 'bdsm'],
    [6, 'milf'],
  ])('requires the niche %i prefix "%s-": a slug without it is a 404', (niche, prefix) => {
    const tenant = nicheTenant(niche, prefix);
    expect(variantOf(tenant, `/landers/video/${prefix}-nearby`)).toBe(`${prefix}-nearby`);
    expect(variantOf(tenant, '/landers/video/nearby')).toBe(404);
    expect(variantOf(tenant, `/landers/video/${prefix === 'milf' ? 'bdsm' : 'milf'}-nearby`)).toBe(404);
    expect(variantOf(tenant, '/landers/video')).toBe(`${prefix}-tonight`);
  });

  it('answers 404 for an unknown slug, an unknown lander, and a slug on tinderswipe or /landing', () => {
    const herz = byId('herzklopfen');
    expect(variantOf(herz, '/landers/video/she-nosuch')).toBe(404);
    expect(variantOf(herz, '/landers/nosuch')).toBe(404);
    expect(variantOf(herz, '/landers/tinderswipe')).toBe('she-tonight');
    expect(variantOf(herz, '/landers/tinderswipe/x')).toBe(404);
    expect(variantOf(herz, '/landers/tinderswipe/she-nearby')).toBe(404);
    expect(variantOf(herz, '/members/5/landing/she-nearby')).toBe(404);
    expect(variantOf(herz, '/members/5/landing3/she-nearby')).toBe('she-nearby');
    expect(variantOf(herz, '/members')).toBe('not a landing');
  });

  it('refuses a tenant file whose variant slug lacks the niche prefix, or whose texts miss a language', () => {
    const wrong = { ...demo, settings: { ...demo.settings, niche: 6 } };
    const result = TenantSchema.safeParse(wrong);
    expect(result.success).toBe(false);
    expect(describeIssues(result.error!).join('\n')).toMatch(/landers\.variants\.0\.slug.*must start with the niche prefix "milf-"/);
    const untranslated = { ...demo, locales: ['nl', 'en', 'de'] };
    expect(describeIssues(TenantSchema.safeParse(untranslated).error!).join('\n')).toMatch(/landers\.variants\.0\.headline.*lacks the "de" text/);
  });

  it('serves a split sticky per visitor, each variant about as often as its weight', () => {
    const flirt = byId('flirtlokaal');
    const counts: Record<string, number> = {};
    for (let i = 0; i < 2000; i++) {
      const visitor = newId();
      const first = variantOf(flirt, '/landers/video/spring', visitor) as string;
      expect(variantOf(flirt, '/landers/video/spring', visitor)).toBe(first);
      counts[first] = (counts[first] ?? 0) + 1;
    }
    // spring: tonight weight 3, nearby weight 1.
    expect(counts.tonight! / 2000).toBeGreaterThan(0.7);
    expect(counts.tonight! / 2000).toBeLessThan(0.8);
    expect(weightedPick([{ weight: 1, v: 'a' }], 'x').v).toBe('a');
  });
});
