// Who a niche (docs/product.md §9, 1–7) shows, as data: read by the search (SQL and the search index), by the
// signup form and by the profile form, so that a member can only become what the site's pool holds
// (docs/decisions/0031: a member outside the pool could write, pay and never be read).
import type { Gender, Sexuality } from './catalogue';

export interface NicheRule {
  gender?: Gender;
  sexualities?: readonly Sexuality[];
  bodyTypes?: readonly string[];
  /** Years of age at least. */
  minAge?: number;
}

const NICHE_RULES: Record<number, NicheRule> = {
  2: { gender: 'female', sexualities: ['lesbian', 'bi'] }, // she: women who like women
  4: { bodyTypes: ['curvy', 'large'] }, // bbw: curvy bodies
  5: { minAge: 55 }, // gilf: mature, 55 and older
  6: { gender: 'female', minAge: 35 }, // milf: women from 35
  7: { gender: 'male', sexualities: ['gay', 'bi'] }, // gay: men who like men
};

/** Niches 1 (general) and 3 show everyone. */
export function nicheRule(niche: number): NicheRule {
  return NICHE_RULES[niche] ?? {};
}

/** The message id that states a niche's rule to visitors ("{site} is for women who love women"), or null for everyone. */
export function nicheRuleText(niche: number): string | null {
  return niche in NICHE_RULES ? `signup.niche.${niche}` : null;
}
