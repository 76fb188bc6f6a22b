// The event bus (DESIGN §8, docs/decisions/0018): live events for one member (new message, read,
// like, match, credits) or for one tenant's operators (the operator queue). Publishers call it after
// their transaction committed; GET /api/events.php streams a member's events as Server-Sent Events.
// In-process by default; with REDIS_URL, Redis pub/sub carries events between server instances.
// Channels are keyed by tenant: a stream never sees another tenant's events.

import type { MemberEventType } from '~/shared/chat-types';

export type { MemberEventType };
export type OperatorEventType = 'queue';

export interface BusEvent<T extends string = string> {
  type: T;
  /** JSON-serialisable payload; its shape per type is in docs/api.md (GET /api/events.php). */
  data: unknown;
}

export type Channel = { kind: 'member'; tenantId: string; userId: number } | { kind: 'operators'; tenantId: string };

export function memberChannel(tenantId: string, userId: number): Channel {
  return { kind: 'member', tenantId, userId };
}

export function operatorChannel(tenantId: string): Channel {
  return { kind: 'operators', tenantId };
}

export function channelKey(channel: Channel): string {
  return channel.kind === 'member' ? `member:${channel.tenantId}:${channel.userId}` : `operators:${channel.tenantId}`;
}

export type Listener = (event: BusEvent) => void;

export interface EventBus {
  /** Delivers to every subscriber of the channel, on this and (with Redis) every other instance. */
  publish(channel: Channel, event: BusEvent): Promise<void>;
  /** Returns the unsubscribe function. */
  subscribe(channel: Channel, listener: Listener): () => void;
  close(): Promise<void>;
}

/** The default bus: one process, no network. */
export function createLocalBus(): EventBus {
  const listeners = new Map<string, Set<Listener>>();
  return {
    async publish(channel, event) {
      for (const listener of listeners.get(channelKey(channel)) ?? []) listener(event);
    },
    subscribe(channel, listener) {
      const key = channelKey(channel);
      let set = listeners.get(key);
      if (!set) listeners.set(key, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(key);
      };
    },
    async close() {
      listeners.clear();
    },
  };
}
