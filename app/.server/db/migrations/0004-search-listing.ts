// Fast member search at any depth (docs/decisions/0009-search-at-scale.md).
// `profiles.listed` says whether a profile may appear in listings: the profile is active and its
// owner (if any) is neither invisible, nor in privacy mode, nor leaving. Triggers keep it true to the
// users table whatever code changes either side, so every search filter is a column of the profile
// and the partial indexes below answer search pages and counts by index-only scans.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('profiles').addColumn('listed', 'boolean', (col) => col.notNull().defaultTo(true)).execute();
  await sql`
    create function profile_is_listed(p_status text, p_user_id integer) returns boolean
    language sql stable as $$
      select p_status = 'active' and (p_user_id is null or exists (
        select 1 from users u
        where u.id = p_user_id and not u.invisible and not u.privacy_mode
          and u.status in ('confirmed', 'not_confirmed')))
    $$`.execute(db);
  await sql`
    create function profiles_set_listed() returns trigger language plpgsql as $$
    begin
      new.listed := profile_is_listed(new.status, new.user_id);
      return new;
    end $$`.execute(db);
  await sql`
    create trigger profiles_listed before insert or update of status, user_id on profiles
    for each row execute function profiles_set_listed()`.execute(db);
  await sql`
    create function users_sync_listed() returns trigger language plpgsql as $$
    begin
      update profiles set listed = profile_is_listed(status, user_id)
      where user_id = new.id and listed is distinct from profile_is_listed(status, user_id);
      return null;
    end $$`.execute(db);
  await sql`
    create trigger users_listed after insert or update of invisible, privacy_mode, status on users
    for each row execute function users_sync_listed()`.execute(db);
  await sql`update profiles set listed = profile_is_listed(status, user_id)`.execute(db);

  // Pages: per country and gender in id order, every filter column included (index-only scans).
  // Ascending id, read backwards: new profiles then append to each slice and pages stay full.
  await sql`create index profiles_listed_order_idx on profiles (country, gender, id)
            include (birth_date, region, tenant_id, sexuality, body_type) where listed`.execute(db);
  // Region searches.
  await sql`create index profiles_listed_region_idx on profiles (country, region, gender, id)
            include (birth_date, tenant_id, sexuality, body_type) where listed`.execute(db);
  // Counts and narrow age ranges.
  await sql`create index profiles_listed_age_idx on profiles (country, gender, birth_date)
            include (id, region, tenant_id, sexuality, body_type) where listed`.execute(db);
  // Superseded by the two above.
  await db.schema.dropIndex('profiles_search_idx').ifExists().execute();
  await db.schema.dropIndex('profiles_country_gender_birth_idx').ifExists().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('profiles_country_gender_birth_idx').on('profiles').columns(['country', 'gender', 'birth_date']).execute();
  await db.schema.createIndex('profiles_search_idx').on('profiles').columns(['country', 'gender', 'id desc']).execute();
  await db.schema.dropIndex('profiles_listed_age_idx').ifExists().execute();
  await db.schema.dropIndex('profiles_listed_region_idx').ifExists().execute();
  await db.schema.dropIndex('profiles_listed_order_idx').ifExists().execute();
  await sql`drop trigger if exists users_listed on users`.execute(db);
  await sql`drop function if exists users_sync_listed()`.execute(db);
  await sql`drop trigger if exists profiles_listed on profiles`.execute(db);
  await sql`drop function if exists profiles_set_listed()`.execute(db);
  await sql`drop function if exists profile_is_listed(text, integer)`.execute(db);
  await db.schema.alterTable('profiles').dropColumn('listed').execute();
}
