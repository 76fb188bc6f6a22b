// Host → tenant: a pure function (table-tested in tests/unit/resolve-tenant.test.ts).

export interface HostIndex {
  /** Production domains (lower case, no www.) → tenant id. */
  domains: ReadonlyMap<string, string>;
  /** Every tenant id; `<id>.localhost` answers for development. */
  ids: ReadonlySet<string>;
}

/** Lower-cases and strips the port, a trailing dot and a leading `www.`; null when nothing usable remains. */
export function normalizeHost(rawHost: string | undefined | null): string | null {
  if (!rawHost) return null;
  let host = rawHost.trim().toLowerCase();
  if (host.startsWith('[')) return null; // IPv6 literal: never a tenant
  host = host.replace(/:\d*$/, '');
  host = host.replace(/\.+$/, '');
  if (host.startsWith('www.')) host = host.slice(4);
  if (!host || !/^[a-z0-9.-]+$/.test(host) || host.includes('..')) return null;
  return host;
}

/**
 * Returns the tenant id for a request host, or null for an unknown host (which must get a 404,
 * never another tenant's content). `override` is a tenant id honoured only when `allowOverride`
 * (the test environment).
 */
export function resolveTenant(
  rawHost: string | undefined | null,
  index: HostIndex,
  options: { override?: string | null; allowOverride?: boolean } = {},
): string | null {
  if (options.allowOverride && options.override) {
    return index.ids.has(options.override) ? options.override : null;
  }
  const host = normalizeHost(rawHost);
  if (!host) return null;
  const byDomain = index.domains.get(host);
  if (byDomain) return byDomain;
  if (host.endsWith('.localhost')) {
    const label = host.slice(0, -'.localhost'.length);
    if (index.ids.has(label)) return label;
  }
  return null;
}
