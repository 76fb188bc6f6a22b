// When the root loader runs again (issue 46 item 3, docs/decisions/0067). What it shows — the
// tenant's shell in the page's language, the member's name, photo, credits and badges, the banners —
// changes on a form submission (a login, a profile saved, a language chosen), on an explicit reload
// of the same address (useRevalidator, a language change), between the members' pages and the
// operator console (another catalogue), or with something the member's live events announce. A plain
// navigation between pages changes none of it: the client's state keeps the balance and the badges in
// step meanwhile (user-sync.ts, the live events), so the navigation fetches only the page's own data.
import type { ShouldRevalidateFunction } from '@remix-run/react';
import { keepPageAfterFailure } from '~/components/forms/action-failure';

let stale = false;

/** Something the root shows may have changed (a live event, a resync): the next navigation loads it again. */
export function markRootStale(): void {
  stale = true;
}

const surface = (pathname: string) => (pathname === '/operator' || pathname.startsWith('/operator/') ? 'staff' : 'member');

export const rootShouldRevalidate: ShouldRevalidateFunction = (args) => {
  const wanted = keepPageAfterFailure(args);
  if (!wanted) return false;
  const { formMethod, currentUrl, nextUrl } = args;
  if (formMethod || stale || currentUrl.href === nextUrl.href || surface(currentUrl.pathname) !== surface(nextUrl.pathname)) {
    stale = false;
    return wanted;
  }
  return false;
};
