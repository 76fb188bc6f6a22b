// Bursts of new visits from one address on one lander (issue 31 item 7, docs/decisions/0055): the
// one rule — a new visit (no visitor cookie handed out by an earlier visit) is part of a burst when,
// counting it, one address (an IPv4 address, or an IPv6 /64) sent new visits with at least
// BURST_AGENTS different user agents to the same path in the BURST_WINDOW_MS up to it. Every visit
// of a burst is folded into its first visit (visits.burst_of), so that reports count the burst as one
// visit; the first visit keeps the address masked to its network for the marketer's list.
// Runs inside recordVisit's transaction, under an advisory lock on the address and path, so that
// parallel visits of a burst, on any instance, agree on its first visit.
import ipaddr from 'ipaddr.js';
import { sql, type Transaction } from 'kysely';
import type { DB } from '../db/schema';

/** How many different user agents of new visitors from one address on one path make a burst… */
export const BURST_AGENTS = 10;
/** …within this time (the 10 minutes up to the latest visit). */
export const BURST_WINDOW_MS = 10 * 60 * 1000;

function parsed(ip: string | null): ipaddr.IPv4 | ipaddr.IPv6 | null {
  if (!ip || !ipaddr.isValid(ip)) return null;
  const address = ipaddr.parse(ip);
  return address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress() ? (address as ipaddr.IPv6).toIPv4Address() : address;
}

/** The address bursts are counted by: an IPv4 address as it is, an IPv6 address by its /64 (one subscriber's network). */
export function burstAddress(ip: string | null): string | null {
  const address = parsed(ip);
  if (!address) return null;
  if (address.kind() === 'ipv4') return address.toString();
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${address.toString()}/64`).toString()}/64`;
}

/** The address as the marketer sees it: its network, never the address itself (IPv4 /24, IPv6 /48). */
export function maskedAddress(ip: string | null): string | null {
  const address = parsed(ip);
  if (!address) return null;
  const bits = address.kind() === 'ipv4' ? 24 : 48;
  const network = address.kind() === 'ipv4' ? ipaddr.IPv4.networkAddressFromCIDR(`${address.toString()}/${bits}`) : ipaddr.IPv6.networkAddressFromCIDR(`${address.toString()}/${bits}`);
  return `${network.toString()}/${bits}`;
}

/** Takes the lock of one address on one path (call before the visitor's own lock: always in this order). */
export async function lockBurst(trx: Transaction<DB>, tenantId: string, burstKey: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`visit-burst:${tenantId}:${burstKey}`}, 0))`.execute(trx);
}

/**
 * The first visit of the burst a new visit at `at` belongs to, or null when it is no burst (yet).
 * When this visit makes the burst, the visits before it in the window are folded into the first one,
 * which keeps the masked address.
 */
export async function burstOf(
  trx: Transaction<DB>,
  input: { tenantId: string; burstKey: string; visitorKey: string; at: Date; ip: string | null },
): Promise<number | null> {
  const recent = await trx
    .selectFrom('visits')
    .select(['id', 'visitor_key', 'burst_of', 'burst_address'])
    .where('tenant_id', '=', input.tenantId)
    .where('burst_key', '=', input.burstKey)
    .where('created_at', '>', new Date(input.at.getTime() - BURST_WINDOW_MS))
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const agents = new Set([...recent.map((visit) => visit.visitor_key), input.visitorKey]);
  if (agents.size < BURST_AGENTS) return null;
  // A burst already going on keeps its first visit; otherwise the oldest visit of the window is it.
  const first = [...recent].reverse().find((visit) => visit.burst_of !== null)?.burst_of ?? recent.find((visit) => visit.burst_address !== null)?.id ?? recent[0]!.id;
  const loose = recent.filter((visit) => visit.id !== first && visit.burst_of === null).map((visit) => visit.id);
  if (loose.length) await trx.updateTable('visits').set({ burst_of: first }).where('id', 'in', loose).execute();
  await trx.updateTable('visits').set({ burst_address: maskedAddress(input.ip) ?? '?' }).where('id', '=', first).where('burst_address', 'is', null).execute();
  return first;
}
