// Keeps the client's member in step with the server (SPEC §4, §7, §9): GET /api/user.php and then
// GET /api/chats.php from 5 s after load, then every 60 s — every 5 minutes once push is subscribed
// (the likes layer follows the same schedule with GET /api/likes.php; the live event stream delivers
// the rest at once). An answer without a user, or a 403 authentication_required elsewhere, switches
// the client to logged out.
import type { AppState, ShellUser } from './app-state';
import { markLoggedOut } from './app-state';
import { apiRequest, type ApiOptions } from './api-client';
import { refreshChats } from './chats';
import { clientClock, type TimerId } from './clock';
import { onServerEvent, onServerResync } from './server-events';
import { MAIL_OFF_REASONS } from '~/shared/catalogue';

export const REFRESH_START_MS = 5_000;
export const REFRESH_INTERVAL_MS = 60_000;
export const REFRESH_INTERVAL_PUSH_MS = 5 * 60_000;

/** The one place that decides how often the client refreshes (push delivers the rest). */
export function refreshInterval(pushSubscribed: boolean): number {
  return pushSubscribed ? REFRESH_INTERVAL_PUSH_MS : REFRESH_INTERVAL_MS;
}

/** The member of GET /api/user.php (SPEC §3 User), as far as the shell uses it. */
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

/** One refresh of the member; a failure leaves the client as it was. */
export async function refreshUser(state: AppState, options: Pick<ApiOptions, 'fetch'> = {}): Promise<void> {
  let answer: UserAnswer;
  try {
    const response = await apiRequest('/api/user.php', {}, apiOptionsFor(state, options));
    if (!response.ok) return;
    answer = (await response.json()) as UserAnswer;
  } catch {
    return;
  }
  if (!answer.user) markLoggedOut(state);
  else state.user = shellUserFrom(answer.user, state.user);
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
 * is planned from the start of the previous one; one still retrying is not doubled.
 */
export function startUserSync(state: AppState, options: Pick<ApiOptions, 'fetch'> = {}): () => void {
  let timer: TimerId | null = null;
  let inFlight = false;
  const tick = () => {
    timer = clientClock.setTimer(tick, refreshInterval(state.push.isSubscribed));
    if (!state.user || inFlight) return;
    inFlight = true;
    void refreshUser(state, options)
      .then(() => refreshChats(state, options))
      .finally(() => {
      inFlight = false;
    });
  };
  timer = clientClock.setTimer(tick, REFRESH_START_MS);
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
