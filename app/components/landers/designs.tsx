// Lander name → its design. One route renders every lander; each design lives with its kin.
import type { ComponentType } from 'react';
import { AloneTonight, Collage, Gallery, Icons } from './hero-landers';
import { Landing, Landing2, Landing3 } from './member-landings';
import { TinderSwipe, TransitionsVideo, Video } from './motion-landers';
import { MapLander, SocialNetwork } from './place-landers';
import type { LanderData } from './kit';

export const LANDER_DESIGNS: Record<string, ComponentType<{ data: LanderData }>> = {
  alonetonight: AloneTonight,
  collagelanding: Collage,
  gallery: Gallery,
  iconslanding: Icons,
  maplanding: MapLander,
  socialnetwork: SocialNetwork,
  transitionsvideolanding: TransitionsVideo,
  video: Video,
  tinderswipe: TinderSwipe,
};

type WithProfile = LanderData & { profile: NonNullable<LanderData['profile']> };
export const LANDING_DESIGNS: Record<string, ComponentType<{ data: WithProfile }>> = { landing: Landing, landing2: Landing2, landing3: Landing3 };
