// The visitor's country (settings.geoip_country, docs/architecture.md §3): a trusted proxy's country header when
// one is configured, else the offline GeoIP database of geoip-lite, else unknown (null). Loopback
// and private addresses are unknown. The caller falls back to the tenant's first country.
import net from 'node:net';
import { createRequire } from 'node:module';
import { ISO_COUNTRY } from '~/shared/catalogue';

type GeoLookup = (ip: string) => { country: string; ll?: [number, number] } | null;
let lookup: GeoLookup | null = null;

function geoLookup(): GeoLookup {
  if (!lookup) {
    // Loaded on first use: the database takes a moment and ~150 MB, and local traffic never needs it.
    const require = createRequire(import.meta.url);
    const geoip = require('geoip-lite') as { lookup: GeoLookup };
    lookup = (ip) => geoip.lookup(ip);
  }
  return lookup;
}

export function isPublicAddress(ip: string): boolean {
  const address = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  if (net.isIPv4(address)) {
    const [a = 0, b = 0] = address.split('.').map(Number);
    if (a === 10 || a === 127 || a === 0) return false;
    if (a === 172 && b >= 16 && b <= 31) return false;
    if (a === 192 && b === 168) return false;
    if (a === 169 && b === 254) return false;
    if (a === 100 && b >= 64 && b <= 127) return false;
    return a < 224;
  }
  if (net.isIPv6(address)) {
    const lower = address.toLowerCase();
    return !(lower === '::1' || lower === '::' || lower.startsWith('fc') || lower.startsWith('fd') || lower.startsWith('fe80'));
  }
  return false;
}

export function visitorCountry(input: { ip: string | null; headerCountry?: string | null }): string | null {
  const fromHeader = input.headerCountry?.trim().toUpperCase();
  if (fromHeader && ISO_COUNTRY.test(fromHeader) && fromHeader !== 'XX' && fromHeader !== 'T1') return fromHeader;
  if (!input.ip || !isPublicAddress(input.ip)) return null;
  const address = input.ip.startsWith('::ffff:') ? input.ip.slice(7) : input.ip;
  return geoLookup()(address)?.country ?? null;
}

/** The visitor's approximate place (the offline GeoIP database's city or region point), or null. */
export function visitorPoint(ip: string | null): { lat: number; lon: number; country: string } | null {
  if (!ip || !isPublicAddress(ip)) return null;
  const found = geoLookup()(ip.startsWith('::ffff:') ? ip.slice(7) : ip);
  if (!found?.ll || (found.ll[0] === 0 && found.ll[1] === 0)) return null;
  return { lat: found.ll[0], lon: found.ll[1], country: found.country };
}

/** The visitor of a request: its address, and its country from a trusted proxy's header or the GeoIP database. */
export function requestVisitor(req: { ip?: string; app: { get(name: string): unknown }; get(name: string): string | undefined }, countryHeader: string | undefined): { ip: string | null; country: string | null } {
  const ip = req.ip ?? null;
  // A proxy's country header counts only when that proxy is trusted (Express then believes it for req.ip too).
  const trusted = req.app.get('trust proxy') !== false && countryHeader;
  return { ip, country: visitorCountry({ ip, headerCountry: trusted ? (req.get(countryHeader) ?? null) : null }) };
}
