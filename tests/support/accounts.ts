// Test members made through the domain layer: signed up (fitting the tenant's niche), activated with
// the token of their activation mail and given credits, as the trust tests (complaints, data export)
// use them. (Over HTTP: members.ts; confirmed without the activation step: operators.ts.)
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import { activateAccount } from '~/.server/accounts/activation';
import { signUp } from '~/.server/accounts/signup';
import { createToken } from '~/.server/accounts/tokens';
import { grantCredits } from '~/.server/credits/ledger';
import type { DB, User } from '~/.server/db/schema';
import type { Tenant } from '~/.server/tenants/schema';
import { fitsNiche } from './niche';

let n = 0;

/** A member of `tenant` named `name` (e-mail `<name><n>@example.com`), activated, with `credits` bonus credits, signed up in `locale` from `origin`; the user row as it is now. */
export async function activatedMember(
  db: Kysely<DB>,
  tenant: Tenant,
  name: string,
  { gender = 'female', credits = 50, locale = 'en', origin = 'http://x' }: { gender?: 'male' | 'female'; credits?: number; locale?: 'nl' | 'en'; origin?: string } = {},
): Promise<User> {
  n++;
  const result = await signUp(db, tenant, { ip: null, origin, locale }, {
    email: `${name.toLowerCase()}${n}@example.com`,
    name,
    password: 'a good password',
    date_of_birth: '1990-01-01',
    gender,
    seeking: gender === 'male' ? 'female' : 'male',
    country: tenant.settings.countries[0],
    terms: true,
    orientation_consent: true,
    tracking: { network: 'n', ref: 'r' },
    ...fitsNiche(tenant, gender),
  });
  if (!result.ok) throw new Error(JSON.stringify(result));
  expect(await activateAccount(db, tenant, await createToken(db, { tenantId: tenant.id, userId: result.user.id, kind: 'activation' }))).toBe(true);
  if (credits > 0) await grantCredits(db, 'bonus', { userId: result.user.id, credits, reference: `test:${result.user.id}` });
  return db.selectFrom('users').selectAll().where('id', '=', result.user.id).executeTakeFirstOrThrow();
}
