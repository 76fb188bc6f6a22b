// The SSE responder (app/.server/events/sse.ts) over the in-process bus, read as a browser would:
// framing, the ready/refresh signals, replay without duplicates, the 25-second heartbeat (with fake
// timers), the session check, the limit and the clean-up; and the browser side
// (app/state/event-stream.ts) with a fake EventSource: dispatch, reconnection with backoff and the
// last id, the stop at logout; the live like and credits handlers of the stores.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLocalBus, memberChannel, type EventBus } from '../../app/.server/events/bus';
import { createStreamRegistry, eventStreamResponse, formatSseEvent, RECHECK_EVENT, STREAM_DEFAULTS } from '../../app/.server/events/sse';
import { createAppState } from '../../app/state/app-state';
import { reconnectDelay, startEventStream, streamUrl, type EventSourceLike } from '../../app/state/event-stream';
import { applyLikeEvent, initialLikesState } from '../../app/state/likes';
import { onServerEvent, onServerResync } from '../../app/state/server-events';
import { applyCreditsEvent } from '../../app/state/user-sync';

const channel = memberChannel('flirtlokaal', 3);

/** Reads a streamed body as SSE blocks; `blocks()` is what arrived so far. */
function reader(response: Response) {
  const text: string[] = [];
  const decoder = new TextDecoder();
  const source = response.body!.getReader();
  let done = false;
  const pump = (async () => {
    for (;;) {
      const chunk = await source.read();
      if (chunk.done) break;
      text.push(decoder.decode(chunk.value));
    }
    done = true;
  })();
  const blocks = () => text.join('').split('\n\n').filter(Boolean);
  const events = () => blocks().filter((b) => /^event: /m.test(b)).map((b) => ({ id: /^id: (.*)$/m.exec(b)?.[1] ?? null, event: /^event: (.*)$/m.exec(b)![1]!, data: JSON.parse(/^data: (.*)$/m.exec(b)![1]!) as unknown }));
  return { blocks, events, finished: () => done, pump, cancel: () => source.cancel() };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('eventStreamResponse', () => {
  let bus: EventBus;
  beforeEach(() => {
    bus = createLocalBus();
  });
  afterEach(async () => {
    vi.useRealTimers();
    await bus.close();
  });

  it('frames events as SSE with ids, after a retry hint and a ready signal', async () => {
    const controller = new AbortController();
    const response = eventStreamResponse(new Request('http://x/api/events.php', { signal: controller.signal }), bus, channel);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store, no-transform');
    const body = reader(response);
    await flush();
    await bus.publish(channel, { type: 'credits', data: { credits: 5 } });
    await bus.publish(memberChannel('flirtlokaal', 4), { type: 'credits', data: { credits: 99 } });
    await flush();
    expect(body.blocks()[0]).toBe(`retry: ${STREAM_DEFAULTS.retryMs}\n: stream of member events`);
    expect(body.events().map((e) => [e.event, e.data])).toEqual([
      ['ready', {}],
      ['credits', { credits: 5 }],
    ]);
    expect(body.events().every((e) => /^\d+-\d+$/.test(e.id ?? ''))).toBe(true);
    controller.abort();
    await body.pump;
    expect(body.finished()).toBe(true);
  });

  it('replays after Last-Event-ID, then sends live events once, in order', async () => {
    const first = await bus.publish(channel, { type: 'like', data: 1 });
    await bus.publish(channel, { type: 'like', data: 2 });
    const request = new Request('http://x/api/events.php', { headers: { 'Last-Event-ID': first! } });
    const body = reader(eventStreamResponse(request, bus, channel));
    // Published once the replay was looked up: it waits for the replay and goes out once, after ready.
    await bus.publish(channel, { type: 'like', data: 3 });
    await flush();
    await bus.publish(channel, { type: 'like', data: 4 });
    await flush();
    expect(body.events().map((e) => (e.event === 'like' ? e.data : e.event))).toEqual([2, 'ready', 3, 4]);
    void body.cancel();
  });

  it('sends refresh for an id too old to replay, and takes ?lastEventId= as well', async () => {
    const body = reader(eventStreamResponse(new Request('http://x/api/events.php?lastEventId=1000-0'), bus, channel));
    await flush();
    expect(body.events().map((e) => e.event)).toEqual(['refresh']);
    void body.cancel();
  });

  it('sends a heartbeat comment every 25 seconds', async () => {
    vi.useFakeTimers();
    const body = reader(eventStreamResponse(new Request('http://x/api/events.php'), bus, channel));
    await vi.advanceTimersByTimeAsync(24_999);
    expect(body.blocks().filter((b) => b === ': heartbeat')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(body.blocks().filter((b) => b === ': heartbeat')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(50_000);
    expect(body.blocks().filter((b) => b === ': heartbeat')).toHaveLength(3);
    void body.cancel();
  });

  it('asks stillAllowed on a session event and every recheckMs, and ends with logout when it says no', async () => {
    vi.useFakeTimers();
    let allowed = true;
    const stillAllowed = vi.fn(async () => allowed);
    const body = reader(eventStreamResponse(new Request('http://x/api/events.php'), bus, channel, { stillAllowed, recheckMs: 60_000 }));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(stillAllowed).toHaveBeenCalledTimes(1);
    await bus.publish(channel, { type: RECHECK_EVENT, data: {} });
    await vi.advanceTimersByTimeAsync(0);
    expect(stillAllowed).toHaveBeenCalledTimes(2);
    expect(body.events().map((e) => e.event)).toEqual(['ready']);
    allowed = false;
    await bus.publish(channel, { type: RECHECK_EVENT, data: {} });
    await vi.advanceTimersByTimeAsync(0);
    await body.pump;
    expect(body.events().map((e) => e.event)).toEqual(['ready', 'logout']);
    expect(body.finished()).toBe(true);
  });

  it('counts open streams per key, refuses past the limit and forgets a stream that ended', async () => {
    const registry = createStreamRegistry();
    const limit = { key: 'member:flirtlokaal:3', max: 2, refuse: () => new Response('no', { status: 429 }) };
    const controllers = [new AbortController(), new AbortController()];
    const open = controllers.map((c) => reader(eventStreamResponse(new Request('http://x/', { signal: c.signal }), bus, channel, { registry, limit })));
    expect(registry.count(limit.key)).toBe(2);
    expect(eventStreamResponse(new Request('http://x/'), bus, channel, { registry, limit }).status).toBe(429);
    controllers[0]!.abort();
    await open[0]!.pump;
    expect(registry.count(limit.key)).toBe(1);
    // The server stops: every stream ends.
    registry.closeAll();
    await open[1]!.pump;
    expect(registry.size).toBe(0);
  });

  it('answers HEAD with the headers only', () => {
    const response = eventStreamResponse(new Request('http://x/', { method: 'HEAD' }), bus, channel);
    expect(response.status).toBe(200);
    expect(response.body).toBeNull();
  });

  it('keeps line breaks out of the framing', () => {
    expect(formatSseEvent({ type: 'like', data: { text: 'a\nb' }, id: '1-0' })).toBe('id: 1-0\nevent: like\ndata: {"text":"a\\nb"}\n\n');
  });
});

class FakeSource implements EventSourceLike {
  static opened: FakeSource[] = [];
  readyState = 0;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  private listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {
    FakeSource.opened.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  emit(type: string, data: unknown, lastEventId = '') {
    this.readyState = 1;
    for (const listener of this.listeners.get(type) ?? []) listener({ data: JSON.stringify(data), lastEventId } as MessageEvent<string>);
  }
  fail() {
    this.readyState = 2;
    this.onerror?.(new Event('error'));
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
}

describe('startEventStream (the browser side)', () => {
  beforeEach(() => {
    FakeSource.opened = [];
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
  const user = { name: 'Mia', credits: 3, paid_user: false };

  it('opens one stream for a member and none for a visitor, and hands events to the stores', async () => {
    const visitor = createAppState();
    const stopVisitor = startEventStream(visitor, { open: (url) => new FakeSource(url) });
    expect(FakeSource.opened).toHaveLength(0);
    stopVisitor();

    const state = createAppState({ user: { ...user } });
    const stop = startEventStream(state, { open: (url) => new FakeSource(url) });
    expect(FakeSource.opened.map((s) => s.url)).toEqual(['/api/events.php']);
    const received: unknown[] = [];
    const off = onServerEvent('message', (data) => received.push(data));
    FakeSource.opened[0]!.emit('message', { conversation: 1 }, '5-0');
    expect(received).toEqual([{ conversation: 1 }]);
    off();
    stop();
    expect(FakeSource.opened[0]!.closed).toBe(true);
  });

  it('reconnects after the browser gave up, later each time, naming the last id; a ready resets the delay', async () => {
    const state = createAppState({ user: { ...user } });
    const stop = startEventStream(state, { open: (url) => new FakeSource(url), random: () => 0 });
    FakeSource.opened[0]!.emit('ready', {}, '7-0');
    FakeSource.opened[0]!.fail();
    await vi.advanceTimersByTimeAsync(999);
    expect(FakeSource.opened).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeSource.opened[1]!.url).toBe('/api/events.php?lastEventId=7-0');
    FakeSource.opened[1]!.fail();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(FakeSource.opened).toHaveLength(3);
    FakeSource.opened[2]!.emit('ready', {}, '9-1');
    FakeSource.opened[2]!.fail();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(FakeSource.opened[3]!.url).toBe('/api/events.php?lastEventId=9-1');
    stop();
    expect(reconnectDelay(1, () => 0)).toBe(1_000);
    expect(reconnectDelay(20, () => 0)).toBe(60_000);
    expect(reconnectDelay(3, () => 1)).toBe(3_000);
    expect(streamUrl('1-2')).toBe('/api/events.php?lastEventId=1-2');
  });

  it('stops at logout, and asks who is logged in when the server ends the session', async () => {
    const state = createAppState({ user: { ...user } });
    const fetch = vi.fn(async () => Response.json({ user: null }));
    vi.stubGlobal('fetch', fetch);
    const stop = startEventStream(state, { open: (url) => new FakeSource(url) });
    FakeSource.opened[0]!.emit('logout', {});
    expect(FakeSource.opened[0]!.closed).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch).toHaveBeenCalledWith('/api/user.php', expect.anything());
    expect(state.user).toBeNull();
    // Logging in again opens a new stream.
    state.user = { ...user };
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeSource.opened).toHaveLength(2);
    state.user = null;
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeSource.opened[1]!.closed).toBe(true);
    stop();
  });

  it('hands a refresh signal to the resync handlers', () => {
    const state = createAppState({ user: { ...user } });
    const stop = startEventStream(state, { open: (url) => new FakeSource(url) });
    const resync = vi.fn();
    const off = onServerResync(resync);
    FakeSource.opened[0]!.emit('refresh', {}, '3-0');
    expect(resync).toHaveBeenCalledTimes(1);
    off();
    stop();
  });
});

describe('the stores on live events', () => {
  const card = (id: number) => ({ id, name: `P${id}`, age: 30, fictional: false, main_image: { filename: `/media/${id}.jpg`, thumb_filename: `/media/${id}-t.jpg` } });

  it('announces a like once in the match modal, sets the badge and the card state; a match says match', () => {
    const state = { totalNewLikes: 0, likes: initialLikesState() };
    expect(applyLikeEvent(state, 'like', { profile: card(4), new_likes: 2 })).toBe(true);
    expect(state.totalNewLikes).toBe(2);
    expect(state.likes.modal).toMatchObject({ id: 4, kind: 'new_like', photo: '/media/4.jpg' });
    expect(state.likes.states[4]).toBe('liked_by_them');
    state.likes.modal = null;
    // The same like again (a replay, an auto-like this tab announced): no second modal.
    expect(applyLikeEvent(state, 'like', { profile: card(4), new_likes: 2 })).toBe(false);
    expect(state.likes.modal).toBeNull();
    state.likes.states[5] = 'liked';
    expect(applyLikeEvent(state, 'match', { profile: card(5), new_likes: 3 })).toBe(true);
    expect(state.likes.modal).toMatchObject({ id: 5, kind: 'match' });
    expect(state.likes.states[5]).toBe('match');
  });

  it('sets the balance (and premium) from a credits event, ignoring nonsense and visitors', () => {
    const state = createAppState({ user: { name: 'Mia', credits: 3, paid_user: false } });
    applyCreditsEvent(state, { credits: 53, paid_user: true });
    expect(state.user).toMatchObject({ credits: 53, paid_user: true });
    applyCreditsEvent(state, { credits: -1 });
    applyCreditsEvent(state, { credits: 'x' });
    applyCreditsEvent(state, null);
    expect(state.user?.credits).toBe(53);
    applyCreditsEvent(state, { credits: 40 });
    expect(state.user).toMatchObject({ credits: 40, paid_user: true });
    const visitor = createAppState();
    applyCreditsEvent(visitor, { credits: 5 });
    expect(visitor.user).toBeNull();
  });
});
