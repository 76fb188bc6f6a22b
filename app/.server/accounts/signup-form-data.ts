// What the signup form needs: whether signups are open for this visitor, the tenant's countries
// and their regions, the minimum age.
import type { AppLoadContext } from '@remix-run/node';
import { regionsByCountry } from '../geo/regions';
import { visitorAttribution } from '../tracking/attribution';
import { nicheRule, nicheRuleText } from '~/shared/niche-rules';
import { MIN_AGE, signupsOpen } from './signup';

export async function signupFormData(context: AppLoadContext) {
  const { tenant, locale } = context;
  const tracking = (await visitorAttribution(context))?.tracking ?? null;
  const regions = Object.fromEntries(tenant.settings.countries.map((country) => [country, regionsByCountry(country)[country] ?? []]));
  const visitorCountry = context.visitor.country;
  return {
    open: signupsOpen(tenant, tracking),
    site: tenant.settings.name,
    countries: tenant.settings.countries,
    defaultCountry: visitorCountry && tenant.settings.countries.includes(visitorCountry) ? visitorCountry : tenant.settings.countries[0],
    regions,
    minAge: MIN_AGE,
    /** The niche's rule, stated on the form's first step and checked on every step. */
    niche: tenant.settings.niche,
    nicheText: nicheRuleText(tenant.settings.niche),
    nicheMinAge: nicheRule(tenant.settings.niche).minAge ?? MIN_AGE,
    bodyTypes: nicheRule(tenant.settings.niche).bodyTypes ?? null,
    locale,
  };
}
