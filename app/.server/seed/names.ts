// First names for fictional demo profiles, per country and gender (first-names.json beside this
// file). Each list mixes names common among people born from the 1940s/50s up to the early 2000s,
// so generated profiles aged 18–80 get plausible names. Checked once when it loads.
import { z } from 'zod';
import table from './first-names.json';

export const SEED_COUNTRIES = ['NL', 'BE', 'DE', 'AT', 'CH', 'GB', 'IE', 'DK', 'SE', 'NO', 'FI', 'ES', 'IT', 'FR', 'PL'] as const;
export type SeedCountry = (typeof SEED_COUNTRIES)[number];

const names = z.array(z.string().min(1).max(20)).min(10);
const TableSchema = z.strictObject(
  Object.fromEntries(SEED_COUNTRIES.map((country) => [country, z.strictObject({ female: names, male: names })])) as Record<SeedCountry, z.ZodObject<{ female: typeof names; male: typeof names }>>,
);

export const FIRST_NAMES: Record<SeedCountry, { female: readonly string[]; male: readonly string[] }> = TableSchema.parse(table);
