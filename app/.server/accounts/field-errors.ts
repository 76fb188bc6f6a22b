import type { Locale } from '~/shared/locales';
import { serverMessage } from '../i18n/messages';
import type { FieldError } from './signup';

/** Field errors translated for the visitor: { field: text }. */
export function translateFields(locale: Locale, fields: Record<string, FieldError>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).map(([field, error]) => [field, serverMessage(locale, error.id, error.values)]));
}
