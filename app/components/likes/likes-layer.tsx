// Likes on every page of a member (docs/product.md §4, §7): keeps the likes badge (and so the title prefix and
// the app badge) in step — from the pages' data and from GET /api/likes.php, which the member's
// refresh (user-sync.ts) asks with the user and chats —, announces a like that arrived since in the match modal, asks for an auto-like on pages of
// the members area, and holds the match modal itself. The chat work's event stream can call
// applyLikesAnswer too (a live event).
import { useLocation, useMatches, useRevalidator } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { useAppState, type AppState } from '~/state/app-state';
import {
  AUTO_LIKE_ASK_AFTER_MS,
  AUTO_LIKE_ASK_EVERY_MS,
  AUTO_LIKE_RELOAD_MS,
  applyLikeEvent,
  markKnown,
  refreshLikes,
  showMatchModal,
} from '~/state/likes';
import { onServerEvent, onServerResync } from '~/state/server-events';
import type { LikeEvent } from '~/shared/live-events';
import { MatchModal } from './match-modal';
import { onLikesRefreshed } from '~/state/user-sync';

/** The members area (docs/product.md §2) and the likes pages: where an auto-like may be asked for. */
const MEMBERS_AREA = ['routes/members._index', 'routes/members.$id', 'routes/likes.m.$id', 'routes/likes._index', 'routes/likes.$type', 'routes/chats', 'routes/premium', 'routes/match-finder', 'routes/swipe-game'];
/** Pages that list likes: they reload when a new like arrived. */
const LIKES_PAGES = ['routes/likes._index', 'routes/likes.$type'];
/** Profile pages show the like state too: they reload on a live like or match. */
const PROFILE_PAGES = ['routes/members.$id', 'routes/likes.m.$id'];
const ASKED_KEY = 'rdv_auto_like_asked';

interface AutoLikeAnswer {
  profile: { id: number; name: string; fictional: boolean; main_image: { match: string } } | null;
}

function askedRecently(): boolean {
  try {
    return Date.now() - Number(window.sessionStorage.getItem(ASKED_KEY) ?? 0) < AUTO_LIKE_ASK_EVERY_MS;
  } catch {
    return false;
  }
}

function noteAsked(): void {
  try {
    window.sessionStorage.setItem(ASKED_KEY, String(Date.now()));
  } catch {
    // Without session storage the server's own limit still holds.
  }
}

export function LikesLayer() {
  const state = useAppState();
  const { user } = useSnapshot(state);
  const matches = useMatches();
  const location = useLocation();
  const revalidator = useRevalidator();
  const routeId = matches[matches.length - 1]?.id ?? '';
  const onLikesPage = useRef(false);
  onLikesPage.current = LIKES_PAGES.includes(routeId);
  const onProfilePage = useRef(false);
  onProfilePage.current = PROFILE_PAGES.includes(routeId);
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;

  // Pages that know the count (root, the likes pages, profiles that clear a flag) set the badge
  // when their data is new; a page without it keeps the count it had.
  const counted = matches.filter((m) => typeof (m.data as { newLikes?: unknown } | undefined)?.newLikes === 'number');
  const previous = useRef<unknown[]>([]);
  useEffect(() => {
    const fresh = counted.filter((m) => !previous.current.includes(m.data));
    previous.current = counted.map((m) => m.data);
    const newest = fresh[fresh.length - 1];
    if (newest) state.totalNewLikes = (newest.data as { newLikes: number }).newLikes;
  });

  // The refresh (docs/product.md §7) runs on the member's schedule with the user and chats (user-sync.ts): a
  // like that arrived since reloads the likes pages.
  const loggedIn = user !== null;
  useEffect(() => {
    if (!loggedIn) return;
    return onLikesRefreshed((arrivals) => {
      if (arrivals.length && onLikesPage.current) revalidate.current();
    });
  }, [loggedIn]);

  // Live likes and matches (GET /api/events.php): the modal at once, the likes pages reload.
  useEffect(() => {
    if (!loggedIn) return;
    const live = (kind: 'like' | 'match') => (data: unknown) => {
      applyLikeEvent(state, kind, data as LikeEvent);
      if (onLikesPage.current || onProfilePage.current) revalidate.current();
    };
    const offs = [
      onServerEvent('like', live('like')),
      onServerEvent('match', live('match')),
      onServerResync(() => void refresh(state, () => onLikesPage.current && revalidate.current())),
    ];
    return () => offs.forEach((off) => off());
  }, [loggedIn, state]);

  // Auto-like (docs/product.md §4, §7): asked 20 s after a members-area page opens, at most every 30 minutes
  // in this tab; the server decides whether a like comes (app/.server/likes/auto-like.ts).
  const inMembersArea = MEMBERS_AREA.includes(routeId);
  useEffect(() => {
    if (!loggedIn || !inMembersArea || askedRecently()) return;
    const timer = window.setTimeout(async () => {
      if (askedRecently()) return;
      noteAsked();
      let answer: AutoLikeAnswer | null = null;
      try {
        const response = await fetch('/api/auto-like.php', { headers: { Accept: 'application/json' } });
        answer = response.ok ? ((await response.json()) as AutoLikeAnswer) : null;
      } catch {
        return;
      }
      const liker = answer?.profile;
      if (!liker) return;
      markKnown(state.likes, liker.id);
      showMatchModal(state.likes, { id: liker.id, name: liker.name, photo: liker.main_image.match, fictional: liker.fictional, kind: 'new_like' });
      window.setTimeout(() => void refresh(state, () => onLikesPage.current && revalidate.current()), AUTO_LIKE_RELOAD_MS);
    }, AUTO_LIKE_ASK_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [loggedIn, inMembersArea, location.key, state]);

  return loggedIn ? <MatchModal /> : null;
}

/** One likes refresh; `reloadPage` when a like arrived and the page lists likes. */
async function refresh(state: AppState, reloadPage: () => void): Promise<void> {
  const arrivals = await refreshLikes(state);
  if (arrivals?.length) reloadPage();
}
