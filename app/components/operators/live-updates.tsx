// Live console: an EventSource on GET /operator/events (the operator's tenants' queue channel); on
// every queue change the page's data is loaded again (debounced), so the queue, claims and a waiting
// member's new message appear without a reload. The browser reconnects by itself after a drop, and
// every connection (the first included) loads the data once more, for what changed without an event.
import { useRevalidator } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { clientClock, type TimerId } from '~/state/clock';

const DEBOUNCE_MS = 300;

export function useOperatorLiveUpdates(onChange?: (event: { conversation: number; change: string }) => void) {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const listener = useRef(onChange);
  listener.current = onChange;
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource('/operator/events');
    let timer: TimerId | null = null;
    const reload = () => {
      clientClock.clearTimer(timer);
      // A navigation in the meantime aborts the reload (and loads the data itself); the page's
      // handler of aborted loads (entry.client.tsx) keeps that from being reported as an error.
      timer = clientClock.setTimer(() => void revalidate.current(), DEBOUNCE_MS);
    };
    // `<html data-live-events="ready">` while the stream is open (tests/support/live.ts waits for it).
    // Each connection loads the data again: what changed between the page's load and the stream's
    // first connection, or while a dropped stream reconnected, came with no event to this console.
    source.addEventListener('open', () => {
      document.documentElement.dataset.liveEvents = 'ready';
      reload();
    });
    source.addEventListener('error', () => {
      document.documentElement.dataset.liveEvents = 'connecting';
    });
    source.addEventListener('queue', (message) => {
      try {
        listener.current?.(JSON.parse((message as MessageEvent<string>).data) as { conversation: number; change: string });
      } catch {
        // A malformed event still means "something changed".
      }
      reload();
    });
    return () => {
      clientClock.clearTimer(timer);
      source.close();
      delete document.documentElement.dataset.liveEvents;
    };
  }, []);
}
