// Bursts of new visits from one address on one lander (issue 31 item 7, docs/decisions/0055):
// - visits.burst_key: a salted hash of the visitor's address (an IPv4 address, or an IPv6 /64) and
//   the visited path, held only on a visit of a NEW visitor (no visitor cookie from an earlier visit);
//   returning visitors never take part in a burst.
// - visits.burst_of: the first visit of the burst this visit was folded into; reports count only
//   visits without it, so a burst is one visit.
// - visits.burst_address: on a burst's first visit only, the address masked to its network (IPv4 /24,
//   IPv6 /48) for the marketer's list of suspicious bursts; no visit stores a whole address.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table visits add column burst_key text`.execute(db);
  await sql`alter table visits add column burst_of bigint references visits(id) on delete set null`.execute(db);
  await sql`alter table visits add column burst_address text`.execute(db);
  await sql`create index visits_burst_idx on visits (tenant_id, burst_key, created_at) where burst_key is not null`.execute(db);
  await sql`create index visits_burst_of_idx on visits (burst_of) where burst_of is not null`.execute(db);
  // "Has this visitor cookie been handed out by an earlier visit?"
  await sql`create index visits_visitor_idx on visits (tenant_id, visitor_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists visits_visitor_idx`.execute(db);
  await sql`alter table visits drop column if exists burst_address`.execute(db);
  await sql`alter table visits drop column if exists burst_of`.execute(db);
  await sql`alter table visits drop column if exists burst_key`.execute(db);
}
