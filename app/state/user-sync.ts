// Keeps the client's member in step with the server (docs/product.md §4, §7, §9): GET /api/user.php,
// GET /api/chats.php and GET /api/likes.php together, 5 s after the page started loading (not after
// hydration), then every 60 s — every 5 minutes once push is subscribed (the live event stream
// delivers the rest at once). An answer without a user, or a 403 authentication_required elsewhere,
// switches the client to logged out. Each refresh supersedes the one before: an answer that comes
// after a newer refresh started, or after the client logged out, changes nothing (issue 34 item 12).
import type { AppState, ShellUser } from './app-state';
import { markLoggedOut } from './app-state';
import { apiRequest, type ApiOptions } from './api-client';
import { refreshChats } from './chats';
import { clientClock, type TimerId } from './clock';
import { refreshLikes } from './likes';
import { onServerEvent, onServerResync } from './server-events';
import { MAIL_OFF_REASONS } from '~/shared/catalogue';

export const REFRESH_START_MS = 5_000;
export const REFRESH_INTERVAL_MS = 60_000;
export const REFRESH_INTERVAL_PUSH_MS = 5 * 60_000;

/** The one place that decides how often the client refreshes (push delivers the rest). */
export function refreshInterval(pushSubscribed: boolean): number {
  return pushSubscribed ? REFRESH_INTERVAL_PUSH_MS : REFRESH_INTERVAL_MS;
}

/** The member of GET /api/user.php (docs/product.md §3 User), as far as the shell uses it. */
interface UserAnswer {
  user: {
    credits: number;
    paid_user: boolean;
    profile: { name: string; main_image: unknown } | null;
    notifications_disabled?: string[];
  } | null;
}

export function shellUserFrom(answer: NonNullable<UserAnswer['user']>, previous: ShellUser | null): ShellUser {
  return {
    name: answer.profile?.name ?? previous?.name ?? '',
    credits: answer.credits,
    paid_user: answer.paid_user,
    photo: Boolean(answer.profile?.main_image),
    mailOff: (answer.notifications_disabled ?? []).filter((reason) => (MAIL_OFF_REASONS as readonly string[]).includes(reason)),
  };
}

/** The API options that log the client out when the server says so. */
export function apiOptionsFor(state: AppState, options: Pick<ApiOptions, 'fetch'> = {}): ApiOptions {
  return { ...options, onLoggedOut: () => markLoggedOut(state) };
}

/** The newest refresh of each client state: only its answer counts. */
const newestRefresh = new WeakMap<AppState, number>();

/** One refresh of the member; a failure leaves the client as it was. */
export async function refreshUser(state: AppState, options: Pick<ApiOptions, 'fetch'> = {}): Promise<void> {
  const mine = (newestRefresh.get(state) ?? 0) + 1;
  newestRefresh.set(state, mine);
  const loggedInAtStart = state.user !== null;
  let answer: UserAnswer;
  try {
    const response = await apiRequest('/api/user.php', {}, apiOptionsFor(state, options));
    if (!response.ok) return;
    answer = (await response.json()) as UserAnswer;
  } catch {
    return;
  }
  // A newer refresh speaks for the member; and a late answer never brings back a member the
  // client learned was logged out while it waited.
  if (newestRefresh.get(state) !== mine) return;
  if (!answer.user) markLoggedOut(state);
  else if (state.user !== null || !loggedInAtStart) state.user = shellUserFrom(answer.user, state.user);
}

/** The first refresh: REFRESH_START_MS after the page started loading, however long hydration took. */
export function firstRefreshDelay(sinceLoad: number): number {
  return Math.max(0, REFRESH_START_MS - Math.max(0, sinceLoad));
}

type LikesListener = (arrivals: number[]) => void;
const likesListeners = new Set<LikesListener>();

/** The likes layer hears of likes that arrived at a scheduled refresh (its pages reload). */
export function onLikesRefreshed(listener: LikesListener): () => void {
  likesListeners.add(listener);
  return () => likesListeners.delete(listener);
}

/** A `credits` event (GET /api/events.php): the balance in the shell (the credit badge) follows at once. */
export function applyCreditsEvent(state: AppState, data: unknown): void {
  const { credits, paid_user } = (data ?? {}) as { credits?: unknown; paid_user?: unknown };
  if (!state.user || typeof credits !== 'number' || !Number.isInteger(credits) || credits < 0) return;
  state.user.credits = credits;
  if (paid_user === true) state.user.paid_user = true;
}

/**
 * Starts the refresh cycle; returns a function that stops it. Visitors are not polled. Each refresh
 * is planned from the start of the previous one and asks for the member, the chats and the likes at
 * once; one still waiting for an answer does not hold up the next (its answer is then ignored).
 */
export function startUserSync(state: AppState, options: Pick<ApiOptions, 'fetch'> = {}): () => void {
  let timer: TimerId | null = null;
  const tick = () => {
    timer = clientClock.setTimer(tick, refreshInterval(state.push.isSubscribed));
    if (!state.user) return;
    void refreshUser(state, options);
    void refreshChats(state, options);
    void refreshLikes(state, options).then((arrivals) => {
      if (arrivals) for (const listener of likesListeners) listener(arrivals);
    });
  };
  timer = clientClock.setTimer(tick, firstRefreshDelay(clientClock.sinceLoad()));
  // The live stream on top (event-stream.ts): the balance at once, and everything again after a gap.
  const offCredits = onServerEvent('credits', (data) => applyCreditsEvent(state, data));
  const offResync = onServerResync(() => {
    if (state.user) void refreshUser(state, options);
  });
  return () => {
    clientClock.clearTimer(timer);
    offCredits();
    offResync();
  };
}
