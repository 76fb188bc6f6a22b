// What GET /api/settings.php and /api/companyinfo.php serve (SPEC §3, §7): the tenant file's fields
// under their own names, tenant texts in the request's language, plus the visitor's countries.
import type { Locale } from '~/shared/locales';
import type { CompanyInfo, Tenant, TenantSettings } from './schema';
import { localize } from './localize';
import type { TenantRegistry } from './registry';

type Localized = 'description' | 'index_title' | 'fictional_warning';

export type PublicSettings = Omit<TenantSettings, Localized> & {
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
    };
  });
  const countries = tenant.settings.countries;
  const fallback = countries[0] ?? tenant.company.country;
  const selected = visitor.selected && countries.includes(visitor.selected) ? visitor.selected : null;
  return { ...base, geoip_country: visitor.detected ?? fallback, geoip_selected_country: selected };
}

export function companyInfo(tenant: Tenant): CompanyInfo {
  return tenant.company;
}
