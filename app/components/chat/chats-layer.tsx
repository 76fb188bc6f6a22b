// The chat store on every page of a member (docs/product.md §2–§4, §7): keeps the messages badge (and so the
// title prefix and the app badge) in step with the pages' data — the root loader counts the unread
// messages on every navigation —, takes live events from the stream (message, read, chat_removed;
// app/state/server-events.ts) into the store, and keeps the last chat opened across visits.
// The 60 s refresh of the list runs with the user's (app/state/user-sync.ts).
import { useMatches } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { subscribe, useSnapshot } from 'valtio';
import type { MessageEvent, ReadEvent } from '~/shared/chat-types';
import { useAppState } from '~/state/app-state';
import { applyRead, dropChat, receiveMessage } from '~/state/chats';
import { onServerEvent } from '~/state/server-events';

const LAST_OPENED_KEY = 'rdv_last_chat';

/** The member's own profile id, from the root data (messages they sent carry it as sender). */
export function useOwnProfile(): number | null {
  const root = useMatches().find((m) => m.id === 'root')?.data as { ownProfile?: number | null } | undefined;
  return root?.ownProfile ?? null;
}

export function ChatsLayer() {
  const state = useAppState();
  const { user } = useSnapshot(state);
  const matches = useMatches();
  const ownProfile = useOwnProfile();
  const own = useRef(ownProfile);
  own.current = ownProfile;

  // Pages that count the unread messages (the root on every load) set the badge when their data is new.
  const counted = matches.filter((m) => typeof (m.data as { unreadMessages?: unknown } | undefined)?.unreadMessages === 'number');
  const previous = useRef<unknown[]>([]);
  useEffect(() => {
    const fresh = counted.filter((m) => !previous.current.includes(m.data));
    previous.current = counted.map((m) => m.data);
    const newest = fresh[fresh.length - 1];
    if (newest && !state.chats.list) state.totalUnreadMessages = (newest.data as { unreadMessages: number }).unreadMessages;
  });

  const loggedIn = user !== null;
  useEffect(() => {
    if (!loggedIn) return;
    const off = [
      onServerEvent('message', (data) => receiveMessage(state, data as MessageEvent, own.current)),
      onServerEvent('read', (data) => applyRead(state, data as ReadEvent)),
      onServerEvent('chat_removed', (data) => void dropChat(state, (data as { conversation: number }).conversation)),
    ];
    return () => off.forEach((stop) => stop());
  }, [loggedIn, state]);

  // docs/product.md §3 last_chat_opened_profile and its date, kept in this browser for this member.
  useEffect(() => {
    if (!loggedIn || ownProfile === null) return;
    const key = `${LAST_OPENED_KEY}:${ownProfile}`;
    try {
      const saved = JSON.parse(window.localStorage.getItem(key) ?? 'null') as { profile: number; at: string } | null;
      if (saved && typeof saved.profile === 'number' && !state.chats.lastOpened) state.chats.lastOpened = saved;
    } catch {
      // Without storage the last chat is remembered for this visit only.
    }
    return subscribe(state.chats, () => {
      try {
        if (state.chats.lastOpened) window.localStorage.setItem(key, JSON.stringify(state.chats.lastOpened));
      } catch {
        // As above.
      }
    });
  }, [loggedIn, ownProfile, state]);

  return null;
}
