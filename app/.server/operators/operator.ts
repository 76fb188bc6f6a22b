// Who an operator is while they act: their account and the tenants they work for. Every operator
// function takes this actor and answers only within `tenantIds` (docs/decisions/0021).
import type { Kysely } from 'kysely';
import { isLocale, type Locale } from '~/shared/locales';
import type { DB } from '../db/schema';

export interface OperatorActor {
  id: number;
  name: string;
  language: Locale;
  /** The tenants this operator works for; nothing outside them is visible or writable. */
  tenantIds: string[];
}

export async function operatorActor(db: Kysely<DB>, operatorId: number): Promise<OperatorActor | null> {
  const row = await db.selectFrom('operators').select(['id', 'name', 'language']).where('id', '=', operatorId).where('status', '=', 'active').executeTakeFirst();
  if (!row) return null;
  const tenants = await db.selectFrom('operator_tenants').select('tenant_id').where('operator_id', '=', operatorId).orderBy('tenant_id').execute();
  return { id: row.id, name: row.name, language: isLocale(row.language) ? row.language : 'en', tenantIds: tenants.map((t) => t.tenant_id) };
}
