// The shape of the chat's client state and its empty value (docs/product.md §3 Chat store), apart from the rules
// in chats.ts so that the app state can create it without importing the rules (which need the app state).
import type { MessageView } from '~/shared/chat-types';

export interface ChatProfileView {
  id: number;
  name: string;
  main_image: string | null;
  fictional: boolean;
  age?: number;
  city?: string | null;
}

export interface ChatSummary {
  conversation: { id: number };
  profile: ChatProfileView;
  num_unread_messages: number;
  last_message: MessageView | null;
}

/** A message of this tab that the server has not confirmed: on its way, or failed (to retry). */
export interface OutgoingMessage {
  client_id: string;
  profile: number;
  conversation: number | null;
  kind: 'text' | 'gift' | 'photo';
  text: string | null;
  gift: { id: string; name: string; image: string } | null;
  /** An object URL of the chosen photo, shown until the server's copy arrives. */
  preview: string | null;
  status: 'sending' | 'failed';
  /** The server's refusal text, when it gave one. */
  error: string | null;
  created_at: string;
}

export interface ChatsState {
  /** The list of GET /api/chats.php; null until known. */
  list: ChatSummary[] | null;
  /** Messages per conversation id, oldest first, as far as this tab knows them. */
  messages: Record<number, MessageView[]>;
  /** Messages on their way, per profile written to. */
  outgoing: Record<number, OutgoingMessage[]>;
  /** The other side read up to this message, per conversation. */
  readByOther: Record<number, number>;
  /** Conversations in which a message that matched the scam rules arrived live: the safety tip shows (decision 0029). */
  safetyTips: Record<number, true>;
  /** The conversation on screen: its messages count as read as they arrive. */
  open: number | null;
  /** docs/product.md §3 last_chat_opened_profile and its date: the list marks it and the empty pane offers to continue it. */
  lastOpened: { profile: number; at: string } | null;
  /** A removal the server refused (docs/product.md §4: alert, then the list is loaded again). */
  removeFailed: boolean;
  /** Conversations removed here whose DELETE has not answered yet: a list loaded meanwhile leaves them out. */
  removing: number[];
}

export function initialChatsState(): ChatsState {
  return { list: null, messages: {}, outgoing: {}, readByOther: {}, safetyTips: {}, open: null, lastOpened: null, removeFailed: false, removing: [] };
}
