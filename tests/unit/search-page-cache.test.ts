// The search's short result-page cache (docs/decisions/0057): what makes two searches share rows,
// how long they are kept, and how a viewer's page is cut from the pool's prefix.
import { describe, expect, it } from 'vitest';
import { MARGIN, pageFromPrefix, prefixKey, prefixLength, SearchPageCache, type PrefixKey } from '~/.server/members/search-page-cache';

const base: PrefixKey = { tenantId: 'flirtlokaal', niche: 1, day: '2026-11-27', generation: 7, countries: ['NL', 'BE'], genders: ['female'], page: 1 };
const rows = (ids: number[]) => ids.map((id) => ({ id }));

describe('the key of a kept result page', () => {
  it('is the same for the same search, whatever the order or absence of unasked traits', () => {
    expect(prefixKey({ ...base, traits: { hair_colour: 'blond', body_type: undefined, tattoos: true } })).toBe(prefixKey({ ...base, traits: { tattoos: true, hair_colour: 'blond' } }));
  });

  it('differs by tenant, niche, day, index generation, every filter and page', () => {
    const variants: Partial<PrefixKey>[] = [
      { tenantId: 'herzklopfen' },
      { niche: 2 },
      { day: '2026-11-28' },
      { generation: 8 },
      { countries: ['NL'] },
      { genders: ['male'] },
      { region: 'NL-NH' },
      { bornBy: '2000-01-01' },
      { bornAfter: '1980-01-01' },
      { traits: { with_photo: true } },
      { page: 2 },
    ];
    const keys = new Set([prefixKey(base), ...variants.map((variant) => prefixKey({ ...base, ...variant }))]);
    expect(keys.size).toBe(variants.length + 1);
  });

  it('holds a page and a margin of the pool', () => {
    expect(prefixLength(1, 24)).toBe(24 + MARGIN);
    expect(prefixLength(3, 24)).toBe(72 + MARGIN);
  });
});

describe("a viewer's page cut from the pool's prefix", () => {
  const prefix = rows([100, 99, 98, 97, 96, 95, 94, 93]); // asked for 8: the pool may go on

  it('leaves out only this viewer\'s hidden profiles, the rest in the pool\'s order', () => {
    expect(pageFromPrefix(prefix, 8, [99, 12345], 0, 3)).toEqual(rows([100, 98, 97]));
    expect(pageFromPrefix(prefix, 8, [], 0, 3)).toEqual(rows([100, 99, 98]));
    // The second page of a viewer who hides 99 starts one further down the pool.
    expect(pageFromPrefix(prefix, 8, [99], 3, 3)).toEqual(rows([96, 95, 94]));
  });

  it('gives nothing when the hidden ones push the page past a full prefix (the database answers)', () => {
    expect(pageFromPrefix(prefix, 8, [100, 99, 98], 3, 3)).toBeNull();
  });

  it('gives the end of the pool when the prefix holds all of it', () => {
    expect(pageFromPrefix(rows([5, 4, 3]), 8, [4], 0, 3)).toEqual(rows([5, 3]));
    expect(pageFromPrefix(rows([5, 4, 3]), 8, [], 3, 3)).toEqual([]);
  });
});

describe('the kept prefixes', () => {
  function clock() {
    let now = 1_000;
    return { now: () => now, advance: (ms: number) => (now += ms) };
  }

  it('reads once per key within the time to live, and again after it', async () => {
    const time = clock();
    const cache = new SearchPageCache<{ id: number }>(time.now, 3_000);
    let reads = 0;
    const read = async () => (reads++, rows([reads]));
    expect(await cache.rows('a', read)).toEqual(rows([1]));
    time.advance(2_999);
    expect(await cache.rows('a', read)).toEqual(rows([1]));
    expect(await cache.rows('b', read)).toEqual(rows([2]));
    time.advance(1);
    expect(await cache.rows('a', read)).toEqual(rows([3]));
    expect(reads).toBe(3);
  });

  it('shares one read between searches that miss together, and keeps no failed read', async () => {
    const cache = new SearchPageCache<{ id: number }>(() => 0);
    let reads = 0;
    const failing = () => (reads++, Promise.reject(new Error('database gone')));
    const [first, second] = await Promise.allSettled([cache.rows('a', failing), cache.rows('a', failing)]);
    expect([first.status, second.status, reads]).toEqual(['rejected', 'rejected', 1]);
    await Promise.resolve();
    expect(await cache.rows('a', async () => rows([1]))).toEqual(rows([1]));
  });

  it('keeps at most its number of prefixes, dropping the oldest', async () => {
    const cache = new SearchPageCache<{ id: number }>(() => 0, 3_000, 2);
    for (const key of ['a', 'b', 'c']) await cache.rows(key, async () => rows([1]));
    expect(cache.size).toBe(2);
    let read = false;
    await cache.rows('a', async () => ((read = true), rows([1])));
    expect(read).toBe(true);
  });
});
