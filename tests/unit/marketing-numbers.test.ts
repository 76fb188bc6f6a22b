// The marketer's numbers that need no database (docs/decisions/0028): the Wilson 95 % interval of a
// conversion rate, formula-safe CSV, the report's date range and the tracking link.
import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from '~/.server/marketing/csv';
import { reportRange } from '~/.server/marketing/range';
import { wilsonInterval } from '~/.server/marketing/wilson';
import { setClockForTests } from '~/.server/clock';
import { trackingLink } from '~/shared/marketing-types';

describe('the Wilson 95 % interval', () => {
  it('matches published values', () => {
    // 10 of 100: 0.0552–0.1744 (Newcombe 1998, method 3).
    const tenOfHundred = wilsonInterval(10, 100)!;
    expect(tenOfHundred.low).toBeCloseTo(0.0552, 4);
    expect(tenOfHundred.high).toBeCloseTo(0.1744, 4);
    // 81 of 263: 0.2553–0.3662.
    const larger = wilsonInterval(81, 263)!;
    expect(larger.low).toBeCloseTo(0.2553, 3);
    expect(larger.high).toBeCloseTo(0.3662, 3);
  });

  it('stays inside 0–1 and is exact at the ends', () => {
    expect(wilsonInterval(0, 10)).toEqual({ low: 0, high: expect.closeTo(0.2775, 4) });
    expect(wilsonInterval(10, 10)).toEqual({ low: expect.closeTo(0.7225, 4), high: 1 });
    expect(wilsonInterval(1, 1)!.high).toBe(1);
  });

  it('narrows as the visits grow and always holds the observed rate', () => {
    const small = wilsonInterval(5, 50)!;
    const large = wilsonInterval(500, 5000)!;
    expect(large.high - large.low).toBeLessThan(small.high - small.low);
    for (const [k, n] of [[0, 3], [3, 7], [7, 7], [1, 1000]] as const) {
      const interval = wilsonInterval(k, n)!;
      expect(interval.low).toBeLessThanOrEqual(k / n);
      expect(interval.high).toBeGreaterThanOrEqual(k / n);
    }
  });

  it('knows nothing without visits', () => {
    expect(wilsonInterval(0, 0)).toBeNull();
  });
});

describe('the CSV export', () => {
  it('quotes commas, quotes and line breaks, and ends lines with CRLF', () => {
    expect(toCsv([['a,b', 'say "hi"', 'two\nlines', 'plain', null, 12]])).toBe('"a,b","say ""hi""","two\nlines",plain,,12\r\n');
  });

  it('neutralises what a spreadsheet would run as a formula, but keeps negative numbers numbers', () => {
    expect(csvField('=HYPERLINK("http://evil.example","x")')).toBe(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(csvField('+1+1')).toBe("'+1+1");
    expect(csvField('-2+3')).toBe("'-2+3");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('\tcmd')).toBe("'\tcmd");
    expect(csvField(-12.5)).toBe('-12.5');
    expect(csvField('spring-sale')).toBe('spring-sale');
  });
});

describe('the report range', () => {
  it('is the last 30 days by default, whole days, at most 366, in order', () => {
    setClockForTests(new Date('2026-03-15T10:00:00Z'));
    try {
      expect(reportRange(new URLSearchParams())).toEqual({ from: '2026-02-14', to: '2026-03-15' });
      expect(reportRange(new URLSearchParams('from=2026-03-10&to=2026-03-01'))).toEqual({ from: '2026-03-01', to: '2026-03-10' });
      expect(reportRange(new URLSearchParams('from=2020-01-01&to=2026-03-15')).from).toBe('2025-03-15');
      expect(reportRange(new URLSearchParams('from=2026-02-31&to=nonsense'))).toEqual({ from: '2026-02-14', to: '2026-03-15' });
    } finally {
      setClockForTests(null);
    }
  });
});

describe('the tracking link', () => {
  it('puts the traffic source and a language in the query, leaving empty fields out', () => {
    expect(trackingLink('https://flirtlokaal.nl', '/landers/video/tonight', { network: 'demo', ref: ' ', sub1: 'a b&c', lang: 'en' })).toBe(
      'https://flirtlokaal.nl/landers/video/tonight?network=demo&sub1=a+b%26c&lang=en',
    );
  });
});
