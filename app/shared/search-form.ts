// The /members search form as the server hands it to the page: which filters the tenant offers
// (settings.search_fields) and the values in effect.
import { BODY_TYPES, EYE_COLOURS, HAIR_COLOURS, RELATIONSHIP_STATUSES } from './catalogue';

/** Filters offered as a choice of catalogue values. */
export const SEARCH_CHOICES = { body_type: BODY_TYPES, hair_colour: HAIR_COLOURS, eye_colour: EYE_COLOURS, relationship_status: RELATIONSHIP_STATUSES } as const;
export type SearchChoiceField = keyof typeof SEARCH_CHOICES;

/** The filters in effect, as the form shows them (refused values left out). */
export interface SearchFormValues {
  gender: string;
  country: string;
  countryregion: string;
  min_age: string;
  max_age: string;
  body_type: string;
  hair_colour: string;
  eye_colour: string;
  relationship_status: string;
  tattoos: string;
  with_photo: boolean;
  interests: string;
  distance: string;
}

/** Which filters the form shows. */
export interface SearchFilterOffer {
  gender: boolean;
  country: boolean;
  region: boolean;
  age: boolean;
  distance: boolean;
  choices: SearchChoiceField[];
  tattoos: boolean;
  withPhoto: boolean;
  interests: boolean;
}
