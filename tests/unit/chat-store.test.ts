// The chat store's rules (app/state/chats.ts; docs/product.md §3 Chat store, §4): the messages badge is the sum
// of the list's unread counts, opening a chat sets its count to 0, a live message moves its chat to
// the top (counted unread unless it is the member's own or the chat is open), and removing a chat
// removes it at once, then deletes on the server — on failure an alert and a reload of the chats.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MessageView } from '~/shared/chat-types';
import { createAppState, type AppState } from '~/state/app-state';
import { countBadge, titleWithCounts } from '~/state/badges';
import { applyChats, applyRead, dropChatsWithProfile, markOpened, receiveMessage, removeChat, totalUnread, type ChatSummary } from '~/state/chats';

const ME = 10;
const message = (id: number, conversation: number, sender: number, extra: Partial<MessageView> = {}): MessageView => ({
  id, conversation, sender, kind: 'text', text: `m${id}`, gift: null, photo: null, credits: 1, fictional: false, client_id: null, created_at: '2026-11-20T10:00:00.000Z', ...extra,
});
const chat = (conversation: number, profile: number, unread: number): ChatSummary => ({
  conversation: { id: conversation }, profile: { id: profile, name: `P${profile}`, main_image: null, fictional: false }, num_unread_messages: unread, last_message: message(conversation * 100, conversation, profile),
});
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let state: AppState;
beforeEach(() => {
  state = createAppState({ user: { name: 'Me', credits: 5, paid_user: true } });
  applyChats(state, [chat(1, 21, 2), chat(2, 22, 0), chat(3, 23, 98)]);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the chat store', () => {
  it('totals the unread messages for the badge, 99+ above 99, and the title prefix adds the new likes', () => {
    expect(totalUnread(state.chats.list!)).toBe(100);
    expect(state.totalUnreadMessages).toBe(100);
    expect(countBadge(state.totalUnreadMessages)).toBe('99+');
    state.totalNewLikes = 3;
    expect(titleWithCounts('Rendezvous', state.totalUnreadMessages, state.totalNewLikes)).toBe('(103) Rendezvous');
  });

  it('sets a chat\'s unread count to 0 when it is opened and remembers it as the last chat opened', () => {
    markOpened(state, 3, 23, new Date('2026-11-23T12:00:00Z'));
    expect(state.chats.list!.find((c) => c.conversation.id === 3)!.num_unread_messages).toBe(0);
    expect(state.totalUnreadMessages).toBe(2);
    expect(state.chats.lastOpened).toEqual({ profile: 23, at: '2026-11-23T12:00:00.000Z' });
    expect(countBadge(state.totalUnreadMessages)).toBe('2');
  });

  it('moves a chat with a new message to the top, counting it unread unless it is open or the member\'s own', () => {
    receiveMessage(state, { conversation: 2, profile: { id: 22, name: 'P22', main_image: null, fictional: false }, message: message(500, 2, 22) }, ME);
    expect(state.chats.list!.map((c) => c.conversation.id)).toEqual([2, 1, 3]);
    expect(state.chats.list![0]!.num_unread_messages).toBe(1);
    expect(state.totalUnreadMessages).toBe(101);
    // The same event twice (a reconnecting stream) counts once.
    receiveMessage(state, { conversation: 2, profile: { id: 22, name: 'P22', main_image: null, fictional: false }, message: message(500, 2, 22) }, ME);
    expect(state.totalUnreadMessages).toBe(101);
    receiveMessage(state, { conversation: 1, profile: { id: 21, name: 'P21', main_image: null, fictional: false }, message: message(501, 1, ME) }, ME);
    expect(state.chats.list![0]!.conversation.id).toBe(1);
    expect(state.chats.list![0]!.num_unread_messages).toBe(2);
    markOpened(state, 3, 23, new Date());
    receiveMessage(state, { conversation: 3, profile: { id: 23, name: 'P23', main_image: null, fictional: false }, message: message(502, 3, 23) }, ME);
    expect(state.chats.list![0]!.num_unread_messages).toBe(0);
    expect(state.chats.messages[3]!.map((m) => m.id)).toEqual([502]);
    // A brand-new conversation joins the list.
    receiveMessage(state, { conversation: 9, profile: { id: 29, name: 'New', main_image: null, fictional: true }, message: message(503, 9, 29) }, ME);
    expect(state.chats.list![0]).toMatchObject({ conversation: { id: 9 }, profile: { name: 'New' }, num_unread_messages: 1 });
  });

  it('keeps the highest message the other side read', () => {
    applyRead(state, { conversation: 1, message: 120 });
    applyRead(state, { conversation: 1, message: 110 });
    expect(state.chats.readByOther[1]).toBe(120);
  });

  it('removes chats by profile id (blocking)', () => {
    dropChatsWithProfile(state, 23);
    expect(state.chats.list!.map((c) => c.conversation.id)).toEqual([1, 2]);
    expect(state.totalUnreadMessages).toBe(2);
  });

  it('removes a chat at once, then deletes it on the server', async () => {
    const fetch = vi.fn(async () => json({ ok: true }));
    vi.stubGlobal('fetch', fetch);
    const alert = vi.fn();
    const done = removeChat(state, 1, alert);
    expect(state.chats.list!.map((c) => c.conversation.id)).toEqual([2, 3]);
    expect(await done).toBe(true);
    expect(fetch).toHaveBeenCalledWith('/api/chat.php', expect.objectContaining({ method: 'DELETE', body: JSON.stringify({ conversation: 1 }) }));
    expect(alert).not.toHaveBeenCalled();
  });

  it('alerts within two seconds and reloads the chats when the DELETE fails (one quick retry, not five)', async () => {
    vi.useFakeTimers();
    const calls: string[] = [];
    vi.stubGlobal('fetch', vi.fn(async (url: string, init?: RequestInit) => {
      calls.push(`${init?.method ?? 'GET'} ${url}`);
      return init?.method === 'DELETE' ? json({ error: 'server_error' }, 500) : json({ chats: [chat(1, 21, 2), chat(2, 22, 0), chat(3, 23, 98)] });
    }));
    const alert = vi.fn();
    const done = removeChat(state, 1, alert);
    expect(state.chats.list!.map((c) => c.conversation.id)).toEqual([2, 3]);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(alert).toHaveBeenCalledTimes(1);
    expect(await done).toBe(false);
    expect(calls.filter((c) => c.startsWith('DELETE'))).toHaveLength(2);
    expect(calls.at(-1)).toBe('GET /api/chats.php');
    expect(state.chats.list!.map((c) => c.conversation.id)).toEqual([1, 2, 3]);
    expect(state.totalUnreadMessages).toBe(100);
  });
});
