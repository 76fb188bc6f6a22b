// Client state of the chat (docs/product.md §3 Chat store, §4; docs/decisions/0017): the member's conversations
// (GET /api/chats.php), messages per conversation, messages on their way (sending, failed), the
// total unread count behind the messages badge and the title prefix, and the last chat opened with
// its date. The rules are pure functions on the state (tests/unit/chat-store.test.ts); the chat
// layer (app/components/chat/chats-layer.tsx) wires them to the refresh schedule and live events.
import type { MessageEvent, MessageView, ReadEvent } from '~/shared/chat-types';
import { apiRequest, jsonBody, type ApiOptions } from './api-client';
import type { AppState } from './app-state';
import { markLoggedOut } from './app-state';

export * from './chats-state';
import type { ChatsState, ChatSummary } from './chats-state';

type State = Pick<AppState, 'totalUnreadMessages'> & { chats: ChatsState };

/** The messages badge: the sum over the list (docs/product.md §2; shown as 99+ above 99 by countBadge). */
export function totalUnread(list: readonly ChatSummary[]): number {
  return list.reduce((sum, chat) => sum + Math.max(0, chat.num_unread_messages), 0);
}

/** Applies a chats answer: the list (newest activity first) and the badge. */
export function applyChats(state: State, list: ChatSummary[]): void {
  // A conversation open on screen is read: the refresh may have raced with its opening.
  state.chats.list = list
    .filter((chat) => !state.chats.removing.includes(chat.conversation.id))
    .map((chat) => (chat.conversation.id === state.chats.open ? { ...chat, num_unread_messages: 0 } : chat));
  state.totalUnreadMessages = totalUnread(state.chats.list);
}

/** Opening a chat sets its unread count to 0 (docs/product.md §4) and remembers it as the last chat opened. */
export function markOpened(state: State, conversation: number | null, profile: number, at: Date): void {
  state.chats.open = conversation;
  state.chats.lastOpened = { profile, at: at.toISOString() };
  const entry = conversation === null ? undefined : state.chats.list?.find((chat) => chat.conversation.id === conversation);
  if (entry) entry.num_unread_messages = 0;
  if (state.chats.list) state.totalUnreadMessages = totalUnread(state.chats.list);
}

/** The messages a page brought (the newest page of a conversation), merged with what the tab knows. */
export function setMessages(state: State, conversation: number, messages: MessageView[]): void {
  const known = state.chats.messages[conversation] ?? [];
  const byId = new Map([...known, ...messages].map((m) => [m.id, m]));
  state.chats.messages[conversation] = [...byId.values()].sort((a, b) => a.id - b.id);
}

/**
 * A message arrived (a live `message` event, or the answer to this tab's own send): into its
 * conversation, the outgoing copy with its client_id dropped, the list entry moved to the top with
 * its last message, and one more unread unless it is the member's own or the chat is open.
 */
export function receiveMessage(state: State, event: MessageEvent, ownProfile: number | null): void {
  const { message } = event;
  const list = state.chats.messages[event.conversation];
  if (list?.some((m) => m.id === message.id)) return;
  setMessages(state, event.conversation, [message]);
  if (event.safety_tip) state.chats.safetyTips[event.conversation] = true;
  const outgoing = state.chats.outgoing[event.profile.id];
  if (outgoing && message.client_id) state.chats.outgoing[event.profile.id] = outgoing.filter((o) => o.client_id !== message.client_id);
  const mine = message.sender === ownProfile;
  const unreadNow = !mine && state.chats.open !== event.conversation;
  if (state.chats.list) {
    const current = state.chats.list.find((chat) => chat.conversation.id === event.conversation);
    const entry: ChatSummary = {
      conversation: { id: event.conversation },
      profile: current?.profile ?? event.profile,
      num_unread_messages: (current?.num_unread_messages ?? 0) + (unreadNow ? 1 : 0),
      last_message: message,
    };
    state.chats.list = [entry, ...state.chats.list.filter((chat) => chat.conversation.id !== event.conversation)];
    state.totalUnreadMessages = totalUnread(state.chats.list);
  } else if (unreadNow) {
    state.totalUnreadMessages += 1;
  }
}

/** The `read` event: the other side read up to a message (the ticks of the member's own messages). */
export function applyRead(state: State, event: ReadEvent): void {
  const current = state.chats.readByOther[event.conversation] ?? 0;
  if (event.message > current) state.chats.readByOther[event.conversation] = event.message;
}

/** Removes a conversation from the list at once (docs/product.md §4), or from this tab after another tab removed it. */
export function dropChat(state: State, conversation: number): ChatSummary | null {
  const entry = state.chats.list?.find((chat) => chat.conversation.id === conversation) ?? null;
  if (state.chats.list) {
    state.chats.list = state.chats.list.filter((chat) => chat.conversation.id !== conversation);
    state.totalUnreadMessages = totalUnread(state.chats.list);
  }
  delete state.chats.messages[conversation];
  return entry;
}

/** docs/product.md §4: removing chats by profile id removes each conversation with that profile (blocking it). */
export function dropChatsWithProfile(state: State, profile: number): void {
  for (const chat of state.chats.list?.filter((c) => c.profile.id === profile) ?? []) dropChat(state, chat.conversation.id);
}

/** GET /api/chats.php and apply it; false when it failed (the state stays as it was). */
export async function refreshChats(state: AppState, options: Pick<ApiOptions, 'fetch'> = {}): Promise<boolean> {
  if (!state.user) return false;
  try {
    const response = await apiRequest('/api/chats.php', {}, { ...options, onLoggedOut: () => markLoggedOut(state) });
    if (!response.ok) return false;
    const { chats } = (await response.json()) as { chats: ChatSummary[] };
    // Logged out while it waited (another refresh learned it): no badges for a visitor.
    if (!state.user) return false;
    applyChats(state, chats);
    return true;
  } catch {
    return false;
  }
}

/** A removal is tried once more after 0.5 s, not five times over 16 s: the member hears of a failure within 2 s (issue 26). */
export const REMOVE_RETRIES = 1;

/**
 * Removes a chat (docs/product.md §4): from the list at once, then DELETE /api/chat.php; when that fails,
 * `alert` tells the member and the list is loaded again from the server.
 */
export async function removeChat(state: AppState, conversation: number, alert: () => void): Promise<boolean> {
  dropChat(state, conversation);
  state.chats.removing.push(conversation);
  let ok = false;
  try {
    const response = await apiRequest('/api/chat.php', { method: 'DELETE', ...jsonBody({ conversation }) }, { onLoggedOut: () => markLoggedOut(state), retries: REMOVE_RETRIES });
    ok = response.ok;
  } catch {
    ok = false;
  }
  state.chats.removing = state.chats.removing.filter((id) => id !== conversation);
  if (!ok) {
    alert();
    await refreshChats(state);
  }
  return ok;
}

/** A new idempotency key for a send: a retry of the same message reuses it (charged once). */
export function newClientId(): string {
  const random = globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  return random.replace(/[^\w-]/g, '');
}

export type SendBody = { text: string } | { gift: string } | { photo: Blob };

export type SendOutcome =
  | { ok: true; message: MessageView; credits: number; conversation: number }
  | { ok: false; error: string; message: string; status: number; /** The balance a 402 not_enough_credits names. */ credits?: number };

/** POST /api/message.php: JSON for a text or a gift, multipart for a photo; retried on a network failure with the same client_id. */
export async function postMessage(state: AppState, profile: number, body: SendBody, clientId: string): Promise<SendOutcome> {
  let init: RequestInit;
  if ('photo' in body) {
    const form = new FormData();
    form.set('profile', String(profile));
    form.set('client_id', clientId);
    form.set('photo', body.photo);
    init = { method: 'POST', body: form };
  } else {
    init = { method: 'POST', ...jsonBody({ profile, client_id: clientId, ...body }) };
  }
  try {
    const response = await apiRequest('/api/message.php', init, { onLoggedOut: () => markLoggedOut(state), idempotent: true });
    const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    if (response.ok) return { ok: true, message: answer.message as MessageView, credits: Number(answer.credits), conversation: Number(answer.conversation) };
    const fields = answer.fields as Record<string, string> | undefined;
    const text = (fields && Object.values(fields)[0]) || String(answer.message ?? '');
    return { ok: false, error: String(answer.error ?? 'failed'), message: text, status: response.status, ...(typeof answer.credits === 'number' ? { credits: answer.credits } : {}) };
  } catch {
    return { ok: false, error: 'network', message: '', status: 0 };
  }
}
