// The options of a language select in the console: each language named in itself, marked with its
// `lang` (every language of the product unless the caller narrows it to a tenant's).
import { LOCALE_NAMES, LOCALES, type Locale } from '~/shared/locales';

export function LocaleOptions({ locales = LOCALES }: { locales?: readonly Locale[] }) {
  return (
    <>
      {locales.map((code) => (
        <option key={code} value={code} lang={code}>
          {LOCALE_NAMES[code]}
        </option>
      ))}
    </>
  );
}
