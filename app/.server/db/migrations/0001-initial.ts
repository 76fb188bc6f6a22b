// Users, sessions, profiles and photos (docs/product.md §3). PostgreSQL 15 features only: this runs on PGlite and on Debian's server.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('profiles')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'integer')
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('gender', 'text', (col) => col.notNull().check(sql`gender in ('male', 'female')`))
    .addColumn('sexuality', 'text', (col) => col.notNull().check(sql`sexuality in ('hetero', 'gay', 'lesbian', 'bi')`))
    .addColumn('birth_date', 'date', (col) => col.notNull())
    .addColumn('country', 'char(2)', (col) => col.notNull())
    .addColumn('region', 'text')
    .addColumn('city', 'text')
    .addColumn('latitude', 'double precision')
    .addColumn('longitude', 'double precision')
    .addColumn('about', 'text')
    .addColumn('looking_for', 'text')
    .addColumn('interests', sql`text[]`, (col) => col.notNull().defaultTo(sql`'{}'`))
    .addColumn('hair_colour', 'text')
    .addColumn('eye_colour', 'text')
    .addColumn('body_type', 'text')
    .addColumn('relationship_status', 'text')
    .addColumn('tattoos', 'boolean')
    .addColumn('fictional', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('active').check(sql`status in ('active', 'disabled')`))
    .addColumn('main_photo_id', 'integer')
    .addColumn('seed', 'integer')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('photos')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('profile_id', 'integer', (col) => col.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('filename', 'text', (col) => col.notNull().unique())
    .addColumn('thumb_filename', 'text', (col) => col.notNull())
    .addColumn('width', 'integer', (col) => col.notNull())
    .addColumn('height', 'integer', (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('photos_profile_idx').on('photos').columns(['profile_id', 'position']).execute();
  await sql`alter table profiles add constraint profiles_main_photo_fk
            foreign key (main_photo_id) references photos(id) on delete set null`.execute(db);

  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) =>
      col.notNull().check(sql`status in ('not_confirmed', 'confirmed', 'pending_deletion', 'deleted')`),
    )
    .addColumn('credits', 'integer', (col) => col.notNull().defaultTo(0).check(sql`credits >= 0`))
    .addColumn('paid_user', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('language', 'text', (col) => col.notNull())
    .addColumn('signup_date', 'timestamptz', (col) => col.notNull())
    .addColumn('notifications_disabled', sql`text[]`, (col) => col.notNull().defaultTo(sql`'{}'`))
    .addColumn('profile_id', 'integer', (col) => col.references('profiles.id').onDelete('set null'))
    .addColumn('invisible', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('privacy_mode', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  // E-mail is unique per tenant (docs/architecture.md §3), whatever its case.
  await sql`create unique index users_tenant_email_idx on users (tenant_id, lower(email))`.execute(db);
  await sql`alter table profiles add constraint profiles_user_fk
            foreign key (user_id) references users(id) on delete cascade`.execute(db);

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('tenant_id', 'text', (col) => col.notNull())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('last_seen_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  // The shared profile pool, filtered by country, gender and age (docs/architecture.md §3).
  await db.schema.createIndex('profiles_country_gender_birth_idx').on('profiles').columns(['country', 'gender', 'birth_date']).execute();
  await db.schema.createIndex('profiles_user_idx').on('profiles').column('user_id').execute();
  // Demo profiles are found by their seed (generated pictures) and the seed can run twice.
  await sql`create unique index profiles_seed_idx on profiles (seed) where seed is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table profiles drop constraint if exists profiles_user_fk`.execute(db);
  await db.schema.dropTable('sessions').ifExists().execute();
  await db.schema.dropTable('users').ifExists().execute();
  await sql`alter table profiles drop constraint if exists profiles_main_photo_fk`.execute(db);
  await db.schema.dropTable('photos').ifExists().execute();
  await db.schema.dropTable('profiles').ifExists().execute();
}
