// Product-wide value lists from docs/product.md §3 and §9, shared by the server, the tenant schema and the UI.

/** Niche 1–7 and the lander slug prefix each uses (docs/product.md §9). */
export const NICHES = {
  1: { key: 'general', landerPrefix: '' },
  2: { key: 'she', landerPrefix: 'she' },
  3: { key: 'bdsm', landerPrefix: 'bdsm' },
  4: { key: 'bbw', landerPrefix: 'bbw' },
  5: { key: 'gilf', landerPrefix: 'gilf' },
  6: { key: 'milf', landerPrefix: 'milf' },
  7: { key: 'gay', landerPrefix: 'gay' },
} as const;
export type Niche = keyof typeof NICHES;

export const GENDERS = ['male', 'female'] as const;
export type Gender = (typeof GENDERS)[number];

export const SEXUALITIES = ['hetero', 'gay', 'lesbian', 'bi'] as const;
export type Sexuality = (typeof SEXUALITIES)[number];

export const INTERESTS = [
  'adventure', 'animals', 'art', 'beach', 'beer', 'board_games', 'camping', 'cars', 'cinema', 'concerts',
  'cooking', 'cycling', 'dancing', 'fashion', 'fishing', 'fitness', 'football', 'gaming', 'gardening', 'gym',
  'hiking', 'history', 'karaoke', 'languages', 'motorcycles', 'museums', 'music', 'nature', 'nightlife',
  'photography', 'reading', 'running', 'sailing', 'shopping', 'skiing', 'swimming', 'tattoos', 'technology',
  'theatre', 'travelling', 'volunteering', 'wine', 'writing', 'yoga',
] as const;
export type Interest = (typeof INTERESTS)[number];

export const HAIR_COLOURS = ['black', 'brown', 'blonde', 'red', 'grey', 'white', 'bald', 'other'] as const;
export const EYE_COLOURS = ['brown', 'blue', 'green', 'grey', 'hazel', 'other'] as const;
export const BODY_TYPES = ['slim', 'athletic', 'average', 'curvy', 'muscular', 'large'] as const;
export const RELATIONSHIP_STATUSES = ['single', 'divorced', 'widowed', 'separated', 'in_relationship', 'married'] as const;

/** Profile fields a tenant may choose to show (settings.visible_profile_fields). */
export const PROFILE_FIELDS = [
  'age', 'gender', 'sexuality', 'country', 'region', 'city', 'hair_colour', 'eye_colour', 'body_type',
  'relationship_status', 'tattoos', 'interests',
] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

/** Free-text notes a tenant may show on profiles (settings.visible_profile_notes). */
export const PROFILE_NOTES = ['about', 'looking_for'] as const;

/** Member search filters a tenant may offer (settings.search_fields). */
export const SEARCH_FIELDS = [
  'gender', 'country', 'countryregion', 'age', 'distance', 'body_type', 'hair_colour', 'eye_colour',
  'relationship_status', 'tattoos', 'interests', 'with_photo',
] as const;

/** Countries of docs/product.md §9 whose members have a region label. */
export const REGION_LABEL_COUNTRIES = [
  'NL', 'BE', 'GB', 'IE', 'DE', 'AT', 'IT', 'FR', 'CH', 'ES', 'US', 'CA', 'AU', 'NZ', 'PL', 'DK', 'FI', 'NO', 'SE',
] as const;

export const PAYMENT_METHODS = [
  'sdd', 'prezelewy24', 'blik', 'sct', 'giropay', 'mastercard', 'visa', 'creditcard', 'dankort', 'mobilepay',
  'swish', 'twint', 'satispay', 'vipps', 'cartebancaire', 'nexi', 'ideal', 'bancontact', 'applepay',
  'paysafecard', 'maestro', 'paypal', 'sofort', 'eps',
] as const;

export const NOTIFICATION_KINDS = [
  'new_conversations', 'new_messages', 'like', 'unread_message_reminders', 'promotions', 'weekly_updates', 'news',
  'reminders',
] as const;

/** Reasons the system turned all notification mail off for (docs/product.md §4): a spam complaint, a bounce, a one-click unsubscribe. */
export const MAIL_OFF_REASONS = ['fbl', 'bounce', 'listunsubscribe'] as const;

export const DELETE_REASONS = ['price', 'found_someone', 'not_looking', 'site_problems', 'no_members', 'time', 'other'] as const;

export const ISO_COUNTRY = /^[A-Z]{2}$/;
