import { INTERESTS, type Interest } from '~/shared/catalogue';
import type { Locale } from '~/shared/locales';
import { serverMessage } from '../i18n/messages';

export interface InterestTag {
  id: Interest;
  name: string;
  /** Whether the tenant offers this tag for members to pick and filter on. */
  offered: boolean;
}

export function interestList(locale: Locale, offered: readonly string[]): InterestTag[] {
  const collator = new Intl.Collator(locale);
  return INTERESTS.map((id) => ({ id, name: serverMessage(locale, `interest.${id}`), offered: offered.includes(id) })).sort(
    (a, b) => collator.compare(a.name, b.name),
  );
}
