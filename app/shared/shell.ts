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
  visitorCountry: string | null;
  companyName: string;
  description: string;
}

export type LayoutName = 'default' | 'chat' | 'lander' | 'empty';
