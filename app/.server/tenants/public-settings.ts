// What GET /api/settings.php and /api/companyinfo.php serve (docs/product.md §3, §7): the tenant file's fields
// under their own names, tenant texts in the request's language, plus the visitor's countries;
// region_data holds the regions of the tenant's countries (when the tenant asks for regions) and
// entry_warning_countries its defaults filled in (docs/api.md).
import type { Locale } from '~/shared/locales';
import { REGION_KINDS, REGION_LABELS, hasRegions } from '~/shared/region-labels';
import { regionsByCountry, type RegionName } from '../geo/regions';
import { serverMessage } from '../i18n/messages';
import { entryWarningCountries, type CompanyInfo, type Tenant, type TenantSettings } from './schema';
import { localize } from './localize';
import type { TenantRegistry } from './registry';

type Localized = 'description' | 'index_title' | 'fictional_warning';

/** Per country with regions: what its regions are called (a key and in the request's language) and the regions. */
export type RegionData = Record<string, { label: string; label_text: string; regions: RegionName[] }>;

export type PublicSettings = Omit<TenantSettings, Localized | 'region_data' | 'entry_warning_countries'> & {
  /** false when the tenant does not ask for regions; else the regions of its countries that have them (truthy, as the boolean was). */
  region_data: RegionData | false;
  entry_warning_countries: { default: string[] | 'all'; chat: string[] | 'all' };
  description: string;
  index_title: string;
  fictional_warning: { singular: string; plural: string };
  geoip_country: string;
  geoip_selected_country: string | null;
};

export interface VisitorCountries {
  /** From GeoIP or a trusted proxy; null when unknown. */
  detected: string | null;
  /** The visitor's own choice, when made. */
  selected: string | null;
}

export function publicSettings(
  registry: TenantRegistry,
  tenant: Tenant,
  locale: Locale,
  visitor: VisitorCountries,
): PublicSettings {
  const base = registry.cached(tenant, `settings:${locale}`, () => {
    const { settings } = tenant;
    return {
      ...settings,
      description: localize(settings.description, locale, tenant),
      index_title: localize(settings.index_title, locale, tenant),
      fictional_warning: {
        singular: localize(settings.fictional_warning.singular, locale, tenant),
        plural: localize(settings.fictional_warning.plural, locale, tenant),
      },
      region_data: settings.region_data ? regionData(settings.countries, locale) : (false as const),
      entry_warning_countries: {
        default: entryWarningCountries(settings, 'default') ?? ('all' as const),
        chat: entryWarningCountries(settings, 'chat') ?? ('all' as const),
      },
    };
  });
  const countries = tenant.settings.countries;
  const fallback = countries[0] ?? tenant.company.country;
  const selected = visitor.selected && countries.includes(visitor.selected) ? visitor.selected : null;
  return { ...base, geoip_country: visitor.detected ?? fallback, geoip_selected_country: selected };
}

/** The regions of those of `countries` that have them, each with its label (docs/product.md §9). */
export function regionData(countries: readonly string[], locale: Locale): RegionData {
  const data: RegionData = {};
  for (const country of countries) {
    if (!hasRegions(country)) continue;
    data[country] = {
      label: REGION_KINDS[country],
      label_text: serverMessage(locale, REGION_LABELS[country].id!),
      regions: regionsByCountry(country)[country] ?? [],
    };
  }
  return data;
}

export function companyInfo(tenant: Tenant): CompanyInfo {
  return tenant.company;
}
