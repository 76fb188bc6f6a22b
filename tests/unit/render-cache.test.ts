// The render cache of anonymous pages (docs/decisions/0025): keys, nonces, lifetime and memory.
import { describe, expect, it } from 'vitest';
import { CACHEABLE_PAGE, pageBody, pageCacheKey, RenderCache, type PageKeyParts } from '~/.server/http/render-cache';
import type { Tenant } from '~/.server/tenants/schema';

const tenant = { id: 'flirtlokaal' } as Tenant;
const parts: PageKeyParts = { tenant, origin: 'https://flirtlokaal.nl', locale: 'nl', country: 'NL', url: '/', year: 2026 };

describe('render cache keys', () => {
  it('keeps every part that changes a page apart: tenant, host, locale, country, path and query, year, lander variant', () => {
    const base = pageCacheKey(parts);
    const others = [
      { tenant: { id: 'herzklopfen' } as Tenant },
      { origin: 'https://www.flirtlokaal.nl' },
      { locale: 'en' },
      { country: 'BE' },
      { country: null },
      { url: '/pages/terms' },
      { url: '/?country=BE' },
      { year: 2027 },
      { landing: 'tinderswipe:summer-b:' },
    ].map((change) => pageCacheKey({ ...parts, ...change }));
    expect(new Set([base, ...others]).size).toBe(others.length + 1);
    expect(pageCacheKey({ ...parts })).toBe(base);
  });

  it('starts afresh when a tenant file changes (the registry loads a new tenant object)', () => {
    const reloaded = { id: 'flirtlokaal' } as Tenant;
    expect(pageCacheKey({ ...parts, tenant: reloaded })).not.toBe(pageCacheKey(parts));
  });

  it('caches the home page, static pages and pricing, and nothing of a member', () => {
    for (const path of ['/', '/pages/terms', '/pages/return-policy', '/pricing', '/landers/gallery', '/landers/video/she-spring', '/landers/tinderswipe', '/members/12/landing', '/members/12/landing2', '/members/12/landing3/x']) expect(CACHEABLE_PAGE.test(path), path).toBe(true);
    for (const path of ['/members', '/chats', '/likes', '/profile', '/credits', '/signup', '/login', '/pages/a/b', '/api/user.php', '/members/12', '/members/12/chat', '/members/12/signup', '/landers/a/b/c']) expect(CACHEABLE_PAGE.test(path), path).toBe(false);
  });
});

describe('cached pages', () => {
  it('gives every answer its own nonce wherever the page had one', () => {
    const cache = new RenderCache();
    const html = Buffer.from(`<script nonce="${cache.placeholderNonce}">a</script><script nonce="${cache.placeholderNonce}" src="/x.js"></script>`);
    const page = cache.set('k', 200, [], html);
    expect(pageBody(page, 'one').toString()).toBe('<script nonce="one">a</script><script nonce="one" src="/x.js"></script>');
    expect(pageBody(cache.get('k')!, 'two').toString()).toBe('<script nonce="two">a</script><script nonce="two" src="/x.js"></script>');
  });

  it('forgets a page after its time to live', () => {
    let time = 0;
    const cache = new RenderCache({ ttlMs: 60_000, now: () => time });
    cache.set('k', 200, [], Buffer.from('page'));
    time = 60_000;
    expect(cache.get('k')).not.toBeNull();
    time = 60_001;
    expect(cache.get('k')).toBeNull();
  });

  it('lets the least recently used pages go when over its memory bound', () => {
    const cache = new RenderCache({ maxBytes: 10 });
    cache.set('a', 200, [], Buffer.from('aaaa'));
    cache.set('b', 200, [], Buffer.from('bbbb'));
    cache.get('a');
    cache.set('c', 200, [], Buffer.from('cccc'));
    expect(cache.get('b')).toBeNull();
    expect(cache.get('a')).not.toBeNull();
    expect(cache.get('c')).not.toBeNull();
  });
});
