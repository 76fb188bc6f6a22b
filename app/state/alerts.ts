// Page alerts (docs/product.md §4: profile photo, push, disabled notifications, time bonus) are dismissed by
// storing a timestamp, and stay hidden from then on. The alerts under the navigation keep it in a
// cookie of the same name as well, so that the server renders them (or not) with the page: an alert
// that appeared only after hydration pushed the page down and became a member page's largest paint
// (docs/decisions/0042). localStorage still holds it too (dismissals from before the cookie count).
export const PROFILE_PHOTO_ALERT_KEY = 'rdv_alert_profile_photo';
export const PUSH_ALERT_KEY = 'rdv_alert_push';
export const MAIL_OFF_ALERT_KEY = 'rdv_alert_mail_off';

/** The alerts under the navigation whose dismissal the server reads from its cookie. */
export const PAGE_ALERT_KEYS = [PROFILE_PHOTO_ALERT_KEY, PUSH_ALERT_KEY, MAIL_OFF_ALERT_KEY] as const;
export type PageAlertKey = (typeof PAGE_ALERT_KEYS)[number];
/** How long a dismissal cookie lasts (a year, as the site-entry warning's). */
const DISMISSAL_COOKIE_MAX_AGE_S = 365 * 24 * 3600;

/** Each page alert's cookie in a Cookie header, compiled once (the root loader reads them on every member request). */
const DISMISSAL_PATTERNS = PAGE_ALERT_KEYS.map((key) => [key, new RegExp(`(?:^|;\\s*)${key}=(\\d{1,15})(?:;|$)`)] as const);

/** The page alerts dismissed according to a Cookie header: key → timestamp (ms). */
export function dismissedPageAlerts(cookieHeader: string | null | undefined): Partial<Record<PageAlertKey, number>> {
  const dismissed: Partial<Record<PageAlertKey, number>> = {};
  for (const [key, pattern] of DISMISSAL_PATTERNS) {
    const match = pattern.exec(cookieHeader ?? '');
    const at = match ? Number(match[1]) : 0;
    if (at > 0) dismissed[key] = at;
  }
  return dismissed;
}

/** The cookie that keeps a page alert dismissed. */
export function dismissalCookie(key: PageAlertKey, now: number, secure: boolean): string {
  return `${key}=${Math.floor(now)}; Max-Age=${DISMISSAL_COOKIE_MAX_AGE_S}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

type Store = Pick<Storage, 'getItem' | 'setItem'>;

/** When the alert was dismissed (ms since the epoch), or null. */
export function alertDismissedAt(storage: Store | null | undefined, key: string): number | null {
  try {
    const value = Number(storage?.getItem(key));
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

export function dismissAlert(storage: Store | null | undefined, key: string, now: number): void {
  try {
    storage?.setItem(key, String(now));
  } catch {
    // Private mode or a full store: the alert then only stays away for this page view.
  }
}

/** Only logged-in members without a photo, who have not dismissed it (docs/product.md §4, §6). */
export function showProfilePhotoAlert(input: { loggedIn: boolean; hasPhoto: boolean; dismissedAt: number | null; onProfilePage: boolean }): boolean {
  return input.loggedIn && !input.hasPhoto && input.dismissedAt === null && !input.onProfilePage;
}

/** Members whose browser can take push, who have neither subscribed nor refused it, away from the notifications page (docs/product.md §4). */
export function showPushAlert(input: { loggedIn: boolean; capable: boolean; subscribed: boolean; permission: NotificationPermission | null; dismissedAt: number | null; onNotificationsPage: boolean }): boolean {
  return input.loggedIn && input.capable && !input.subscribed && input.permission === 'default' && input.dismissedAt === null && !input.onNotificationsPage;
}

/** Members whose notification mail is off for a reason (fbl, bounce, listunsubscribe), away from the notifications page, which says it itself. */
export function showMailOffAlert(input: { loggedIn: boolean; reasons: readonly string[]; dismissedAt: number | null; onNotificationsPage: boolean }): boolean {
  return input.loggedIn && input.reasons.length > 0 && input.dismissedAt === null && !input.onNotificationsPage;
}
