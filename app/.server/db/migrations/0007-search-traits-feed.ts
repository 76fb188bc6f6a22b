// The search index holds profile traits too (hair and eye colour, relationship status, tattoos, a
// main photo; docs/decisions/0011-search-index.md, "Traits"): a change of any of them now takes a
// new number in the change feed, as the columns of migration 0006 do.
import { sql, type Kysely } from 'kysely';

async function bumpOn(db: Kysely<unknown>, columns: string): Promise<void> {
  const list = columns.split(', ');
  const row = (side: string) => sql.raw(`(${list.map((c) => `${side}.${c}`).join(', ')})`);
  await sql`
    create or replace function profiles_bump_search_version() returns trigger language plpgsql as $$
    begin
      if ${row('new')} is distinct from ${row('old')} then
        new.search_version := nextval('profiles_search_version_seq');
      end if;
      return new;
    end $$`.execute(db);
}

const BEFORE = 'listed, country, gender, birth_date, region, tenant_id, sexuality, body_type';

export async function up(db: Kysely<unknown>): Promise<void> {
  await bumpOn(db, `${BEFORE}, hair_colour, eye_colour, relationship_status, tattoos, main_photo_id`);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await bumpOn(db, BEFORE);
}
