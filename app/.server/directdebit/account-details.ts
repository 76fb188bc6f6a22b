// The bank and contact details of a direct debit (docs/product.md §3 Direct debit): the IBAN checked with
// ibantools (checksum, country format, SEPA country), the phone normalised to E.164 with
// libphonenumber-js (a number that can receive an SMS). IBANs are shown masked only; blocks and
// limits key on hashes (docs/decisions/0020-direct-debit.md).
import crypto from 'node:crypto';
import { electronicFormatIBAN, isSEPACountry, validateIBAN } from 'ibantools';
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';

export interface DirectDebitDetails {
  account_holder: string;
  /** Electronic format: upper case, no spaces. */
  iban: string;
  street: string;
  house_number: string;
  zip: string;
  city: string;
  /** E.164, e.g. +31612345678. */
  phone: string;
}

export type DetailsField = keyof DirectDebitDetails;

/** Message ids of the field errors the details can have besides "required". */
export const DETAIL_ERRORS = {
  iban: 'directdebit.error.iban',
  ibanCountry: 'directdebit.error.ibanCountry',
  phone: 'directdebit.error.phone',
} as const;

export function normalizeIban(value: string): string | null {
  return electronicFormatIBAN(value.replace(/[^0-9A-Za-z]/g, ''));
}

/** The message id of what is wrong with an IBAN, or null when it is a valid IBAN of a SEPA country. */
export function ibanProblem(value: string): string | null {
  const iban = normalizeIban(value);
  if (!iban || !validateIBAN(iban).valid) return DETAIL_ERRORS.iban;
  if (!isSEPACountry(iban.slice(0, 2))) return DETAIL_ERRORS.ibanCountry;
  return null;
}

/** A phone number in E.164 that can receive an SMS, read with the payment country as default. */
export function normalizePhone(value: string, defaultCountry: string): string | null {
  const parsed = parsePhoneNumberFromString(value, defaultCountry as CountryCode);
  if (!parsed?.isValid()) return null;
  const type = parsed.getType();
  if (type !== undefined && type !== 'MOBILE' && type !== 'FIXED_LINE_OR_MOBILE') return null;
  return parsed.number;
}

/** NL91 •••• 4300: the country, check digits and last four, nothing else. */
export function maskIban(iban: string): string {
  return `${iban.slice(0, 4)} •••• ${iban.slice(-4)}`;
}

/** +31 6•••••678: enough for the member to recognise their number. */
export function maskPhone(phone: string): string {
  return `${phone.slice(0, 4)}${'•'.repeat(Math.max(0, phone.length - 7))}${phone.slice(-3)}`;
}

const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');

export const ibanHash = (iban: string) => sha256(`rdv-iban:${iban}`);

/** The key of the block list: the normalised IBAN and the E.164 phone together. */
export const pairHash = (iban: string, phone: string) => sha256(`rdv-sdd-pair:${iban}|${phone}`);

/**
 * Checks and normalises the details; field errors are message ids. `country` is the payment
 * country, the default for a phone number typed without +.
 */
export function readDetails(
  input: DirectDebitDetails,
  country: string,
): { ok: true; details: DirectDebitDetails } | { ok: false; fields: Partial<Record<DetailsField, string>> } {
  const fields: Partial<Record<DetailsField, string>> = {};
  const problem = ibanProblem(input.iban);
  if (problem) fields.iban = problem;
  const phone = normalizePhone(input.phone, country);
  if (!phone) fields.phone = DETAIL_ERRORS.phone;
  if (Object.keys(fields).length) return { ok: false, fields };
  return { ok: true, details: { ...input, iban: normalizeIban(input.iban)!, phone: phone! } };
}
