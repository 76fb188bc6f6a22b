// Decision 0060: a member landing's visibility check, remembered briefly per tenant and profile.
import { describe, expect, it } from 'vitest';
import { cachedVisibility } from '~/.server/landers/landing-profile';
import type { Tenant } from '~/.server/tenants/schema';

const tenantA = { id: 'a' } as Tenant;
const tenantB = { id: 'b' } as Tenant;

function counted(answer: (tenant: Tenant, id: number) => boolean | Error) {
  const calls: string[] = [];
  const lookup = (tenant: Tenant, id: number) => {
    calls.push(`${tenant.id}:${id}`);
    const value = answer(tenant, id);
    return value instanceof Error ? Promise.reject(value) : Promise.resolve(value);
  };
  return { calls, lookup };
}

describe('cachedVisibility', () => {
  it('asks once per tenant and profile within its time to live, and again after it', async () => {
    let time = 0;
    const { calls, lookup } = counted((tenant, id) => tenant.id === 'a' && id === 1);
    const visible = cachedVisibility(lookup, { ttlMs: 10_000, now: () => time });
    expect(await Promise.all([visible(tenantA, 1), visible(tenantA, 1)])).toEqual([true, true]);
    expect(await visible(tenantB, 1)).toBe(false);
    expect(await visible(tenantA, 2)).toBe(false);
    expect(calls).toEqual(['a:1', 'b:1', 'a:2']);
    time = 9_999;
    await visible(tenantA, 1);
    expect(calls).toHaveLength(3);
    time = 10_000;
    await visible(tenantA, 1);
    expect(calls).toEqual(['a:1', 'b:1', 'a:2', 'a:1']);
  });

  it('does not keep a failed lookup', async () => {
    let fail = true;
    const { calls, lookup } = counted(() => (fail ? new Error('database away') : true));
    const visible = cachedVisibility(lookup, { now: () => 0 });
    await expect(visible(tenantA, 7)).rejects.toThrow('database away');
    fail = false;
    expect(await visible(tenantA, 7)).toBe(true);
    expect(calls).toEqual(['a:7', 'a:7']);
  });

  it('stays bounded: past its size it starts afresh', async () => {
    const { calls, lookup } = counted(() => true);
    const visible = cachedVisibility(lookup, { maxEntries: 2, now: () => 0 });
    await visible(tenantA, 1);
    await visible(tenantA, 2);
    await visible(tenantA, 3);
    await visible(tenantA, 3);
    await visible(tenantA, 1);
    expect(calls).toEqual(['a:1', 'a:2', 'a:3', 'a:1']);
  });
});
