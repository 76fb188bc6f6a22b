// Friendly, non-explicit profile texts for fictional demo profiles, in each profile's language
// (profile-texts.json beside this file). Every opener + middle + closer combination reads as a short
// first-person bio and is gender-neutral: no self-describing adjectives or past participles that would
// have to agree with the author's gender (Romance and Slavic languages), and no gendered nouns for the
// author. Checked once when it loads.
import { z } from 'zod';
import { LOCALES, type Locale } from '~/shared/locales';
import table from './profile-texts.json';

export interface ProfileTextParts {
  openers: readonly string[];
  middles: readonly string[];
  closers: readonly string[];
  lookingFor: readonly string[];
}

const texts = z.array(z.string().min(1)).min(1);
const PartsSchema = z.strictObject({ openers: texts, middles: texts, closers: texts, lookingFor: texts });
const TableSchema = z.strictObject(Object.fromEntries(LOCALES.map((locale) => [locale, PartsSchema])) as Record<Locale, typeof PartsSchema>);

export const PROFILE_TEXTS: Record<Locale, ProfileTextParts> = TableSchema.parse(table);
