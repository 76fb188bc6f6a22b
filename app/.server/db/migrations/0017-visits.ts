// Visits (issue 23, docs/decisions/0027-landers-visits-attribution.md): one row per counted visit of
// a lander, a member landing or any page opened with a traffic source (network/ref), with our own
// click id, the affiliate's network, ref and sub1–3, the lander and variant served, and what is known
// of the visitor without storing who they are (country, a user-agent class, salted hashes for dedupe).
// - users.visit_id: the visit a member is attributed to (last touch with a traffic source, decision
//   0027); their purchases and refunds are attributed through it (payments.user_id → users.visit_id).
// PostgreSQL 15 features only.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table visits (
      id bigint primary key generated always as identity,
      tenant_id text not null,
      click_id text not null unique,
      network text,
      ref text,
      sub1 text,
      sub2 text,
      sub3 text,
      lander text,
      variant text,
      profile_id integer references profiles(id) on delete set null,
      path text not null,
      country text,
      user_agent_class text not null check (user_agent_class in ('mobile', 'tablet', 'desktop')),
      -- Salted hashes, never the address or the cookie itself: of IP and user agent, of the rdv_vid
      -- visitor cookie, and of what was visited (path and traffic source).
      visitor_key text not null,
      visitor_id text not null,
      target_key text not null,
      hits integer not null default 1 check (hits >= 1),
      created_at timestamptz not null,
      last_seen_at timestamptz not null
    )`.execute(db);
  // Dedupe looks up a recent visit of the same visitor to the same target; reports go by tenant and day.
  await sql`create index visits_dedupe_idx on visits (tenant_id, target_key, last_seen_at)`.execute(db);
  await sql`create index visits_tenant_created_idx on visits (tenant_id, created_at)`.execute(db);
  await sql`alter table users add column visit_id bigint references visits(id) on delete set null`.execute(db);
  await sql`create index users_visit_idx on users (visit_id) where visit_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users drop column if exists visit_id`.execute(db);
  await sql`drop table if exists visits`.execute(db);
}
