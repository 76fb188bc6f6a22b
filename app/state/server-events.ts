// The client side of the live event stream (GET /api/events.php, docs/architecture.md §8): whoever keeps the
// stream open hands each event here; stores register what they do with each type (the chat store
// with `message` and `read`, the likes layer with `like` and `match`, the shell with `credits`).
import type { MemberEventType } from '~/shared/chat-types';
import { markRootStale } from './root-revalidation';

type Handler = (data: unknown) => void;

const handlers = new Map<MemberEventType, Set<Handler>>();

/** Registers a handler for one event type; returns the function that removes it. */
export function onServerEvent(type: MemberEventType, handler: Handler): () => void {
  let set = handlers.get(type);
  if (!set) handlers.set(type, (set = new Set()));
  set.add(handler);
  return () => set.delete(handler);
}

/** Hands one event to every handler of its type; a failing handler does not stop the others. */
export function dispatchServerEvent(type: MemberEventType, data: unknown): void {
  // What the shell shows may have moved with it: the next navigation loads the root again (root-revalidation.ts).
  markRootStale();
  for (const handler of handlers.get(type) ?? []) {
    try {
      handler(data);
    } catch (error) {
      console.warn(`event handler for ${type} failed`, error);
    }
  }
}

// The stream missed events it cannot replay (a `refresh` signal): whoever shows server data reloads it.
const resyncHandlers = new Set<() => void>();

/** Registers what to reload after a gap in the stream; returns the function that removes it. */
export function onServerResync(handler: () => void): () => void {
  resyncHandlers.add(handler);
  return () => resyncHandlers.delete(handler);
}

export function dispatchServerResync(): void {
  markRootStale();
  for (const handler of [...resyncHandlers]) {
    try {
      handler();
    } catch (error) {
      console.warn('resync handler failed', error);
    }
  }
}
