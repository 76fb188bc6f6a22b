// The shape of the likes' client state and its empty value (docs/product.md §3 Likes), apart from the rules in
// likes.ts so that the app state can create it without importing the rules.
import type { LikeState } from '~/shared/likes';

export interface MatchModalProfile {
  id: number;
  name: string;
  /** Main photo URL (docs/product.md §3 Matched profile: main_image.match), or null. */
  photo: string | null;
  fictional: boolean;
  /** new_like: someone liked the member ('New like!'); match: a like back made a match. */
  kind: 'new_like' | 'match';
}

export interface LikesState {
  modal: MatchModalProfile | null;
  /** Like states changed in this tab, by profile id. */
  states: Record<number, LikeState>;
  /** Likers whose like_new entry the client has seen; null until the first refresh. */
  known: number[] | null;
  /** Likers shown in the match modal already (an auto-like), never announced again. */
  announced: number[];
}

export function initialLikesState(): LikesState {
  return { modal: null, states: {}, known: null, announced: [] };
}
