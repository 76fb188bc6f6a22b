// Who may see the marketer's console (docs/decisions/0028): an operator holding the `marketing` role
// on this very tenant (roles.ts grants nothing implicitly — an admin sees it only with that role too).
import type { Tenant } from '../tenants/schema';
import type { OperatorActor } from '../operators/operator';
import { hasRole } from '../operators/roles';

export type MarketingError = 'forbidden';

export function canMarket(actor: OperatorActor | null | undefined, tenant: Tenant): actor is OperatorActor {
  return Boolean(actor && hasRole(actor, tenant.id, 'marketing'));
}
