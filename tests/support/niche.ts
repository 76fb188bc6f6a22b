// Signup values that fit a tenant's niche (docs/decisions/0031: a niche site refuses signups outside
// its pool), for tests whose members only need to exist on that site.
import { loadTenants } from '~/.server/tenants/registry';
import { nicheRule } from '~/shared/niche-rules';

export function fitsNiche(tenant: { settings: { niche: number } }, gender: 'male' | 'female' = 'female') {
  const rule = nicheRule(tenant.settings.niche);
  const fit: { gender?: 'male' | 'female'; seeking?: 'male' | 'female'; body_type?: string; date_of_birth?: string } = {};
  const own = rule.gender ?? gender;
  if (rule.gender) fit.gender = rule.gender;
  if (rule.sexualities) fit.seeking = own;
  if (rule.bodyTypes) fit.body_type = rule.bodyTypes[0];
  if (rule.minAge) fit.date_of_birth = '1950-01-01';
  return fit;
}

/** The same, by a demo tenant's id (e2e tests sign up over HTTP by host name). */
export function fitsNicheOf(tenantId: string, gender: 'male' | 'female' = 'female') {
  const tenant = loadTenants('tenants').find((t) => t.id === tenantId);
  if (!tenant) throw new Error(`no tenant ${tenantId}`);
  return fitsNiche(tenant, gender);
}

/** The same, by a host name of a demo tenant (`herzklopfen.de`, `bellacurva.localhost:3000`). */
export function fitsNicheOfHost(host: string, gender: 'male' | 'female' = 'female') {
  return fitsNicheOf(host.split('.')[0]!, gender);
}
