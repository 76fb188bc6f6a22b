// Who an operator is while they act: their account, the tenants they work for and their roles in
// each. Every operator function takes this actor and answers only within the tenants where the
// actor holds the role the function needs (roles.ts; docs/decisions/0021, 0029).
import type { Kysely } from 'kysely';
import { isLocale, type Locale } from '~/shared/locales';
import { OPERATOR_ROLES, type OperatorRole } from '~/shared/operator-types';
import type { DB } from '../db/schema';

export interface OperatorActor {
  id: number;
  name: string;
  language: Locale;
  /** The tenants this operator works for; nothing outside them is visible or writable. */
  tenantIds: string[];
  /** The operator's roles per tenant id (every tenant of `tenantIds` has at least one). */
  roles: Record<string, OperatorRole[]>;
}

export async function operatorActor(db: Kysely<DB>, operatorId: number): Promise<OperatorActor | null> {
  const row = await db.selectFrom('operators').select(['id', 'name', 'language']).where('id', '=', operatorId).where('status', '=', 'active').executeTakeFirst();
  if (!row) return null;
  const tenants = await db.selectFrom('operator_tenants').select(['tenant_id', 'roles']).where('operator_id', '=', operatorId).orderBy('tenant_id').execute();
  const roles: Record<string, OperatorRole[]> = {};
  // Known roles only, in their fixed order: a role name the code no longer knows grants nothing.
  for (const t of tenants) roles[t.tenant_id] = OPERATOR_ROLES.filter((role) => (t.roles as string[]).includes(role));
  return { id: row.id, name: row.name, language: isLocale(row.language) ? row.language : 'en', tenantIds: tenants.map((t) => t.tenant_id), roles };
}
