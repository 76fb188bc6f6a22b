// Invisible mode counts only what a member sends while invisible (docs/decisions/0030): a like or
// message from before they went invisible no longer shows them. `users.invisible_since` is when the
// member went invisible (null while visible); the application sets it by its clock, and a trigger
// keeps it true to `invisible` on every other write (set on the switch, cleared when visible again).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('invisible_since', 'timestamptz').execute();
  await sql`
    create function users_set_invisible_since() returns trigger language plpgsql as $$
    begin
      if not new.invisible then
        new.invisible_since := null;
      elsif new.invisible_since is null then
        new.invisible_since := now();
      end if;
      return new;
    end $$`.execute(db);
  await sql`
    create trigger users_invisible_since before insert or update of invisible, invisible_since on users
    for each row execute function users_set_invisible_since()`.execute(db);
  // Members invisible already: from now on only what they send counts (the new rule starts today).
  await sql`update users set invisible_since = now() where invisible`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists users_invisible_since on users`.execute(db);
  await sql`drop function if exists users_set_invisible_since()`.execute(db);
  await db.schema.alterTable('users').dropColumn('invisible_since').execute();
}
