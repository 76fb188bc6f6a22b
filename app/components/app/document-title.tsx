// Page-title prefix and app badge (SPEC §4): unread messages plus new likes, when above 0.
import { useEffect } from 'react';
import { useLocation } from '@remix-run/react';
import { useSnapshot } from 'valtio';
import { useAppState } from '~/state/app-state';
import { titleWithCounts } from '~/state/badges';

export function DocumentTitleCounts() {
  const { totalUnreadMessages, totalNewLikes } = useSnapshot(useAppState());
  const location = useLocation();

  useEffect(() => {
    // The route's own title (from meta) without an earlier prefix.
    const base = document.title.replace(/^\(\d+\) /, '');
    document.title = titleWithCounts(base, totalUnreadMessages, totalNewLikes);
    const total = totalUnreadMessages + totalNewLikes;
    const nav = navigator as Navigator & { setAppBadge?: (n?: number) => Promise<void>; clearAppBadge?: () => Promise<void> };
    // Badge failures are ignored (SPEC §8).
    if (total > 0) nav.setAppBadge?.(total).catch(() => {});
    else nav.clearAppBadge?.().catch(() => {});
  }, [totalUnreadMessages, totalNewLikes, location.key]);

  return null;
}
