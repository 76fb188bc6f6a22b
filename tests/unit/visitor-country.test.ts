import { describe, expect, it } from 'vitest';
import { isPublicAddress, visitorCountry } from '~/.server/geo/visitor-country';

describe('visitorCountry', () => {
  it('believes a trusted proxy country header first', () => {
    expect(visitorCountry({ ip: '127.0.0.1', headerCountry: 'nl' })).toBe('NL');
  });

  it('ignores the unknown markers proxies send', () => {
    expect(visitorCountry({ ip: '127.0.0.1', headerCountry: 'XX' })).toBeNull();
  });

  it('counts loopback and private addresses as unknown', () => {
    for (const ip of ['127.0.0.1', '::1', '10.1.2.3', '192.168.0.4', '172.20.0.1', '::ffff:127.0.0.1', 'fd00::1']) {
      expect(isPublicAddress(ip), ip).toBe(false);
      expect(visitorCountry({ ip })).toBeNull();
    }
  });

  it('looks a public address up in the offline GeoIP database', () => {
    expect(visitorCountry({ ip: '8.8.8.8' })).toBe('US');
    expect(visitorCountry({ ip: '::ffff:8.8.8.8' })).toBe('US');
  });
});
