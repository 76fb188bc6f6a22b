import { describe, expect, it } from 'vitest';
import { REGION_DATA, type RegionCountry } from '~/.server/geo/region-data';
import { demoPhotoFilenames, parseDemoPhotoFilename, portraitSvg } from '~/.server/media/demo-picture';
import { ageOn } from '~/.server/profiles/age';
import { DEMO_PROFILE_COUNT, demoProfile } from '~/.server/seed/demo-profiles';
import { GENDERS, SEXUALITIES } from '~/shared/catalogue';

const profiles = Array.from({ length: DEMO_PROFILE_COUNT }, (_, n) => demoProfile(n));

describe('demo profiles', () => {
  it('are the same every time', () => {
    expect(demoProfile(42)).toEqual(demoProfile(42));
    expect(demoProfile(42)).not.toEqual(demoProfile(43));
  });

  it('number at least 3,000, all fictional, both genders and every sexuality', () => {
    expect(profiles.length).toBeGreaterThanOrEqual(3000);
    expect(profiles.every(({ profile }) => profile.fictional === true)).toBe(true);
    expect(new Set(profiles.map(({ profile }) => profile.gender))).toEqual(new Set(GENDERS));
    expect(new Set(profiles.map(({ profile }) => profile.sexuality))).toEqual(new Set(SEXUALITIES));
  });

  it('are 18 to 80 years old, today and on the seed reference day', () => {
    const ages = profiles.map(({ profile }) => ageOn(profile.birth_date, '2026-01-01'));
    expect(Math.min(...ages)).toBe(18);
    expect(Math.max(...ages)).toBe(80);
  });

  it('live in a real region and city of their country, with coordinates near that city', () => {
    for (const { profile } of profiles) {
      const region = REGION_DATA[profile.country as RegionCountry].find((r) => r.code === profile.region);
      expect(region, `${profile.country} ${profile.region}`).toBeDefined();
      const city = region!.cities.find((c) => c.name === profile.city);
      expect(city, `${profile.region} ${profile.city}`).toBeDefined();
      expect(Math.abs(profile.latitude! - city!.lat)).toBeLessThan(0.05);
      expect(Math.abs(profile.longitude! - city!.lon)).toBeLessThan(0.05);
    }
  });

  it('have several interests, an about text and one to four pictures', () => {
    for (const { profile, photos } of profiles) {
      expect(profile.interests!.length).toBeGreaterThanOrEqual(3);
      expect(profile.about!.length).toBeGreaterThan(20);
      expect(photos).toBeGreaterThanOrEqual(1);
      expect(photos).toBeLessThanOrEqual(4);
    }
  });
});

describe('generated demo pictures', () => {
  const traits = { seed: 7, photo: 1, gender: 'female' as const, hairColour: 'red', age: 30 };

  it('are drawn the same for the same seed and differ per photo', () => {
    expect(portraitSvg(traits)).toBe(portraitSvg(traits));
    expect(portraitSvg({ ...traits, photo: 2 })).not.toBe(portraitSvg(traits));
    expect(portraitSvg(traits)).toContain('#b5522b'); // red hair
  });

  it('have file names that round-trip and refuse anything else', () => {
    const names = demoPhotoFilenames(123, 2);
    expect(parseDemoPhotoFilename(names.filename)).toEqual({ seed: 123, photo: 2, thumb: false });
    expect(parseDemoPhotoFilename(names.thumb)).toEqual({ seed: 123, photo: 2, thumb: true });
    expect(parseDemoPhotoFilename('demo/../../etc/passwd')).toBeNull();
    expect(parseDemoPhotoFilename('uploads/1.webp')).toBeNull();
  });
});
