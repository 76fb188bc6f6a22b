// Issue 46 item 3 (docs/decisions/0067): the root loader runs again on a navigation only when what it shows can have changed.
import { describe, expect, it } from 'vitest';
import type { ShouldRevalidateFunctionArgs } from '@remix-run/react';
import { markRootStale, rootLoaded, rootShouldRevalidate, ROOT_MAX_AGE_MS } from '~/state/root-freshness';

const base = 'http://flirtlokaal.localhost';
const nav = (from: string, to: string, extra: Partial<ShouldRevalidateFunctionArgs> = {}): ShouldRevalidateFunctionArgs =>
  ({ currentUrl: new URL(from, base), nextUrl: new URL(to, base), currentParams: {}, nextParams: {}, defaultShouldRevalidate: true, ...extra }) as ShouldRevalidateFunctionArgs;

describe('the root loader on navigation', () => {
  it('is not asked again on a plain navigation, but after a submission, a revalidation, a changed query, a resync and when old', () => {
    const t = 1_000_000;
    rootLoaded(false, t);
    expect(rootShouldRevalidate(nav('/members', '/chats'), t + 1000)).toBe(false);
    expect(rootShouldRevalidate(nav('/members', '/members/4'), t + 1000)).toBe(false);
    expect(rootShouldRevalidate(nav('/profile', '/profile', { formMethod: 'POST', actionResult: { ok: true } }), t + 1000)).toBe(true);
    expect(rootShouldRevalidate(nav('/members', '/members'), t + 1000)).toBe(true);
    expect(rootShouldRevalidate(nav('/members', '/members?lang=de'), t + 1000)).toBe(true);
    expect(rootShouldRevalidate(nav('/members', '/chats'), t + ROOT_MAX_AGE_MS + 1)).toBe(true);
    markRootStale();
    expect(rootShouldRevalidate(nav('/members', '/chats'), t + 1000)).toBe(true);
    rootLoaded(false, t);
    expect(rootShouldRevalidate(nav('/members', '/chats'), t + 1000)).toBe(false);
  });
});
