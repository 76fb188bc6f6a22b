// Likes' value lists and shapes shared by the server and the pages (docs/product.md §2 likes-type, §4 like states).

/** docs/product.md §4 like states between two profiles. */
export type LikeState = 'none' | 'liked' | 'liked_by_them' | 'match';

/** The tabs of /likes/{type} (docs/product.md §2); /likes shows the first. */
export const LIKES_TABS = ['received', 'sent', 'matches'] as const;
export type LikesTab = (typeof LIKES_TABS)[number];

/** The match finder's area choice: the member's region, their country, or all the site's countries. */
export const AREAS = ['region', 'country', 'all'] as const;
export type Area = (typeof AREAS)[number];

/** Why the match finder suggests a profile. */
export type MatchReason =
  | { kind: 'likes_you' }
  | { kind: 'same_city' }
  | { kind: 'same_region' }
  | { kind: 'nearby'; km: number }
  | { kind: 'similar_age' }
  | { kind: 'interests'; shared: string[] };

/** A result card (as in search) with what the likes pages add. */
export interface LikesCardBase {
  id: number;
  name: string;
  age: number;
  city: string | null;
  fictional: boolean;
  main_image: { filename: string; thumb_filename: string } | null;
  distance: number | null;
  like: LikeState;
}
