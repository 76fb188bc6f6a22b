import { describe, expect, it } from 'vitest';
import { normalizeHost, resolveTenant, type HostIndex } from '~/.server/tenants/resolve-tenant';

const index: HostIndex = {
  domains: new Map([
    ['flirtlokaal.nl', 'flirtlokaal'],
    ['flirtlokaal.be', 'flirtlokaal'],
    ['rainbowhearts.co.uk', 'rainbowhearts'],
  ]),
  ids: new Set(['flirtlokaal', 'rainbowhearts']),
};

describe('resolveTenant: which tenant answers a host', () => {
  it.each([
    ['flirtlokaal.nl', 'flirtlokaal'],
    ['flirtlokaal.be', 'flirtlokaal'],
    ['www.flirtlokaal.nl', 'flirtlokaal'],
    ['FlirtLokaal.NL', 'flirtlokaal'],
    ['flirtlokaal.nl:8080', 'flirtlokaal'],
    ['www.flirtlokaal.nl:443', 'flirtlokaal'],
    ['flirtlokaal.nl.', 'flirtlokaal'],
    ['flirtlokaal.nl.:3000', 'flirtlokaal'],
    ['rainbowhearts.co.uk', 'rainbowhearts'],
    ['flirtlokaal.localhost', 'flirtlokaal'],
    ['flirtlokaal.localhost:3000', 'flirtlokaal'],
    ['rainbowhearts.localhost:51234', 'rainbowhearts'],
    ['RAINBOWHEARTS.LOCALHOST', 'rainbowhearts'],
    ['www.rainbowhearts.localhost', 'rainbowhearts'],
  ])('%s → %s', (host, expected) => {
    expect(resolveTenant(host, index)).toBe(expected);
  });

  it.each([
    ['unknown.example'],
    ['localhost'],
    ['localhost:3000'],
    ['127.0.0.1:3000'],
    ['[::1]:3000'],
    ['nobody.localhost'],
    ['evil-flirtlokaal.nl'],
    ['flirtlokaal.nl.evil.com'],
    ['sub.flirtlokaal.nl'],
    ['flirtlokaal.localhost.evil.com'],
    [''],
    ['..'],
    ['flirt lokaal.nl'],
  ])('%s → unknown (404)', (host) => {
    expect(resolveTenant(host, index)).toBeNull();
  });

  it('treats a missing Host header as unknown', () => {
    expect(resolveTenant(undefined, index)).toBeNull();
    expect(resolveTenant(null, index)).toBeNull();
  });

  it('honours the test override only when allowed, and only for a real tenant', () => {
    expect(resolveTenant('flirtlokaal.nl', index, { override: 'rainbowhearts', allowOverride: true })).toBe('rainbowhearts');
    expect(resolveTenant('flirtlokaal.nl', index, { override: 'rainbowhearts', allowOverride: false })).toBe('flirtlokaal');
    expect(resolveTenant('flirtlokaal.nl', index, { override: 'nobody', allowOverride: true })).toBeNull();
  });
});

describe('normalizeHost', () => {
  it('lower-cases and strips port, trailing dot and www.', () => {
    expect(normalizeHost('WWW.Example.COM.:8080')).toBe('example.com');
  });
});
