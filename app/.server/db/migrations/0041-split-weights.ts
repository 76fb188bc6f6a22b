// Splits that optimise themselves (issue 47 part 1, docs/decisions/0064):
// - split_state: per tenant and split, the mode the split is in now (fixed, auto toward a goal, or
//   frozen on a winner), the weights every instance serves new visitors with (integers out of 10 000),
//   the evidence they were computed from, and the tenant file's declaration the state follows (a new
//   declaration in the file starts the split over from the file).
// - split_weight_log: append-only, one row per change of a split's weights or mode — by the schedule,
//   at start, or by a marketer (operator_id) — the weight history the report draws and the audit of
//   every weight change.
// - operator_audit gains `split_mode`: a marketer's freeze, back-to-fixed or switch to auto.
import { sql, type Kysely } from 'kysely';

const NEW_AUDIT_ACTIONS = ['split_mode'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table split_state (
      tenant_id text not null,
      split text not null,
      mode text not null check (mode in ('fixed', 'auto', 'frozen')),
      goal text not null check (goal in ('signups', 'confirmed', 'revenue')),
      winner text,
      phase text not null check (phase in ('fixed', 'warmup', 'auto', 'frozen')),
      weights jsonb not null,
      evidence jsonb not null,
      declared text not null,
      computed_at timestamptz not null,
      primary key (tenant_id, split)
    )`.execute(db);
  await sql`
    create table split_weight_log (
      id bigserial primary key,
      tenant_id text not null,
      split text not null,
      at timestamptz not null,
      reason text not null check (reason in ('start', 'schedule', 'file', 'auto', 'fixed', 'freeze')),
      mode text not null,
      goal text not null,
      weights jsonb not null,
      operator_id integer references operators(id) on delete set null
    )`.execute(db);
  await sql`create index split_weight_log_split_idx on split_weight_log (tenant_id, split, at)`.execute(db);
  await auditActions(db, (actions) => [...new Set([...actions, ...NEW_AUDIT_ACTIONS])]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from operator_audit where action in (${sql.join(NEW_AUDIT_ACTIONS.map((a) => sql.lit(a)))})`.execute(db);
  await auditActions(db, (actions) => actions.filter((a) => !NEW_AUDIT_ACTIONS.includes(a)));
  await sql`drop table if exists split_weight_log`.execute(db);
  await sql`drop table if exists split_state`.execute(db);
}

/** Rewrites the audit log's action check from the one in place (as migration 0023 does), keeping other migrations' actions. */
async function auditActions(db: Kysely<unknown>, change: (actions: string[]) => string[]): Promise<void> {
  const found = await sql<{ def: string }>`
    select pg_get_constraintdef(oid) as def from pg_constraint where conname = 'operator_audit_action_check'`.execute(db);
  const current = [...(found.rows[0]?.def ?? '').matchAll(/'([a-z_]+)'/g)].map((m) => m[1]!);
  await sql`alter table operator_audit drop constraint if exists operator_audit_action_check`.execute(db);
  await sql`alter table operator_audit add constraint operator_audit_action_check check (action in (${sql.join(change(current).map((a) => sql.lit(a)))}))`.execute(db);
}
