// The app badge never breaks a page (issue 24 item 6, docs/product.md §8): whatever setAppBadge does.
import { describe, expect, it } from 'vitest';
import { setBadge } from '~/components/app/document-title';

describe('the app badge', () => {
  it('ignores a setAppBadge that throws at once, rejects, returns nothing, or is missing', async () => {
    const calls: unknown[] = [];
    const throwing = { setAppBadge: () => { throw new Error('NotAllowedError'); } } as unknown as Navigator;
    const rejecting = { setAppBadge: (n: number) => (calls.push(n), Promise.reject(new Error('denied'))) } as unknown as Navigator;
    const plain = { setAppBadge: (n: number) => void calls.push(n), clearAppBadge: () => { throw new TypeError('x'); } } as unknown as Navigator;
    expect(() => setBadge(3, throwing)).not.toThrow();
    expect(() => setBadge(4, rejecting)).not.toThrow();
    expect(() => setBadge(5, plain)).not.toThrow();
    expect(() => setBadge(0, plain)).not.toThrow();
    expect(() => setBadge(2, {} as Navigator)).not.toThrow();
    await new Promise((resolve) => setImmediate(resolve));
    expect(calls).toEqual([4, 5]);
  });
});
