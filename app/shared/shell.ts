// What the root loader hands the shell (navigation, footer, disclaimer, modals).
import type { Locale } from './locales';

export interface ShellData {
  tenantId: string;
  name: string;
  logoText: string;
  niche: number;
  themeOverrides: { colors?: Record<string, string> };
  locale: Locale;
  locales: { code: Locale; name: string }[];
  fictionalIcon: boolean;
  fictionalWarning: { singular: string; plural: string };
  entryWarning: 'yes' | 'no';
  /** The country the visitor chose (geoip_selected_country), else the one detected, else the tenant's first. */
  visitorCountry: string | null;
  /** The tenant's countries (settings.countries), to choose from. */
  countries: string[];
  /** Visitors from these countries see the entry warning, per layout; null: every country. */
  entryWarningCountries: { default: string[] | null; chat: string[] | null };
  companyName: string;
  description: string;
}

/** 'operator': the operator console (/operator…), the staff's tool — none of the members' overlays. */
export type LayoutName = 'default' | 'chat' | 'lander' | 'empty' | 'operator';
