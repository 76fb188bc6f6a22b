// Whether the root loader must run again on a navigation (issue 46 item 3, docs/decisions/0067).
// What it shows — the shell's tenant data, the member's name, balance and badges, the banners — is
// either fixed for the page's life or kept up to date in the client state by the refreshes and the
// live events (user-sync.ts, event-stream.ts), so a plain navigation does not ask for it again.
// It does after a form's submission and an explicit revalidation (the router's own default), when
// the client's logged-in member is not the one the root data was loaded for (a login or a logout
// without a page load), after the live stream lost events (a resync), and once the data is older
// than ROOT_MAX_AGE_MS (what nothing announces: a banner, the year).
import type { ShouldRevalidateFunctionArgs } from '@remix-run/react';
import { browserAppState } from './app-state';

export const ROOT_MAX_AGE_MS = 10 * 60_000;

let loadedAt = typeof performance === 'undefined' ? 0 : performance.timeOrigin;
let stale = false;
let loadedForMember: boolean | null = null;

/** The root data was (re)loaded now, for a member (true) or a visitor. */
export function rootLoaded(forMember: boolean, at = Date.now()): void {
  loadedAt = at;
  stale = false;
  loadedForMember = forMember;
}

/** The root data the page holds was made for a member or a visitor (the first render says which). */
export function noteRootMember(forMember: boolean): void {
  loadedForMember ??= forMember;
}

/** Something the root shows may have changed (the live stream resynced): the next navigation loads it. */
export function markRootStale(): void {
  stale = true;
}

/** The root's shouldRevalidate: the router's default for submissions and revalidations, else only when stale. */
export function rootShouldRevalidate(args: ShouldRevalidateFunctionArgs, at = Date.now()): boolean {
  const { currentUrl, nextUrl, formMethod, actionResult, defaultShouldRevalidate } = args;
  if (formMethod || actionResult !== undefined) return defaultShouldRevalidate;
  // The same URL again (a link to the page shown, useRevalidator) or a changed query (?lang=): as the router decides.
  if (currentUrl.href === nextUrl.href || currentUrl.search !== nextUrl.search) return defaultShouldRevalidate;
  const member = Boolean(browserAppState()?.user);
  if (loadedForMember !== null && member !== loadedForMember) return true;
  return stale || at - loadedAt > ROOT_MAX_AGE_MS;
}
