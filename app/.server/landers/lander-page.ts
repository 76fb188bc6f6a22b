// The loader data of a lander or member landing page: the variant's texts in the page's language,
// its accent picture, the profiles it shows and, on a member landing, that profile. Nothing in it
// depends on the visitor (docs/decisions/0027: landers can be served from the render cache) but the
// map lander's centre, a city's point that the cache keys on (docs/decisions/0035).
import { redirect, type AppLoadContext } from '@remix-run/node';
import { viewProfile } from '../members/profile';
import { localize } from '../tenants/localize';
import type { LocalizedText } from '../tenants/schema';
import { resolveLanding, type LandingRequest } from './resolve';
import type { LanderPageData, LandingProfileView } from '~/shared/lander-types';
import { landerProfiles, mapCentre } from './lander-profiles';

/** Profiles per lander design: enough to fill it, few enough to keep the page light. */
const PROFILE_COUNT: Record<string, number> = {
  alonetonight: 6, collagelanding: 7, gallery: 12, iconslanding: 8, maplanding: 10, socialnetwork: 6,
  transitionsvideolanding: 4, video: 4, tinderswipe: 6, landing: 4, landing2: 4, landing3: 4,
};

const notFound = () => new Response('Not Found', { status: 404, statusText: 'Not Found' });

export async function landerPageData(request: Request, context: AppLoadContext, kind: 'lander' | 'member'): Promise<LanderPageData> {
  const { tenant, locale, db } = context;
  const url = new URL(request.url);
  // The visit recorder resolved it (and picked a split's variant); a direct call resolves it here.
  let landing: LandingRequest | null | undefined = context.landing;
  if (landing === undefined) {
    const resolved = resolveLanding(tenant, url.pathname.replace(/\.data$/, ''), null);
    landing = resolved?.ok ? resolved.landing : null;
  }
  if (!landing || (kind === 'member') !== (landing.profileId !== null)) throw notFound();
  // A member has an account already: a member landing is simply the profile.
  if (context.user && landing.profileId !== null) throw redirect(`/members/${landing.profileId}`);
  const text = (value: LocalizedText | Record<string, never>) => (Object.keys(value).length ? localize(value as LocalizedText, locale, tenant) : null);
  const { variant } = landing;

  let profile: LandingProfileView | null = null;
  if (landing.profileId !== null) {
    const viewed = await viewProfile(db, tenant, { user: null }, landing.profileId);
    if (!viewed.ok) throw notFound();
    const { fields } = viewed.profile;
    profile = {
      id: viewed.profile.id,
      name: viewed.profile.name,
      age: typeof fields.age === 'number' ? fields.age : null,
      city: typeof fields.city === 'string' ? fields.city : null,
      photos: viewed.profile.photos.map((photo) => photo.filename),
      interests: Array.isArray(fields.interests) ? fields.interests.slice(0, 6) : [],
      fictional: viewed.profile.fictional,
    };
  }
  // The map lander shows who is near the visitor's city (its centre is in the render cache's key).
  const near = landing.lander === 'maplanding' ? mapCentre(tenant, context.visitor.ip) : null;
  const profiles = await landerProfiles(db, tenant, variant, { limit: PROFILE_COUNT[landing.lander] ?? 8, country: tenant.settings.countries[0], near });
  return {
    lander: landing.lander,
    variant: variant.slug,
    texts: { headline: text(variant.headline), subline: text(variant.subline), cta: text(variant.cta) },
    accent: variant.accent ? `/lander-media/accents/${variant.accent}.svg` : null,
    canonical: landing.canonicalPath,
    site: tenant.settings.name,
    fictionalIcon: tenant.settings.fictional_icon,
    fictionalWarning: localize(tenant.settings.fictional_warning.plural, locale, tenant),
    profiles: profiles.filter((candidate) => candidate.id !== profile?.id),
    near,
    profile,
  };
}

