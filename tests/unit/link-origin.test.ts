// Issue 31 item 1 (docs/decisions/0036): the origin of a tenant for a request — the request's host
// only when it is one of the tenant's, else the tenant's home — and the stored origin of
// notification links.
import { describe, expect, it } from 'vitest';
import { isTenantHost, storedOrigin, tenantHome, tenantOrigin } from '~/.server/http/origin';
import { loadTenants } from '~/.server/tenants/registry';

const tenant = loadTenants('tenants').find((t) => t.id === 'flirtlokaal')!;
const demo = { devHosts: true, port: () => 4800 };
const production = { devHosts: false, port: () => 4800 };

describe('tenantOrigin', () => {
  it.each([
    ['http', 'flirtlokaal.localhost:4800', 'http://flirtlokaal.localhost:4800'],
    ['http', 'FlirtLokaal.LOCALHOST:4801', 'http://flirtlokaal.localhost:4801'],
    ['https', 'flirtlokaal.nl', 'https://flirtlokaal.nl'],
    ['https', 'www.flirtlokaal.be', 'https://www.flirtlokaal.be'],
    ['http', 'evil.example:4800', 'http://flirtlokaal.localhost:4800'],
    ['http', 'herzklopfen.localhost:4800', 'http://flirtlokaal.localhost:4800'],
    ['http', 'flirtlokaal.nl.evil.example', 'http://flirtlokaal.localhost:4800'],
    ['http', 'flirtlokaal.localhost:99999', 'http://flirtlokaal.localhost:4800'],
    ['javascript', 'flirtlokaal.nl', 'http://flirtlokaal.localhost:4800'],
    ['http', undefined, 'http://flirtlokaal.localhost:4800'],
  ])('in the demo: %s://%s → %s', (protocol, host, origin) => {
    expect(tenantOrigin(tenant, { protocol, host }, demo)).toBe(origin);
  });

  it('in a real production start: the development host is not the tenant\'s, the home is the primary domain', () => {
    expect(tenantOrigin(tenant, { protocol: 'http', host: 'flirtlokaal.localhost:4800' }, production)).toBe('https://flirtlokaal.nl');
    expect(tenantOrigin(tenant, { protocol: 'https', host: 'evil.example' }, production)).toBe('https://flirtlokaal.nl');
    expect(tenantOrigin(tenant, { protocol: 'https', host: 'flirtlokaal.be' }, production)).toBe('https://flirtlokaal.be');
    expect(tenantHome(tenant, production)).toBe('https://flirtlokaal.nl');
    expect(isTenantHost(tenant, 'flirtlokaal.localhost', production)).toBe(false);
    expect(isTenantHost(tenant, 'flirtlokaal.localhost', demo)).toBe(true);
  });
});

describe('storedOrigin (notification links from the signup host)', () => {
  it('keeps a signup host of the tenant and replaces anything else with the home', () => {
    expect(storedOrigin(tenant, 'https://flirtlokaal.be', production)).toBe('https://flirtlokaal.be');
    expect(storedOrigin(tenant, 'http://evil.example:4800', production)).toBe('https://flirtlokaal.nl');
    expect(storedOrigin(tenant, 'javascript://flirtlokaal.nl', production)).toBe('https://flirtlokaal.nl');
    expect(storedOrigin(tenant, 'https://flirtlokaal.nl/path', production)).toBe('https://flirtlokaal.nl');
    expect(storedOrigin(tenant, null, demo)).toBe('http://flirtlokaal.localhost:4800');
  });
});
