// Signup values that fit a tenant's niche (docs/decisions/0031: a niche site refuses signups outside
// its pool), for tests whose members only need to exist on that site.
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
