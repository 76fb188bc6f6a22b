// When the site-entry warning shows (docs/product.md §2): to logged-out visitors outside installed-app mode who
// have not dismissed it, when the tenant enables it and the visitor's country is allowed on this layout.
export const ENTRY_WARNING_DISMISSED_KEY = 'entry_warning_dismissed';

export interface EntryWarningInput {
  loggedIn: boolean;
  standalone: boolean;
  /** Timestamp of an earlier dismissal, if any. */
  dismissedAt: number | null;
  setting: 'yes' | 'no';
  visitorCountry: string | null;
  /** null: every country; else only these (the chat layout: NL and DE). */
  allowedCountries: readonly string[] | null;
  /** The page's path: some pages never show it (ENTRY_WARNING_FREE_PATHS). */
  path: string;
}

/**
 * Pages reachable without the warning: the complaint form, where anyone — also someone who never
 * entered the site — files a notice under the DSA (issue 34 item 19).
 */
export const ENTRY_WARNING_FREE_PATHS = ['/complaints'];

/** The query a chat page's redirect to /login carries: the login page then applies the chat layout's countries too. */
export const FROM_CHAT_PARAM = 'from';
export const FROM_CHAT_VALUE = 'chat';

/**
 * The countries of the default layout's warning on this page: on /login reached from a chat link
 * (/chats, /members/{id}/chat) also those of the chat layout, whose rule the visitor met first.
 */
export function defaultLayoutCountries(countries: { default: readonly string[] | null; chat: readonly string[] | null }, search: string): readonly string[] | null {
  if (new URLSearchParams(search).get(FROM_CHAT_PARAM) !== FROM_CHAT_VALUE) return countries.default;
  if (countries.default === null || countries.chat === null) return null;
  return [...new Set([...countries.default, ...countries.chat])];
}

export function shouldShowEntryWarning(input: EntryWarningInput): boolean {
  if (input.loggedIn || input.standalone || input.dismissedAt !== null || input.setting === 'no') return false;
  if (ENTRY_WARNING_FREE_PATHS.includes(input.path.replace(/\/+$/, '').toLowerCase())) return false;
  if (input.allowedCountries === null) return true;
  return input.visitorCountry !== null && input.allowedCountries.includes(input.visitorCountry);
}
