// Page titles and descriptions (meta exports): "<page> – <site name>" and a translated description,
// from the page's catalogue (meta functions have no react-intl).
import type { MetaDescriptor } from '@remix-run/node';
import type { MessageDescriptor } from 'react-intl';
import type { Locale } from '~/shared/locales';
import { catalogue } from '~/shared/translations';

interface RootData {
  locale?: Locale;
  shell?: { name: string; description: string };
}

type Matches = readonly { id: string; data?: unknown }[];

function rootData(matches: Matches): RootData {
  return (matches.find((match) => match.id === 'root')?.data ?? {}) as RootData;
}

/** One message with {placeholders} filled in: enough for titles, which use no plural or select. */
export function metaMessage(matches: Matches, message: MessageDescriptor, values: Record<string, string | number> = {}): string {
  const { locale, shell } = rootData(matches);
  const messages = catalogue(locale);
  const id = String(message.id);
  const template = messages[id] ?? (typeof message.defaultMessage === 'string' ? message.defaultMessage : id);
  const all: Record<string, string | number> = { site: shell?.name ?? '', ...values };
  return template.replace(/\{(\w+)\}/g, (match, key: string) => (key in all ? String(all[key]) : match));
}

export function siteName(matches: Matches): string {
  return rootData(matches).shell?.name ?? '';
}

/** The title "<page> – <site>" and the page's description (the site's own when none is given). */
export function pageMeta(matches: Matches, title: string, description?: string | null): MetaDescriptor[] {
  const site = siteName(matches);
  return [
    { title: title && site ? `${title} – ${site}` : title || site },
    { name: 'description', content: description || rootData(matches).shell?.description || site },
  ];
}
