// Page-title prefix and app badge (docs/product.md §4): unread messages plus new likes, when above 0.
import { useEffect } from 'react';
import { useLocation } from '@remix-run/react';
import { useSnapshot } from 'valtio';
import { useAppState } from '~/state/app-state';
import { titleWithCounts } from '~/state/badges';

type BadgeNavigator = Navigator & { setAppBadge?: (n?: number) => unknown; clearAppBadge?: () => unknown };

/**
 * Sets the installed app's badge; its failures are ignored (docs/product.md §8) whatever shape they take: a
 * missing method, one that throws at once, a rejected promise, or something that is not a promise.
 */
export function setBadge(total: number, nav: BadgeNavigator = navigator): void {
  try {
    const result = total > 0 ? nav.setAppBadge?.(total) : nav.clearAppBadge?.();
    if (result && typeof (result as Promise<void>).catch === 'function') (result as Promise<void>).catch(() => {});
  } catch {
    // Ignored: a badge never breaks a page.
  }
}

export function DocumentTitleCounts() {
  const { totalUnreadMessages, totalNewLikes } = useSnapshot(useAppState());
  const location = useLocation();

  useEffect(() => {
    // The route's own title (from meta) without an earlier prefix.
    const base = document.title.replace(/^\(\d+\) /, '');
    document.title = titleWithCounts(base, totalUnreadMessages, totalNewLikes);
    const total = totalUnreadMessages + totalNewLikes;
    setBadge(total);
  }, [totalUnreadMessages, totalNewLikes, location.key]);

  return null;
}
