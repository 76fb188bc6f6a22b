// The network console's second round (issue 35, docs/decisions/0051 and 0052): TOTP as the second
// step of a staff member's login (a secret confirmed by a first code before it counts, and the last
// accepted time step so that a code is never taken twice), the pending login of the first step as a
// row of its own (a short-lived single-use token the login form carries instead of the password;
// its tries are counted here), invitations with a set-password link (the invitee has no password
// until they choose one), and the indexes the network overview needs at 10 M profiles and a year of
// payments and the site health figures (docs/decisions/0052).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('network_staff').alterColumn('password_hash', (col) => col.dropNotNull()).execute();
  await db.schema
    .alterTable('network_staff')
    .addColumn('totp_secret', 'text')
    .addColumn('totp_pending_secret', 'text')
    .addColumn('totp_enabled_at', 'timestamptz')
    .addColumn('totp_last_step', 'bigint')
    .execute();

  // A login's first step: which second step it waits for, the mailed code's digest (none for TOTP),
  // the digest of the token the login form carries instead of the password.
  await db.schema
    .alterTable('network_login_codes')
    .addColumn('method', 'text', (col) => col.notNull().defaultTo('code').check(sql`method in ('code', 'totp')`))
    .addColumn('token_hash', 'text')
    .execute();
  await db.schema.alterTable('network_login_codes').alterColumn('code_hash', (col) => col.dropNotNull()).execute();
  await db.schema.createIndex('network_login_codes_token_idx').on('network_login_codes').column('token_hash').unique().execute();

  await db.schema
    .createTable('network_staff_tokens')
    // SHA-256 of the set-password link's token.
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('staff_id', 'integer', (col) => col.notNull().references('network_staff.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('network_staff_tokens_staff_idx').on('network_staff_tokens').column('staff_id').execute();

  await db.schema.createIndex('network_audit_staff_idx').on('network_audit').columns(['staff_id', 'id']).execute();
  await db.schema.createIndex('network_audit_action_idx').on('network_audit').columns(['action', 'id']).execute();

  // The overview's range queries (network/overview.ts), one index per event time, tenant first.
  await db.schema.createIndex('users_tenant_signup_date_idx').on('users').columns(['tenant_id', 'signup_date']).execute();
  await db.schema.createIndex('users_tenant_confirmed_at_idx').on('users').columns(['tenant_id', 'confirmed_at']).where(sql.ref('confirmed_at'), 'is not', null).execute();
  await db.schema.createIndex('payments_tenant_fulfilled_idx').on('payments').columns(['tenant_id', 'fulfilled_at', 'user_id', 'currency', 'amount']).where(sql.ref('fulfilled_at'), 'is not', null).execute();
  // A first purchase: no fulfilled payment of the same member before it.
  await db.schema.createIndex('payments_user_fulfilled_idx').on('payments').columns(['user_id', 'fulfilled_at']).where(sql.ref('fulfilled_at'), 'is not', null).execute();
  await db.schema.createIndex('payments_tenant_charged_back_idx').on('payments').columns(['tenant_id', 'charged_back_at']).where(sql.ref('charged_back_at'), 'is not', null).execute();
  await db.schema.createIndex('refunds_tenant_created_idx').on('refunds').columns(['tenant_id', 'created_at']).execute();

  // Site health (network/health.ts): failed postbacks, and the members whose mail a bounce or a spam complaint stopped.
  await sql`create index postbacks_failed_idx on postbacks (tenant_id, created_at) where status = 'failed'`.execute(db);
  await sql`create index users_mail_bounced_idx on users (tenant_id) where 'bounce' = any(notifications_disabled)`.execute(db);
  await sql`create index users_mail_complained_idx on users (tenant_id) where 'fbl' = any(notifications_disabled)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of ['users_mail_complained_idx', 'users_mail_bounced_idx', 'postbacks_failed_idx', 'refunds_tenant_created_idx', 'payments_tenant_charged_back_idx', 'payments_user_fulfilled_idx', 'payments_tenant_fulfilled_idx', 'users_tenant_confirmed_at_idx', 'users_tenant_signup_date_idx', 'network_audit_action_idx', 'network_audit_staff_idx']) {
    await db.schema.dropIndex(index).ifExists().execute();
  }
  await db.schema.dropTable('network_staff_tokens').ifExists().execute();
  await db.schema.dropIndex('network_login_codes_token_idx').ifExists().execute();
  await db.schema.alterTable('network_login_codes').dropColumn('method').dropColumn('token_hash').execute();
  await db.schema.alterTable('network_staff').dropColumn('totp_secret').dropColumn('totp_pending_secret').dropColumn('totp_enabled_at').dropColumn('totp_last_step').execute();
}
