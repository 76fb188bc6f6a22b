// The days of the network overview's roll-ups (docs/decisions/0058): consecutive days make one run
// (read with one query), across month and year ends and a leap day, in any order, duplicates once.
import { describe, expect, it } from 'vitest';
import { addDays, runsOf } from '~/.server/network/rollup';

describe('roll-up days', () => {
  it('counts whole UTC days across month ends, year ends and a leap day', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2028-02-29', 1)).toBe('2028-03-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('groups days into runs of consecutive days, whatever their order', () => {
    expect(runsOf([])).toEqual([]);
    expect(runsOf(['2026-05-04', '2026-04-30', '2026-05-01', '2026-05-02', '2026-05-02'])).toEqual([
      { from: '2026-04-30', to: '2026-05-02' },
      { from: '2026-05-04', to: '2026-05-04' },
    ]);
  });
});
