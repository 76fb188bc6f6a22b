// Client state of the member shell (valtio). A store is made per app instance — never at module
// level, where the server would share it between requests (STACK.md pitfall 7). Later work fills
// user, chats and likes from the API; the navigation reads the counts from here.
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { proxy } from 'valtio';
import { initialChatsState, type ChatsState } from './chats-state';
import { initialGeoState, type GeoState } from './geolocation';
import { initialLikesState, type LikesState } from './likes-state';
import { initialOffersState, type OffersState } from './offers';
import { forgetSearchPages, initialSearchState, type SearchState } from './search';

export interface ShellUser {
  name: string;
  credits: number;
  paid_user: boolean;
  /** Has a main photo (docs/product.md §4: otherwise the profile-photo alert asks for one). */
  photo?: boolean;
  /** Why notification mail is off (docs/product.md §4 disabled reasons fbl, bounce, listunsubscribe): the disabled-notifications alert. */
  mailOff?: string[];
}

/**
 * Push state (docs/product.md §3, state/push.ts): whether this browser can take web push, whether it is
 * subscribed (the refresh then runs every 5 minutes), and the last push shown while a page was open
 * (the service worker posts it to the pages, which refresh chats and likes at once).
 */
export interface PushState {
  isCapable: boolean;
  isSubscribed: boolean;
  lastMessage?: { title: string; url: string; at: number } | null;
}

export interface AppState {
  user: ShellUser | null;
  totalUnreadMessages: number;
  totalNewLikes: number;
  /** The chat store (chats.ts): conversations, messages per conversation, the last chat opened. */
  chats: ChatsState;
  /** The match modal and like states changed in this tab (likes.ts). */
  likes: LikesState;
  /** The signup modal (docs/product.md §2), opened by ?signup=1 or by an action that needs an account. */
  signupModal: boolean;
  /** The adults-only entry warning is showing: other modals wait for it. */
  entryWarningOpen: boolean;
  geo: GeoState;
  search: SearchState;
  push: PushState;
  /** The time bonus and an applied discount code (offers.ts). */
  offers: OffersState;
}

export function createAppState(initial: Partial<AppState> = {}): AppState {
  return proxy<AppState>({
    user: null,
    totalUnreadMessages: 0,
    totalNewLikes: 0,
    chats: initialChatsState(),
    likes: initialLikesState(),
    signupModal: false,
    entryWarningOpen: false,
    geo: initialGeoState(),
    search: initialSearchState(),
    push: { isCapable: false, isSubscribed: false },
    offers: initialOffersState(),
    ...initial,
  });
}

const AppStateContext = createContext<AppState | null>(null);

/** The browser's one store, for client loaders (which run outside React); never set on the server. */
let browserState: AppState | null = null;

export function browserAppState(): AppState | null {
  return browserState;
}

export function AppStateProvider({ initial, children }: { initial?: Partial<AppState>; children: ReactNode }) {
  const [state] = useState(() => {
    const made = createAppState(initial);
    if (typeof document !== 'undefined') browserState = made;
    return made;
  });
  // The server decides who is logged in; follow it after a login, logout or reload of the data.
  const userKey = JSON.stringify(initial?.user ?? null);
  useEffect(() => {
    const user = JSON.parse(userKey) as ShellUser | null;
    // Another member (or none) sees other results: kept search pages are not theirs.
    if (JSON.stringify(state.user) !== userKey) forgetSearchPages(state.search);
    state.user = user;
  }, [state, userKey]);
  return <AppStateContext.Provider value={state}>{children}</AppStateContext.Provider>;
}

/** The session is gone (docs/product.md §8): the client shows the visitor's navigation from now on. */
export function markLoggedOut(state: AppState): void {
  state.user = null;
  state.totalUnreadMessages = 0;
  state.totalNewLikes = 0;
  state.chats = initialChatsState();
  // A match modal or like states of the member who is gone no longer apply.
  state.likes = initialLikesState();
}

/** Opens the signup modal, e.g. when a visitor tries something that needs an account. */
export function openSignupModal(state: AppState): void {
  if (!state.user) state.signupModal = true;
}

export function useAppState(): AppState {
  const state = useContext(AppStateContext);
  if (!state) throw new Error('useAppState outside AppStateProvider');
  return state;
}
