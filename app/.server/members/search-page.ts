// The /members search form as the page gets it from the server: the values in effect and which
// filters the tenant offers (settings.search_fields). Kept out of the route (docs/decisions/0033).
import type { Tenant } from '../tenants/schema';
import { SEARCH_CHOICES, type SearchChoiceField, type SearchFilterOffer, type SearchFormValues } from '~/shared/search-form';
import type { lenientSearchFilters } from './search';

type SearchFilters = ReturnType<typeof lenientSearchFilters>['filters'];

/** The filters in effect, as the form shows them (refused values were already left out). */
export function searchFormValues(filters: SearchFilters): SearchFormValues {
  return {
    gender: filters.gender ?? '',
    country: filters.country ?? '',
    countryregion: filters.countryregion ?? '',
    min_age: filters.min_age ? String(filters.min_age) : '',
    max_age: filters.max_age ? String(filters.max_age) : '',
    body_type: filters.body_type ?? '',
    hair_colour: filters.hair_colour ?? '',
    eye_colour: filters.eye_colour ?? '',
    relationship_status: filters.relationship_status ?? '',
    tattoos: filters.tattoos === undefined ? '' : filters.tattoos ? 'yes' : 'no',
    with_photo: filters.with_photo ?? false,
    interests: filters.interests?.[0] ?? '',
    distance: filters.distance ? String(filters.distance) : '',
  };
}

/** Which filters the form shows: those of the tenant that can work (a region list, more than one country). */
export function offeredSearchFilters(tenant: Tenant, regions: Record<string, readonly unknown[]>): SearchFilterOffer {
  const fields = tenant.settings.search_fields;
  const countries = tenant.settings.countries;
  return {
    gender: fields.includes('gender'),
    country: fields.includes('country') && countries.length > 1,
    region: fields.includes('countryregion') && tenant.settings.region_data && countries.some((c) => (regions[c] ?? []).length > 0),
    age: fields.includes('age'),
    distance: fields.includes('distance'),
    choices: (Object.keys(SEARCH_CHOICES) as SearchChoiceField[]).filter((field) => fields.includes(field)),
    tattoos: fields.includes('tattoos'),
    withPhoto: fields.includes('with_photo'),
    interests: fields.includes('interests'),
  };
}
