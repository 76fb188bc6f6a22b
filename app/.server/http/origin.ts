// The origin of a tenant for a request (docs/decisions/0036): every link the server builds — mails,
// notifications, payment return and webhook URLs, operator invitations, the render cache key — is
// `tenantOrigin`, never the raw Host header. The request's own scheme and host are used only when
// the host is one of the tenant's (a domain of its list, with or without www., or outside a real
// production start its `<id>.localhost` development host); anything else gets the tenant's home:
// https://<settings.domain>, or http://<id>.localhost:<port> where the demo is served.
// X-Forwarded-Host and -Proto count only from a trusted proxy (TRUST_PROXY), and then must be a
// host and `http`/`https`: `forwardedHeadersValid` refuses the request otherwise (a 400).
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Tenant } from '../tenants/schema';
import { isValidHostHeader, plainBadRequest } from './request-guard';

export interface OriginPolicy {
  /** `<id>.localhost` hosts are the tenant's own, and its home (not in a real production start). */
  devHosts: boolean;
  /** The port the development hosts are served on (known once the server listens). */
  port: () => number;
}

/** What the request says about itself: its scheme and its host (with port), as the trusted chain tells. */
export interface RequestedAt {
  protocol: string;
  host: string | undefined;
}

const SCHEMES = new Set(['http', 'https']);
const HOST = /^([a-z0-9.-]+)(?::(\d{1,5}))?$/;

/** Whether Express believes this request's X-Forwarded-* headers (TRUST_PROXY and the peer's address). */
function fromTrustedProxy(req: Request): boolean {
  const trust = req.app.get('trust proxy fn') as ((address: string | undefined, hop: number) => boolean) | undefined;
  return Boolean(trust?.(req.socket.remoteAddress, 0));
}

/** The values of a forwarded header (a proxy chain separates them with commas); none when absent or empty. */
function forwardedValues(req: Request, name: string): string[] {
  const value = req.get(name);
  return value ? value.split(',').map((part) => part.trim()) : [];
}

/** False when a trusted proxy's X-Forwarded-Proto is anything but http/https or its X-Forwarded-Host is no host. */
export function forwardedHeadersValid(req: Request): boolean {
  if (!fromTrustedProxy(req)) return true;
  if (!forwardedValues(req, 'x-forwarded-proto').every((value) => SCHEMES.has(value))) return false;
  return forwardedValues(req, 'x-forwarded-host').every((value) => isValidHostHeader(value));
}

/** Refuses a request whose trusted forwarded headers are malformed with a plain 400 (before the tenant: no site is known yet). */
export function forwardedGuard(): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => (forwardedHeadersValid(req) ? next() : plainBadRequest(res));
}

/** The host (with port) the request was addressed to: X-Forwarded-Host from a trusted proxy, else Host. */
export function requestHost(req: Request): string | undefined {
  const forwarded = fromTrustedProxy(req) ? forwardedValues(req, 'x-forwarded-host')[0] : undefined;
  return forwarded || req.get('host') || undefined;
}

export function requestedAt(req: Request): RequestedAt {
  return { protocol: req.protocol, host: requestHost(req) };
}

/** Whether `host` (lower case, optional port) is one of the tenant's own hosts under `policy`. */
export function isTenantHost(tenant: Tenant, host: string, policy: Pick<OriginPolicy, 'devHosts'>): boolean {
  const match = HOST.exec(host);
  if (!match || (match[2] !== undefined && !(Number(match[2]) >= 1 && Number(match[2]) <= 65535))) return false;
  const name = match[1]!.startsWith('www.') ? match[1]!.slice(4) : match[1]!;
  return tenant.domains.includes(name) || (policy.devHosts && name === `${tenant.id}.localhost`);
}

/** Where the tenant lives when a request does not say: its primary domain, or its development host. */
export function tenantHome(tenant: Tenant, policy: OriginPolicy): string {
  return policy.devHosts ? `http://${tenant.id}.localhost:${policy.port()}` : `https://${tenant.settings.domain}`;
}

/** The origin links of this tenant use for a request (or a stored origin): see the file's comment. */
export function tenantOrigin(tenant: Tenant, at: RequestedAt | null, policy: OriginPolicy): string {
  const host = at?.host?.toLowerCase();
  if (at && host && SCHEMES.has(at.protocol) && isTenantHost(tenant, host, policy)) return `${at.protocol}://${host}`;
  return tenantHome(tenant, policy);
}

/** A stored origin (a member's signup host) when it still is one of the tenant's, else the tenant's home. */
export function storedOrigin(tenant: Tenant, stored: string | null, policy: OriginPolicy): string {
  const match = stored ? /^(https?):\/\/([^/?#]+)$/i.exec(stored) : null;
  return tenantOrigin(tenant, match ? { protocol: match[1]!.toLowerCase(), host: match[2] } : null, policy);
}
