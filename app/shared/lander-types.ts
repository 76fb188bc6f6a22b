// The data a lander page gets from its loader (app/.server/landers/lander-page.ts), shared with the
// lander components.

export interface LanderProfile {
  id: number;
  name: string;
  age: number;
  city: string | null;
  fictional: boolean;
  photo: string;
  thumb: string;
  interests: string[];
  lat: number | null;
  lon: number | null;
}

export interface LanderTexts {
  /** null: the page's own default text (the message catalogue) applies. */
  headline: string | null;
  subline: string | null;
  cta: string | null;
}

export interface LandingProfileView {
  id: number;
  name: string;
  age: number | null;
  city: string | null;
  photos: string[];
  interests: string[];
  fictional: boolean;
}

export interface LanderPageData {
  lander: string;
  /** The variant served (its slug): a split's pick differs per visitor, so a render cache keys on it. */
  variant: string;
  texts: LanderTexts;
  accent: string | null;
  canonical: string;
  site: string;
  fictionalIcon: boolean;
  fictionalWarning: string;
  profiles: LanderProfile[];
  /** The profile of a member landing; null on a lander. */
  profile: LandingProfileView | null;
  /** The map lander's centre (the visitor's city, or the tenant's largest); null elsewhere. */
  near: { lat: number; lon: number } | null;
}
