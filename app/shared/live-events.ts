// The live events outside the chat as the client reads them (docs/api.md GET /api/events.php). The
// chat's own events (message, read) are in chat-types.ts.

/** The profile in a `like` or `match` event: a member card as GET /api/likes.php lists it. */
export interface LiveProfileCard {
  id: number;
  name: string;
  age: number;
  fictional: boolean;
  main_image: { filename: string; thumb_filename: string } | null;
}

/** `like`: someone liked the member; `match`: someone liked the member back. */
export interface LikeEvent {
  profile: LiveProfileCard;
  /** The member's likes badge now (like_new entries). */
  new_likes: number;
}

/** `credits`: the member's balance now; `paid_user` when known (a purchase makes a member premium for good). */
export interface CreditsEvent {
  credits: number;
  paid_user?: boolean;
}

/**
 * What the stream says about itself: `ready` once it is live (after any replay), `refresh` when
 * events were missed that cannot be replayed (reload what is shown), `logout` when the session ended.
 */
export const STREAM_SIGNALS = ['ready', 'refresh', 'logout'] as const;
export type StreamSignal = (typeof STREAM_SIGNALS)[number];
