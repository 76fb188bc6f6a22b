// What the root loader hands the shell (navigation, footer, disclaimer, modals).
import type { Locale } from './locales';
import type { HydrateWhen } from './wake';

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

/**
 * The disclaimer's text for a page that shows `fictional` fictional profiles: the tenant's singular
 * warning for exactly one ("This profile is fictional …"), the plural one otherwise — for a list, and
 * for a page that shows none (it then speaks of every profile with the icon) (issue 48 item 10).
 */
export function fictionalWarningText(warning: { singular: string; plural: string }, fictional: number | null): string {
  return fictional === 1 ? warning.singular : warning.plural;
}

/** How many of the lists' profiles are fictional (a route's `handle.fictionalProfiles`). */
export function fictionalIn(...lists: (readonly { fictional: boolean }[] | undefined)[]): number {
  return lists.reduce((sum, list) => sum + (list ?? []).filter((profile) => profile.fictional).length, 0);
}

/** 'operator': the operator console (/operator…), the staff's tool — none of the members' overlays. */
export type LayoutName = 'default' | 'chat' | 'lander' | 'empty' | 'operator';

/**
 * The meta of a page whose title is the site's name (the pages of the credits and direct-debit flows):
 * the name comes from the root loader's shell, so no route works it out again.
 */
export const siteNameMeta = ({ matches }: { matches: readonly { id: string; data?: unknown }[] }) => {
  const root = matches.find((m) => m.id === 'root')?.data as { shell?: { name: string } } | undefined;
  return [{ title: root?.shell?.name ?? '' }];
};

/** What a route module's `handle` tells the document (app/root.tsx). */
export interface RouteHandle {
  layout?: LayoutName;
  /** The page's scripts sleep until the visitor acts: 'on-demand' for everyone (landers, docs/decisions/0035), 'visitors' for visitors only (0042). */
  hydrate?: HydrateWhen;
  /** How many fictional profiles the page shows, from its loader data: the disclaimer speaks of one or of several (app/shared/shell.ts). */
  fictionalProfiles?: (data: unknown) => number;
}
