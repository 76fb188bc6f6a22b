// The client's refresh of the member (docs/product.md §4, §7, §8, §9), on vitest's fake timers: when it asks,
// how it retries, and how a gone session turns the client into a visitor's.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppState, type AppState } from '~/state/app-state';
import { apiRequest, MAX_RETRIES, retryDelay } from '~/state/api-client';
import { saveLanguage } from '~/state/language-choice';
import { clientClock } from '~/state/clock';
import { firstRefreshDelay, REFRESH_INTERVAL_MS, REFRESH_INTERVAL_PUSH_MS, REFRESH_START_MS, refreshInterval, startUserSync } from '~/state/user-sync';

const member = { name: 'Anna', credits: 12, paid_user: false, photo: false };

function userAnswer(overrides: Record<string, unknown> = {}) {
  return {
    user: {
      status: 'active',
      credits: 7,
      paid_user: true,
      profile: { id: 4, name: 'Anna B', country: 'NL', status: 'active', main_image: { filename: '/m/a.webp', thumb_filename: '/m/t.webp' } },
      ...overrides,
    },
  };
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * A fetch that answers from a queue (the last answer repeats) and records the calls; the chats
 * refresh that follows each user refresh gets an empty list at once and is recorded apart.
 */
function fakeFetch(...answers: (() => Response | Promise<Response>)[]) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  const chatCalls: number[] = [];
  const likeCalls: number[] = [];
  const fetch = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    if (String(url) === '/api/likes.php') {
      likeCalls.push(Date.now());
      return json({ profiles: [], liked_by: [{ id: 5, like_new: true }] });
    }
    if (String(url) === '/api/chats.php') {
      chatCalls.push(Date.now());
      return json({ chats: [{ conversation: { id: 9 }, profile: { id: 3, name: 'Bo', main_image: null, fictional: false }, num_unread_messages: 4, last_message: null }] });
    }
    calls.push({ url: String(url), init });
    const answer = answers.length > 1 ? answers.shift()! : answers[0]!;
    return answer();
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls, chatCalls, likeCalls };
}

let state: AppState;
let stop: (() => void) | undefined;

beforeEach(() => {
  vi.useFakeTimers();
  state = createAppState({ user: { ...member } });
});

afterEach(() => {
  stop?.();
  stop = undefined;
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('the user refresh', () => {
  it('asks GET /api/user.php first 5 s after load, then every 60 s', async () => {
    const { fetch, calls } = fakeFetch(() => json(userAnswer()));
    stop = startUserSync(state, { fetch });
    await vi.advanceTimersByTimeAsync(REFRESH_START_MS - 1);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('/api/user.php');
    expect(calls[0]!.init?.method).toBe('GET');
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS - 1);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(3 * REFRESH_INTERVAL_MS);
    expect(calls).toHaveLength(5);
  });

  it('refreshes the chats (docs/product.md §7) right after each user refresh: list and messages badge', async () => {
    const { fetch, chatCalls } = fakeFetch(() => json(userAnswer()));
    stop = startUserSync(state, { fetch });
    await vi.advanceTimersByTimeAsync(REFRESH_START_MS - 1);
    expect(chatCalls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(chatCalls).toHaveLength(1);
    expect(state.chats.list?.map((c) => c.conversation.id)).toEqual([9]);
    expect(state.totalUnreadMessages).toBe(4);
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS);
    expect(chatCalls).toHaveLength(2);
  });

  it('refreshes every 5 minutes once push is subscribed (one rule: refreshInterval)', async () => {
    expect(refreshInterval(false)).toBe(60_000);
    expect(refreshInterval(true)).toBe(300_000);
    const { fetch, calls } = fakeFetch(() => json(userAnswer()));
    state.push.isSubscribed = true;
    stop = startUserSync(state, { fetch });
    await vi.advanceTimersByTimeAsync(REFRESH_START_MS);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS * 4);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_PUSH_MS - REFRESH_INTERVAL_MS * 4);
    expect(calls).toHaveLength(2);
  });

  it('takes the credits, premium state, name and photo from the answer', async () => {
    const { fetch } = fakeFetch(() => json(userAnswer()));
    stop = startUserSync(state, { fetch });
    await vi.advanceTimersByTimeAsync(REFRESH_START_MS);
    expect(state.user).toEqual({ name: 'Anna B', credits: 7, paid_user: true, photo: true, mailOff: [] });
  });

  it('keeps why notification mail is off (fbl, bounce, listunsubscribe), not the kinds switched off, for the disabled-notifications alert', async () => {
    const { fetch } = fakeFetch(() => json(userAnswer({ notifications_disabled: ['like', 'bounce', 'news'] })));
    stop = startUserSync(state, { fetch });
    await vi.advanceTimersByTimeAsync(REFRESH_START_MS);
    expect(state.user?.mailOff).toEqual(['bounce']);
  });

  it('switches the client to logged out when the session is gone ({ user: null })', async () => {
    state.totalUnreadMessages = 3;
    const { fetch } = fakeFetch(() => json({ user: null }));
    stop = startUserSync(state, { fetch });
    await vi.advanceTimersByTimeAsync(REFRESH_START_MS);
    expect(state.user).toBeNull();
    expect(state.totalUnreadMessages).toBe(0);
  });

  it('does not poll for a visitor', async () => {
    state.user = null;
    const { fetch, calls } = fakeFetch(() => json({ user: null }));
    stop = startUserSync(state, { fetch });
    await vi.advanceTimersByTimeAsync(REFRESH_START_MS + 3 * REFRESH_INTERVAL_MS);
    expect(calls).toHaveLength(0);
  });

  it('keeps the member when the server cannot be reached at all', async () => {
    const { fetch, calls } = fakeFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    stop = startUserSync(state, { fetch });
    // 0.5 + 1 + 2 + 4 + 8 s of retries, well within the minute before the next refresh.
    await vi.advanceTimersByTimeAsync(REFRESH_START_MS + 20_000);
    expect(calls.length).toBe(1 + MAX_RETRIES);
    expect(state.user).toEqual(member);
  });

  // Issue 34 item 12: a refresh whose answer never comes held up every later one (the member stayed shown).
  it('does not let a refresh that waits for its answer hold up the next; its late answer changes nothing', async () => {
    let answer: (response: Response) => void = () => {};
    const { fetch, calls } = fakeFetch(
      () => new Promise<Response>((resolve) => (answer = resolve)),
      () => json({ user: null }),
    );
    stop = startUserSync(state, { fetch });
    await vi.advanceTimersByTimeAsync(REFRESH_START_MS);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS);
    expect(calls).toHaveLength(2);
    // The session was revoked elsewhere: the next refresh shows the logged-out state.
    expect(state.user).toBeNull();
    // The first answer arrives late, from before the logout: the member does not come back.
    answer(json(userAnswer()));
    await vi.advanceTimersByTimeAsync(0);
    expect(state.user).toBeNull();
  });

  // Issue 34 item 16: user, chats and likes came 6–13 s after load, the lists seconds after the user.
  it('asks for user, chats and likes together 5 s after the page started loading, however late it hydrated', async () => {
    const { fetch, calls, chatCalls, likeCalls } = fakeFetch(() => json(userAnswer()));
    const loadedAt = Date.now();
    vi.spyOn(clientClock, 'sinceLoad').mockImplementation(() => Date.now() - loadedAt);
    // Hydration took 2.5 s.
    await vi.advanceTimersByTimeAsync(2_500);
    stop = startUserSync(state, { fetch });
    await vi.advanceTimersByTimeAsync(REFRESH_START_MS - 2_500 - 1);
    expect([calls.length, chatCalls.length, likeCalls.length]).toEqual([0, 0, 0]);
    await vi.advanceTimersByTimeAsync(1);
    expect([calls.length, chatCalls.length, likeCalls.length]).toEqual([1, 1, 1]);
    expect(chatCalls[0]! - loadedAt).toBe(REFRESH_START_MS);
    expect(likeCalls[0]! - loadedAt).toBe(REFRESH_START_MS);
    expect(state.totalNewLikes).toBe(1);
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS);
    expect([calls.length, chatCalls.length, likeCalls.length]).toEqual([2, 2, 2]);
    expect(firstRefreshDelay(12_000)).toBe(0);
  });

  it('stops when asked', async () => {
    const { fetch, calls } = fakeFetch(() => json(userAnswer()));
    startUserSync(state, { fetch })();
    await vi.advanceTimersByTimeAsync(REFRESH_START_MS + REFRESH_INTERVAL_MS);
    expect(calls).toHaveLength(0);
  });
});

describe('API requests', () => {
  it('retry up to 5 times with exponential delay: 0.5, 1, 2, 4, 8 s', async () => {
    expect([1, 2, 3, 4, 5].map(retryDelay)).toEqual([500, 1000, 2000, 4000, 8000]);
    const { fetch, calls } = fakeFetch(() => json({ error: 'oops' }, 503));
    const done = apiRequest('/api/members.php', {}, { fetch });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(1);
    for (const [retry, delay] of [500, 1000, 2000, 4000, 8000].entries()) {
      await vi.advanceTimersByTimeAsync(delay - 1);
      expect(calls).toHaveLength(retry + 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(calls).toHaveLength(retry + 2);
    }
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(6);
    expect((await done).status).toBe(503);
  });

  it('stop retrying once an answer comes', async () => {
    const { fetch, calls } = fakeFetch(
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => json({ error: 'busy' }, 502),
      () => json({ ok: true }),
    );
    const done = apiRequest('/api/members.php', {}, { fetch });
    await vi.advanceTimersByTimeAsync(500 + 1000);
    expect((await done).status).toBe(200);
    expect(calls).toHaveLength(3);
  });

  it('do not retry a client error, nor a POST', async () => {
    const notFound = fakeFetch(() => json({ error: 'not_found' }, 404));
    expect((await apiRequest('/api/x.php', {}, { fetch: notFound.fetch })).status).toBe(404);
    expect(notFound.calls).toHaveLength(1);
    const post = fakeFetch(() => json({ error: 'busy' }, 503));
    expect((await apiRequest('/api/x.php', { method: 'POST' }, { fetch: post.fetch })).status).toBe(503);
    expect(post.calls).toHaveLength(1);
  });

  it('a 403 authentication_required logs the client out (docs/product.md §8), other 403s do not', async () => {
    const onLoggedOut = vi.fn();
    const gone = fakeFetch(() => json({ error: 'authentication_required', message: 'Log in' }, 403));
    await apiRequest('/api/members.php', {}, { fetch: gone.fetch, onLoggedOut });
    expect(onLoggedOut).toHaveBeenCalledTimes(1);
    const other = fakeFetch(() => json({ error: 'cross_origin' }, 403));
    await apiRequest('/api/members.php', {}, { fetch: other.fetch, onLoggedOut });
    expect(onLoggedOut).toHaveBeenCalledTimes(1);
  });

  it('…except on user.php, where a wrong login must not log anyone out', async () => {
    const onLoggedOut = vi.fn();
    const { fetch } = fakeFetch(() => json({ error: 'authentication_required' }, 403));
    await apiRequest('/api/user.php', { method: 'PUT' }, { fetch, onLoggedOut });
    expect(onLoggedOut).not.toHaveBeenCalled();
  });
});

describe('a language change', () => {
  it('sends PUT /api/user.php { language } for a member', async () => {
    const { fetch, calls } = fakeFetch(() => json(userAnswer({ language: 'en' })));
    expect(await saveLanguage(state, 'en', { fetch })).toBe(true);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('/api/user.php');
    expect(calls[0]!.init?.method).toBe('PUT');
    expect(JSON.parse(String(calls[0]!.init?.body))).toEqual({ language: 'en' });
    expect(new Headers(calls[0]!.init?.headers).get('Content-Type')).toBe('application/json');
  });
});

describe('refreshes revalidated with ETags (docs/api.md "Refreshes and ETags")', () => {
  it('sends the last ETag as If-None-Match and turns a 304 back into the kept answer; an answer without one is not kept', async () => {
    const sent: (string | null)[] = [];
    const answers = [
      () => new Response(JSON.stringify(userAnswer({ credits: 3 })), { status: 200, headers: { 'Content-Type': 'application/json', ETag: '"v1"' } }),
      () => new Response(null, { status: 304, headers: { ETag: '"v1"' } }),
      () => new Response(JSON.stringify(userAnswer({ credits: 9 })), { status: 200, headers: { 'Content-Type': 'application/json', ETag: '"v2"' } }),
      () => json({ user: null }),
      () => json({ user: null }),
    ];
    const fetch = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
      sent.push(new Headers(init?.headers).get('If-None-Match'));
      return answers.shift()!();
    });
    const credits = async () => ((await (await apiRequest('/api/user.php', {}, { fetch })).json()) as { user: { credits: number } | null }).user?.credits ?? null;
    expect(await credits()).toBe(3);
    expect(await credits()).toBe(3);
    expect(await credits()).toBe(9);
    expect(await credits()).toBeNull();
    expect(await credits()).toBeNull();
    expect(sent).toEqual([null, '"v1"', '"v1"', '"v2"', null]);
    // Other endpoints are asked as they are.
    const other = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
      sent.push(new Headers(init?.headers).get('If-None-Match'));
      return new Response('{}', { status: 200, headers: { ETag: '"x"' } });
    });
    await apiRequest('/api/settings.php', {}, { fetch: other });
    await apiRequest('/api/settings.php', {}, { fetch: other });
    expect(sent.slice(5)).toEqual([null, null]);
  });
});
