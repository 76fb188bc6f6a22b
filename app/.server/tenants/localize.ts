import type { Locale } from '~/shared/locales';
import type { LocalizedText, Tenant } from './schema';

/** A tenant text in the wanted locale, else the domain language, else English, else any. */
export function localize(text: LocalizedText, locale: Locale, tenant: Pick<Tenant, 'settings'>): string {
  const domainLocale = tenant.settings.domain_language.slice(0, 2) as Locale;
  return text[locale] ?? text[domainLocale] ?? text.en ?? Object.values(text)[0] ?? '';
}
