// Abuse limits per tenant and address, in memory and — when REDIS_URL is set (CI) — in the real Redis.
import { afterAll, describe, expect, it } from 'vitest';
import { createRateLimits, type RateLimits } from '~/.server/limits/rate-limits';

const kinds: { name: string; redisUrl?: string }[] = [{ name: 'memory' }];
if (process.env.REDIS_URL) kinds.push({ name: 'redis', redisUrl: process.env.REDIS_URL });

describe.each(kinds)('rate limits in $name', ({ redisUrl }) => {
  const limits: RateLimits = createRateLimits({
    redisUrl,
    prefix: `rdv-test:${process.pid}:${Date.now()}`,
    limits: { login: { points: 3, durationS: 60 }, signup: { points: 1, durationS: 60 }, passwordReset: { points: 2, durationS: 60 }, message: { points: 2, durationS: 60 }, complaint: { points: 2, durationS: 60 } },
  });

  afterAll(() => limits.close());

  it('lets attempts through up to the limit, then says how long to wait', async () => {
    for (let i = 0; i < 3; i++) expect(await limits.consume('login', 'flirtlokaal', '203.0.113.1')).toBeNull();
    const wait = await limits.consume('login', 'flirtlokaal', '203.0.113.1');
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
  });

  it('keeps addresses, tenants and limits apart', async () => {
    expect(await limits.consume('signup', 'flirtlokaal', '203.0.113.2')).toBeNull();
    expect(await limits.consume('signup', 'flirtlokaal', '203.0.113.2')).not.toBeNull();
    expect(await limits.consume('signup', 'flirtlokaal', '203.0.113.3')).toBeNull();
    expect(await limits.consume('signup', 'herzklopfen', '203.0.113.2')).toBeNull();
    expect(await limits.consume('passwordReset', 'flirtlokaal', '203.0.113.2')).toBeNull();
  });
});
