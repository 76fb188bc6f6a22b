// The message catalogues (locales/<lang>.json), bundled into the server build.
import type { Locale } from '~/shared/locales';
import da from '../../../locales/da.json';
import de from '../../../locales/de.json';
import en from '../../../locales/en.json';
import es from '../../../locales/es.json';
import fi from '../../../locales/fi.json';
import fr from '../../../locales/fr.json';
import it from '../../../locales/it.json';
import nb from '../../../locales/nb.json';
import nl from '../../../locales/nl.json';
import pl from '../../../locales/pl.json';
import sv from '../../../locales/sv.json';

export type Messages = Record<string, string>;

const catalogues: Record<Locale, Messages> = { da, de, en, es, fi, fr, it, nb, nl, pl, sv };

export function messagesFor(locale: Locale): Messages {
  return catalogues[locale];
}

/** Formats one message on the server (e-mails, API errors) without React. */
export function serverMessage(locale: Locale, id: string, values: Record<string, string | number> = {}): string {
  const template = catalogues[locale][id] ?? catalogues.en[id] ?? id;
  return template.replace(/\{(\w+)\}/g, (match, key: string) => (key in values ? String(values[key]) : match));
}
