// Page alerts (SPEC §4: profile photo, push, disabled notifications, time bonus) are dismissed by
// storing a timestamp in localStorage, and stay hidden from then on.
export const PROFILE_PHOTO_ALERT_KEY = 'rdv_alert_profile_photo';
export const PUSH_ALERT_KEY = 'rdv_alert_push';
export const MAIL_OFF_ALERT_KEY = 'rdv_alert_mail_off';

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

/** Only logged-in members without a photo, who have not dismissed it (SPEC §4, §6). */
export function showProfilePhotoAlert(input: { loggedIn: boolean; hasPhoto: boolean; dismissedAt: number | null; onProfilePage: boolean }): boolean {
  return input.loggedIn && !input.hasPhoto && input.dismissedAt === null && !input.onProfilePage;
}

/** Members whose browser can take push, who have neither subscribed nor refused it, away from the notifications page (SPEC §4). */
export function showPushAlert(input: { loggedIn: boolean; capable: boolean; subscribed: boolean; permission: NotificationPermission | null; dismissedAt: number | null; onNotificationsPage: boolean }): boolean {
  return input.loggedIn && input.capable && !input.subscribed && input.permission === 'default' && input.dismissedAt === null && !input.onNotificationsPage;
}

/** Members whose notification mail is off for a reason (fbl, bounce, listunsubscribe), away from the notifications page, which says it itself. */
export function showMailOffAlert(input: { loggedIn: boolean; reasons: readonly string[]; dismissedAt: number | null; onNotificationsPage: boolean }): boolean {
  return input.loggedIn && input.reasons.length > 0 && input.dismissedAt === null && !input.onNotificationsPage;
}
