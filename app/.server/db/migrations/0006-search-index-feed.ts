// A change feed for the in-memory search index (docs/decisions/0011-search-index.md): every insert
// or change of a column the search filters on takes a new number from one sequence, and a deleted
// profile leaves a numbered tombstone, so a server catches up by reading what is newer than the
// last number it saw.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create sequence profiles_search_version_seq`.execute(db);
  await sql`alter table profiles add column search_version bigint not null default nextval('profiles_search_version_seq')`.execute(db);
  await sql`create index profiles_search_version_idx on profiles (search_version)`.execute(db);
  // Named after profiles_listed, so it runs after it (same timing: alphabetical) and sees the new `listed`.
  await sql`
    create function profiles_bump_search_version() returns trigger language plpgsql as $$
    begin
      if (new.listed, new.country, new.gender, new.birth_date, new.region, new.tenant_id, new.sexuality, new.body_type)
         is distinct from
         (old.listed, old.country, old.gender, old.birth_date, old.region, old.tenant_id, old.sexuality, old.body_type) then
        new.search_version := nextval('profiles_search_version_seq');
      end if;
      return new;
    end $$`.execute(db);
  await sql`
    create trigger profiles_search_version before update on profiles
    for each row execute function profiles_bump_search_version()`.execute(db);

  await sql`
    create table profiles_removed (
      profile_id integer not null,
      search_version bigint not null default nextval('profiles_search_version_seq'),
      removed_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index profiles_removed_version_idx on profiles_removed (search_version)`.execute(db);
  await sql`
    create function profiles_note_removed() returns trigger language plpgsql as $$
    begin
      insert into profiles_removed (profile_id) values (old.id);
      return null;
    end $$`.execute(db);
  await sql`
    create trigger profiles_removed after delete on profiles
    for each row execute function profiles_note_removed()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists profiles_removed on profiles`.execute(db);
  await sql`drop function if exists profiles_note_removed()`.execute(db);
  await sql`drop table if exists profiles_removed`.execute(db);
  await sql`drop trigger if exists profiles_search_version on profiles`.execute(db);
  await sql`drop function if exists profiles_bump_search_version()`.execute(db);
  await sql`alter table profiles drop column if exists search_version`.execute(db);
  await sql`drop sequence if exists profiles_search_version_seq`.execute(db);
}
