// Client state of likes (docs/product.md §3 Likes, §4): the match modal, like states changed in this tab (cards
// show them over their page's data), and the new likes already known, so that a refresh announces
// only those that arrived since. The rules are pure functions, tested in tests/unit/likes-state.test.ts.

import type { LikeState } from '~/shared/likes';
import type { LikeEvent } from '~/shared/live-events';
import { apiRequest, type ApiOptions } from './api-client';
import { markLoggedOut, type AppState } from './app-state';

export type { LikeState };

export * from './likes-state';
import type { LikesState, MatchModalProfile } from './likes-state';

/** docs/product.md §4: likes reload 500 ms after an auto-like was shown. */
export const AUTO_LIKE_RELOAD_MS = 500;
/** The client asks for an auto-like this long after a members-area page loads (the server decides whether one comes). */
export const AUTO_LIKE_ASK_AFTER_MS = 20_000;
/** …and at most once in this long per browser tab. */
export const AUTO_LIKE_ASK_EVERY_MS = 30 * 60_000;
/** The longest ?t= the like modal waits (one hour); a longer or bad value is ignored. */
export const LIKE_MODAL_MAX_SECONDS = 3_600;

/** The answer of GET /api/likes.php, as far as the client reads it. */
export interface LikesAnswer {
  profiles: { id: number; name: string; fictional: boolean; main_image: { filename: string; thumb_filename: string } | null }[];
  liked_by: { id: number; like_new: boolean }[];
}

/** The likes badge: the number of like_new entries (docs/product.md §2). */
export function newLikesCount(answer: Pick<LikesAnswer, 'liked_by'>): number {
  return answer.liked_by.filter((entry) => entry.like_new).length;
}

/** Likers with a like_new entry that the client did not know yet; none on the first refresh (it sets the baseline). */
export function newLikeArrivals(known: readonly number[] | null, answer: Pick<LikesAnswer, 'liked_by'>, announced: readonly number[] = []): number[] {
  if (known === null) return [];
  const seen = new Set([...known, ...announced]);
  return answer.liked_by.filter((entry) => entry.like_new && !seen.has(entry.id)).map((entry) => entry.id);
}

/** Applies a refresh: the badge, the known likers, and the match modal for the newest arrival. */
export function applyLikesAnswer(state: { totalNewLikes: number; likes: LikesState }, answer: LikesAnswer): number[] {
  const arrivals = newLikeArrivals(state.likes.known, answer, state.likes.announced);
  state.totalNewLikes = newLikesCount(answer);
  state.likes.known = answer.liked_by.filter((entry) => entry.like_new).map((entry) => entry.id);
  for (const entry of answer.liked_by) {
    // A like that arrived elsewhere changes the state cards show.
    const current = state.likes.states[entry.id];
    if (current === 'none') state.likes.states[entry.id] = 'liked_by_them';
    if (current === 'liked') state.likes.states[entry.id] = 'match';
  }
  const newest = arrivals[0];
  const profile = newest !== undefined ? answer.profiles.find((p) => p.id === newest) : undefined;
  if (profile) {
    showMatchModal(state.likes, { id: profile.id, name: profile.name, photo: profile.main_image?.filename ?? null, fictional: profile.fictional, kind: 'new_like' });
  }
  return arrivals;
}

/**
 * A live `like` or `match` (GET /api/events.php): the badge as the server counts it, the card's state,
 * and the match modal — unless this liker was announced already (an auto-like this tab asked for, a
 * refresh that came first), so that a like is never announced twice. Returns whether the modal opened.
 */
export function applyLikeEvent(state: { totalNewLikes: number; likes: LikesState }, kind: 'like' | 'match', event: LikeEvent): boolean {
  const { profile } = event;
  if (!profile || !Number.isInteger(profile.id)) return false;
  if (Number.isInteger(event.new_likes) && event.new_likes >= 0) state.totalNewLikes = event.new_likes;
  const current = state.likes.states[profile.id];
  state.likes.states[profile.id] = kind === 'match' || current === 'liked' || current === 'match' ? 'match' : 'liked_by_them';
  const known = state.likes.announced.includes(profile.id) || (state.likes.known?.includes(profile.id) ?? false);
  markKnown(state.likes, profile.id);
  if (state.likes.known && !state.likes.known.includes(profile.id)) state.likes.known.push(profile.id);
  if (known) return false;
  return showMatchModal(state.likes, { id: profile.id, name: profile.name, photo: profile.main_image?.filename ?? null, fictional: profile.fictional, kind: kind === 'match' ? 'match' : 'new_like' });
}

/** Opens the match modal unless it already shows someone (docs/product.md §7: loaded into the modal if none given). */
export function showMatchModal(likes: LikesState, profile: MatchModalProfile): boolean {
  if (likes.modal) return false;
  likes.modal = profile;
  return true;
}

/** Marks a liker as announced, so that a refresh does not announce them again (an auto-like shown already). */
export function markKnown(likes: LikesState, id: number): void {
  if (!likes.announced.includes(id)) likes.announced.push(id);
}

/** ?t=<seconds> of the like modal (docs/product.md §4, §9): a positive number up to an hour, as ms; otherwise null. */
export function likeModalDelay(t: string | null): number | null {
  if (t === null || !/^\d{1,6}(\.\d{1,3})?$/.test(t.trim())) return null;
  const seconds = Number(t);
  return seconds > 0 && seconds <= LIKE_MODAL_MAX_SECONDS ? Math.round(seconds * 1000) : null;
}

/** The URL without its t parameter (the like modal removes it, without a reload). */
export function withoutT(href: string): string {
  const url = new URL(href);
  url.searchParams.delete('t');
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The state a like or its removal leads to, from the state before. */
export function afterLike(state: LikeState): LikeState {
  return state === 'liked_by_them' || state === 'match' ? 'match' : 'liked';
}

export function afterUnlike(state: LikeState): LikeState {
  return state === 'match' || state === 'liked_by_them' ? 'liked_by_them' : 'none';
}

/**
 * Fetches GET /api/likes.php and applies it (badge, arrivals); returns the arrivals, or null when it
 * failed. Retries and the switch to logged out on authentication_required as every API call (api-client.ts).
 */
export async function refreshLikes(state: AppState, options: Pick<ApiOptions, 'fetch'> = {}): Promise<number[] | null> {
  if (!state.user) return null;
  try {
    const response = await apiRequest('/api/likes.php', {}, { ...options, onLoggedOut: () => markLoggedOut(state) });
    if (!response.ok) return null;
    const answer = (await response.json()) as LikesAnswer;
    // Logged out while it waited: no badge and no modal for a visitor.
    if (!state.user) return null;
    return applyLikesAnswer(state, answer);
  } catch {
    return null;
  }
}
