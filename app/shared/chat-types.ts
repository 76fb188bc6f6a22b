// The chat's shapes on the wire (docs/api.md: chats.php, chat.php, message.php, events.php), shared by
// the server, the client stores and the operator console.

/** Live events a member's stream carries (GET /api/events.php). */
export type MemberEventType = 'message' | 'read' | 'like' | 'match' | 'credits' | 'chat_removed';

export interface GiftView {
  id: string;
  name: string;
  /** URL of the gift's illustration. */
  image: string;
  credits: number;
}

export interface MessageView {
  id: number;
  conversation: number;
  /** The sender's profile id: the viewer's own profile id means "sent by me". */
  sender: number;
  kind: 'text' | 'gift' | 'photo';
  text: string | null;
  gift: GiftView | null;
  photo: { url: string; thumb: string; width: number; height: number } | null;
  /** Credits the sender paid (0 for a fictional profile's answer). */
  credits: number;
  /** Written by a fictional profile (an operator of the chat service). */
  fictional: boolean;
  client_id: string | null;
  /** ISO 8601, UTC. */
  created_at: string;
}

/** The `message` event: a new message in one of the member's conversations (theirs or the other side's). */
export interface MessageEvent {
  conversation: number;
  /** The other side's profile. */
  profile: { id: number; name: string; main_image: string | null; fictional: boolean };
  message: MessageView;
  /** Only to the recipient of a member's message that matched the scam rules (decision 0029): show the safety tip now. */
  safety_tip?: true;
}

/** The `read` event: the other side read the conversation up to a message. */
export interface ReadEvent {
  conversation: number;
  message: number;
}
