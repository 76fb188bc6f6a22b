import { describe, expect, it } from 'vitest';
import { reverseGeocode } from '~/.server/geo/geocode';

describe('reverseGeocode (offline, nearest town)', () => {
  it('names country, region and city of a point', () => {
    expect(reverseGeocode('52.3731', '4.8922')).toMatchObject({ country: 'NL', region: 'Noord-Holland', city: 'Amsterdam' });
    expect(reverseGeocode('48.1372', '11.5755')).toMatchObject({ country: 'DE', region: 'Bayern', city: 'Munich' });
    expect(reverseGeocode('55.9533', '-3.1883')).toMatchObject({ country: 'GB', region: 'Scotland' });
  });

  it('answers false for bad input or a point far from any town', () => {
    expect(reverseGeocode('abc', '4')).toBe(false);
    expect(reverseGeocode('91', '0')).toBe(false);
    expect(reverseGeocode(null, null)).toBe(false);
    expect(reverseGeocode('0', '-30')).toBe(false); // the middle of the Atlantic
  });
});
