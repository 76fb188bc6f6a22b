// Direct-debit rules shared by the server's request schema and the /directdebit form.

/** Field lengths of the direct-debit details (docs/api.md "Direct debit"). */
export const DIRECT_DEBIT_LIMITS = { account_holder: 70, iban: 42, street: 70, house_number: 12, zip: 12, city: 80, phone: 30 } as const;
