// The demo seed (docs/architecture.md §4): fictional profiles over the demo tenants' countries, deterministic from
// a fixed seed. Every profile is marked fictional, 18–80 years old, with a real region and city,
// several interests and 1–4 generated pictures (rendered on first request, see media/demo-picture.ts).
import { sql, type Kysely } from 'kysely';
import {
  BODY_TYPES,
  EYE_COLOURS,
  INTERESTS,
  RELATIONSHIP_STATUSES,
  type Gender,
  type Sexuality,
} from '~/shared/catalogue';
import type { Locale } from '~/shared/locales';
import type { DB, NewProfile } from '../db/schema';
import { REGION_DATA, type RegionCountry } from '../geo/region-data';
import { demoPhotoFilenames, PORTRAIT_SIZE } from '../media/demo-picture';
import { FIRST_NAMES, SEED_COUNTRIES, type SeedCountry } from './names';
import { PROFILE_TEXTS } from './profile-texts';
import { createRandom, type Random } from '../random';

export const DEMO_SEED = 20261122;
export const DEMO_PROFILE_COUNT = 3600;
/** Ages are fixed against this day, so the seed gives the same rows whenever it runs. */
const REFERENCE_DAY = Date.UTC(2026, 0, 1);

const LANGUAGES: Record<SeedCountry, readonly (readonly [Locale, number])[]> = {
  NL: [['nl', 1]],
  BE: [['nl', 0.6], ['fr', 0.4]],
  DE: [['de', 1]],
  AT: [['de', 1]],
  CH: [['de', 0.7], ['fr', 0.2], ['it', 0.1]],
  GB: [['en', 1]],
  IE: [['en', 1]],
  DK: [['da', 1]],
  SE: [['sv', 1]],
  NO: [['nb', 1]],
  FI: [['fi', 1]],
  ES: [['es', 1]],
  IT: [['it', 1]],
  FR: [['fr', 1]],
  PL: [['pl', 1]],
};

const HAIR_BY_AGE = (age: number): readonly (readonly [string, number])[] =>
  age >= 65
    ? [['grey', 5], ['white', 4], ['brown', 1], ['blonde', 1], ['bald', 1]]
    : age >= 50
      ? [['grey', 3], ['brown', 3], ['black', 2], ['blonde', 2], ['red', 1], ['bald', 1]]
      : [['brown', 5], ['black', 4], ['blonde', 4], ['red', 1], ['other', 1], ['bald', 1]];

function sexualityFor(random: Random, gender: Gender): Sexuality {
  const same: Sexuality = gender === 'male' ? 'gay' : 'lesbian';
  return random.weighted<Sexuality>([
    ['hetero', 55],
    [same, 25],
    ['bi', 20],
  ]);
}

function birthDateFor(random: Random, age: number): string {
  const days = random.int(0, 364);
  const date = new Date(REFERENCE_DAY);
  date.setUTCFullYear(date.getUTCFullYear() - age - 1);
  date.setUTCDate(date.getUTCDate() + 1 + days);
  return date.toISOString().slice(0, 10);
}

export interface DemoProfile {
  profile: NewProfile & { seed: number };
  photos: number;
}

/** The n-th demo profile, always the same for the same n. */
export function demoProfile(n: number): DemoProfile {
  const random = createRandom(DEMO_SEED + n * 2654435761);
  const country = SEED_COUNTRIES[n % SEED_COUNTRIES.length] as SeedCountry;
  const gender: Gender = random.chance(0.5) ? 'female' : 'male';
  const age = random.weighted<number>([
    [random.int(18, 29), 30],
    [random.int(30, 44), 28],
    [random.int(45, 59), 24],
    [random.int(60, 80), 18],
  ]);
  const regions = REGION_DATA[country as RegionCountry];
  const region = random.pick(regions);
  const city = random.weighted(region.cities.map((c) => [c, Math.sqrt(c.population)] as const));
  const language = random.weighted(LANGUAGES[country]);
  const texts = PROFILE_TEXTS[language];
  const hair = random.weighted(HAIR_BY_AGE(age));
  return {
    photos: random.weighted<number>([
      [1, 3],
      [2, 3],
      [3, 2],
      [4, 2],
    ]),
    profile: {
      seed: n + 1,
      name: random.pick(FIRST_NAMES[country][gender]),
      gender,
      sexuality: sexualityFor(random, gender),
      birth_date: birthDateFor(random, age),
      country,
      region: region.code,
      city: city.name,
      latitude: Number((city.lat + (random.next() - 0.5) * 0.04).toFixed(5)),
      longitude: Number((city.lon + (random.next() - 0.5) * 0.06).toFixed(5)),
      about: `${random.pick(texts.openers)} ${random.pick(texts.middles)} ${random.pick(texts.closers)}`,
      looking_for: random.pick(texts.lookingFor),
      interests: random.sample(INTERESTS, random.int(3, 7)).sort(),
      hair_colour: hair,
      eye_colour: random.pick(EYE_COLOURS),
      body_type: random.weighted<string>(
        BODY_TYPES.map((type) => [type, type === 'curvy' ? 20 : type === 'large' ? 12 : type === 'average' ? 28 : 14] as const),
      ),
      relationship_status: random.weighted<string>(
        RELATIONSHIP_STATUSES.map((status) => [status, status === 'single' ? 60 : status === 'divorced' ? 18 : 6] as const),
      ),
      tattoos: random.chance(0.3),
      fictional: true,
    },
  };
}

export async function isDatabaseEmpty(db: Kysely<DB>): Promise<boolean> {
  const row = await db.selectFrom('profiles').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  return Number(row.count) === 0;
}

/** Inserts the demo profiles and their photos; skips those already there, so it can run again. */
export async function seedDemoProfiles(db: Kysely<DB>, count = DEMO_PROFILE_COUNT): Promise<{ profiles: number; photos: number }> {
  const batchSize = 400;
  let profiles = 0;
  let photos = 0;
  for (let start = 0; start < count; start += batchSize) {
    const batch = Array.from({ length: Math.min(batchSize, count - start) }, (_, i) => demoProfile(start + i));
    await db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('profiles')
        .values(batch.map((item) => item.profile))
        .onConflict((oc) => oc.column('seed').where('seed', 'is not', null).doNothing())
        .returning(['id', 'seed'])
        .execute();
      if (inserted.length === 0) return;
      const photoCount = new Map(batch.map((item) => [item.profile.seed, item.photos]));
      const rows = inserted.flatMap(({ id, seed }) =>
        Array.from({ length: photoCount.get(seed ?? 0) ?? 1 }, (_, index) => {
          const names = demoPhotoFilenames(seed ?? 0, index + 1);
          return {
            profile_id: id,
            filename: names.filename,
            thumb_filename: names.thumb,
            width: PORTRAIT_SIZE.width,
            height: PORTRAIT_SIZE.height,
            position: index,
          };
        }),
      );
      await trx.insertInto('photos').values(rows).execute();
      await sql`update profiles p set main_photo_id = ph.id
                from photos ph
                where ph.profile_id = p.id and ph.position = 0 and p.main_photo_id is null
                  and p.id = any(${sql.val(inserted.map((row) => row.id))}::int[])`.execute(trx);
      profiles += inserted.length;
      photos += rows.length;
    });
  }
  return { profiles, photos };
}
