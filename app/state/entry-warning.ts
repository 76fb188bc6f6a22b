// When the site-entry warning shows (SPEC §2): to logged-out visitors outside installed-app mode who
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
}

export function shouldShowEntryWarning(input: EntryWarningInput): boolean {
  if (input.loggedIn || input.standalone || input.dismissedAt !== null || input.setting === 'no') return false;
  if (input.allowedCountries === null) return true;
  return input.visitorCountry !== null && input.allowedCountries.includes(input.visitorCountry);
}
