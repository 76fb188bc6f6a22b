// Operator roles (docs/decisions/0029): what an operator may do is given per tenant, never implied
// by being an operator. Every console function asks these questions of its actor before it reads or
// writes anything, so a route can only narrow what the domain allows, never widen it.
import { OPERATOR_ROLES, type OperatorRole } from '~/shared/operator-types';
import type { OperatorActor } from './operator';

export { OPERATOR_ROLES, type OperatorRole };

/** Names the command line and the admin's form also accept for a role (issue 23 calls marketing "marketer"). */
const ALIASES: Record<string, OperatorRole> = {
  answer: 'answering',
  answerer: 'answering',
  complaints: 'moderation',
  moderator: 'moderation',
  marketer: 'marketing',
  'tenant-admin': 'admin',
};

export function isOperatorRole(value: unknown): value is OperatorRole {
  return typeof value === 'string' && (OPERATOR_ROLES as readonly string[]).includes(value);
}

/** Role names from `--role a --role b,c` or a form: known names and aliases, deduplicated, in the fixed order. */
export function parseRoles(values: readonly string[]): { ok: true; roles: OperatorRole[] } | { ok: false; unknown: string } {
  const wanted = new Set<OperatorRole>();
  for (const value of values.flatMap((v) => v.split(','))) {
    const name = value.trim().toLowerCase();
    if (!name) continue;
    const role = isOperatorRole(name) ? name : ALIASES[name];
    if (!role) return { ok: false, unknown: value.trim() };
    wanted.add(role);
  }
  return { ok: true, roles: OPERATOR_ROLES.filter((role) => wanted.has(role)) };
}

export function hasRole(operator: OperatorActor, tenantId: string, role: OperatorRole): boolean {
  return operator.tenantIds.includes(tenantId) && (operator.roles[tenantId] ?? []).includes(role);
}

/** The operator's tenants in which they hold `role`: the whole scope of that role's functions. */
export function tenantsWithRole(operator: OperatorActor, role: OperatorRole): string[] {
  return operator.tenantIds.filter((tenantId) => hasRole(operator, tenantId, role));
}

/** The roles the operator holds in any of their tenants (the console's navigation). */
export function rolesAnywhere(operator: OperatorActor): OperatorRole[] {
  return OPERATOR_ROLES.filter((role) => tenantsWithRole(operator, role).length > 0);
}
