// Badge rules of the top navigation (docs/product.md §2, §9).

/** Unread messages and new likes: hidden at 0, shown as 99+ above 99. */
export function countBadge(count: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count > 99 ? '99+' : String(Math.floor(count));
}

export type CreditLevel = 'warning' | 'danger';

/** The credit badge shows at 10 credits or fewer: warning colour above 0, danger at 0. */
export function creditBadge(credits: number): CreditLevel | null {
  if (credits > 10) return null;
  return credits > 0 ? 'warning' : 'danger';
}

/** The page-title prefix (docs/product.md §4): unread messages plus new likes, when above 0. */
export function titleWithCounts(title: string, unread: number, newLikes: number): string {
  const total = Math.max(0, unread) + Math.max(0, newLikes);
  return total > 0 ? `(${total}) ${title}` : title;
}

/** Routes on which the Back button may show in installed-app mode (docs/product.md §2). */
export const BACK_BUTTON_ROUTES = [
  'routes/members.$id',
  'routes/likes.$type',
  'routes/likes.m.$id',
  'routes/credits',
  'routes/credits.$id.($paymentmethod)',
] as const;

/**
 * How many entries back in this tab the site made itself: React Router numbers the entries of its
 * own navigations (history.state.idx, 0 for the page the tab loaded). history.length also counts what
 * the tab showed before the site (about:blank, another site), where Back would leave (issue 34 item 17).
 */
export function siteHistoryDepth(historyState: unknown): number {
  const idx = (historyState as { idx?: unknown } | null | undefined)?.idx;
  return typeof idx === 'number' && Number.isInteger(idx) && idx > 0 ? idx : 0;
}

export function showBackButton(input: { standalone: boolean; siteHistory: number; routeId: string | undefined }): boolean {
  return (
    input.standalone &&
    input.siteHistory > 0 &&
    input.routeId !== undefined &&
    (BACK_BUTTON_ROUTES as readonly string[]).some((id) => input.routeId === id || input.routeId === `${id}._index`)
  );
}
