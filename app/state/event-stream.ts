// The live event stream of a logged-in page (docs/architecture.md §8, docs/api.md GET /api/events.php): one
// EventSource per page while a member is logged in, its events handed to dispatchServerEvent (the
// stores register what they do with each type in server-events.ts). The docs/product.md §7 refresh schedule
// (user-sync.ts, the likes layer) keeps running underneath: the stream only makes things arrive sooner.
//
// Reconnection: after a network error the browser's EventSource reconnects by itself and sends
// Last-Event-ID; when it gives up (an HTTP error, the stream refused), a new EventSource is opened
// after 1, 2, 4 … 60 s (with jitter), naming the last id in ?lastEventId= so that nothing is lost.
// A `refresh` signal (a gap too old to replay) reloads what the page shows; `logout` (the session
// ended) asks GET /api/user.php, which switches the client to logged out. Logging out stops it.
import { subscribe } from 'valtio';
import type { MemberEventType } from '~/shared/chat-types';
import type { AppState } from './app-state';
import { clientClock, type TimerId } from './clock';
import { dispatchServerEvent, dispatchServerResync } from './server-events';
import { refreshUser } from './user-sync';

export const STREAM_URL = '/api/events.php';
export const MEMBER_EVENT_TYPES: readonly MemberEventType[] = ['message', 'read', 'like', 'match', 'credits', 'chat_removed'];
export const RECONNECT_MIN_MS = 1_000;
export const RECONNECT_MAX_MS = 60_000;

/** What the module needs of an EventSource (tests hand in a fake). */
export interface EventSourceLike {
  readonly readyState: number;
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void;
  onerror: ((event: Event) => void) | null;
  close(): void;
}

export interface EventStreamOptions {
  open?: (url: string) => EventSourceLike;
  /** 0 … 1; Math.random unless given. */
  random?: () => number;
}

const CLOSED = 2;

/** `<html data-live-events="ready">` while the stream is live (tests wait for it; tests/support/live.ts). */
function mark(state: 'ready' | 'closed'): void {
  if (typeof document !== 'undefined') document.documentElement.dataset.liveEvents = state;
}

/** The delay before the n-th reconnection (n ≥ 1): doubling from 1 s up to 60 s, less up to a quarter at random. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const full = Math.min(RECONNECT_MAX_MS, RECONNECT_MIN_MS * 2 ** Math.max(0, attempt - 1));
  return Math.round(full * (1 - random() * 0.25));
}

/** The URL of a new EventSource: the last id seen goes in the query (a new EventSource sends no Last-Event-ID). */
export function streamUrl(lastEventId: string | null): string {
  return lastEventId ? `${STREAM_URL}?lastEventId=${encodeURIComponent(lastEventId)}` : STREAM_URL;
}

/**
 * Keeps one stream open while `state.user` is set; returns the function that stops it. Without
 * EventSource (an old browser) it does nothing and the refresh schedule alone keeps the page current.
 */
export function startEventStream(state: AppState, options: EventStreamOptions = {}): () => void {
  const open = options.open ?? (typeof EventSource === 'undefined' ? null : (url: string) => new EventSource(url) as EventSourceLike);
  if (!open) return () => {};
  const random = options.random ?? Math.random;
  let source: EventSourceLike | null = null;
  let lastEventId: string | null = null;
  let attempt = 0;
  let timer: TimerId | null = null;
  let stopped = false;
  /** The server ended the session: no new stream until the client knows who is logged in. */
  let sessionEnded = false;

  const close = () => {
    if (source) mark('closed');
    source?.close();
    source = null;
    clientClock.clearTimer(timer);
    timer = null;
  };
  const seen = (event: MessageEvent<string>) => {
    if (event.lastEventId) lastEventId = event.lastEventId;
  };
  const connect = () => {
    timer = null;
    if (stopped || sessionEnded || !state.user || source) return;
    const current = open(streamUrl(lastEventId));
    source = current;
    for (const type of MEMBER_EVENT_TYPES) {
      current.addEventListener(type, (event) => {
        seen(event);
        let data: unknown;
        try {
          data = JSON.parse(event.data);
        } catch {
          return;
        }
        dispatchServerEvent(type, data);
      });
    }
    current.addEventListener('ready', (event) => {
      seen(event);
      attempt = 0;
      mark('ready');
    });
    current.addEventListener('refresh', (event) => {
      seen(event);
      attempt = 0;
      dispatchServerResync();
    });
    current.addEventListener('logout', () => {
      close();
      sessionEnded = true;
      // The server ended this session: the member answer says so (and switches to logged out).
      void refreshUser(state);
    });
    current.onerror = () => {
      // Still CONNECTING: the browser retries by itself (with Last-Event-ID). CLOSED: it gave up.
      mark('closed');
      if (current.readyState !== CLOSED || source !== current) return;
      source = null;
      attempt++;
      timer = clientClock.setTimer(connect, reconnectDelay(attempt, random));
    };
  };

  connect();
  // Logging in starts the stream, logging out (or a 403 anywhere) stops it.
  const unsubscribe = subscribe(state, () => {
    if (!state.user) {
      close();
      lastEventId = null;
      attempt = 0;
      sessionEnded = false;
    } else if (!source && timer === null) {
      connect();
    }
  });
  return () => {
    stopped = true;
    unsubscribe();
    close();
  };
}
