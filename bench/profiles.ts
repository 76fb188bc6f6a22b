// Fictional profiles for the search benchmarks (bench/search.ts, bench/search-http.ts), made by the
// database itself with one set-based insert per batch: spread like the demo pool over the tenant
// countries, both genders, four sexualities and ages 18–80.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../app/.server/db/schema';

/** Inserts profiles numbered `from`..`to` (inclusive). */
export async function generateProfiles(db: Kysely<DB>, from: number, to: number): Promise<void> {
  await sql`insert into profiles (name, gender, sexuality, birth_date, country, region, city, fictional, status)
            select 'P' || g,
                   case when g % 2 = 0 then 'female' else 'male' end,
                   (array['hetero','gay','lesbian','bi'])[1 + g % 4],
                   date '2008-01-01' - ((g::bigint * 7919) % (62 * 365))::int,
                   (array['NL','BE','DE','GB','DK','SE','ES','IT','FR','PL'])[1 + (g / 7) % 10],
                   'NL-R' || (g % 12), null, true, 'active'
            from generate_series(${from}::int, ${to}::int) g`.execute(db);
}
