// Direct-debit rules shared by the server's request schema and the /directdebit form.

/** Field lengths of the direct-debit details (docs/api.md "Direct debit"). */
export const DIRECT_DEBIT_LIMITS = { account_holder: 70, iban: 42, street: 70, house_number: 12, zip: 12, city: 80, phone: 30 } as const;

/** The details fields of the /directdebit form, in the order the form shows them. */
export const DIRECT_DEBIT_DETAIL_FIELDS = ['account_holder', 'iban', 'street', 'house_number', 'zip', 'city', 'phone'] as const;

/** What the member typed into the /directdebit form (kept across its two steps). */
export type DirectDebitValues = Partial<Record<(typeof DIRECT_DEBIT_DETAIL_FIELDS)[number] | 'authorised', string>>;
