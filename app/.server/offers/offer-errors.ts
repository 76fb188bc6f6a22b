// Errors of codes and offers at checkout: message ids and HTTP statuses (docs/api.md "Error codes").
import type { Locale } from '~/shared/locales';
import { apiJson } from '../contract/api';
import { serverMessage } from '../i18n/messages';
import type { CodeError } from './discount-codes';

export const OFFER_MESSAGES = {
  code_not_applicable: 'offers.error.trialNoCode',
  trial_not_available: 'offers.error.trialNotAvailable',
} as const;

export const OFFER_STATUS: Record<CodeError | keyof typeof OFFER_MESSAGES, number> = {
  code_not_found: 400,
  code_already_used: 400,
  code_expired: 400,
  code_minimum: 400,
  code_country: 400,
  code_not_applicable: 400,
  trial_not_available: 403,
};

/** An error answer whose text may name an amount or a country. */
export function errorWithValues(status: number, code: string, locale: Locale, messageId: string, values: Record<string, string> = {}): Response {
  return apiJson({ error: code, message: serverMessage(locale, messageId, values) }, { status });
}
