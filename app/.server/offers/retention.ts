// The retention offer of the account deletion flow (docs/product.md §2, §3 Company info delete_discount;
// docs/decisions/0019): a member who chooses to stay gets a personal code for delete_discount percent
// (at most 90) off their next purchase. One retention code per member, ever: asking again gives the
// same code, used or not. Only its member can find or use it.
import { randomInt } from 'node:crypto';
import { now } from '../clock';
import type { Db } from '../credits/ledger';
import type { User } from '../db/schema';
import type { Tenant } from '../tenants/schema';

/** No 0/O or 1/I: the code may be read out to customer service. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const MAX_RETENTION_PERCENTAGE = 90;

export function retentionPercentage(tenant: Tenant): number {
  return Math.min(tenant.company.delete_discount, MAX_RETENTION_PERCENTAGE);
}

function newCode(percentage: number): string {
  let suffix = '';
  for (let i = 0; i < 6; i++) suffix += ALPHABET[randomInt(ALPHABET.length)];
  return `STAY${percentage}-${suffix}`;
}

/** The member's retention code, made on first use; null when the company offers no discount. */
export async function claimRetentionCode(db: Db, tenant: Tenant, user: User): Promise<{ code: string; percentage: number } | null> {
  const percentage = retentionPercentage(tenant);
  if (percentage <= 0) return null;
  for (let attempt = 0; attempt < 5; attempt++) {
    await db
      .insertInto('personal_discount_codes')
      .values({ tenant_id: tenant.id, user_id: user.id, code: newCode(percentage), percentage, reason: 'retention', created_at: now() })
      .onConflict((conflict) => conflict.doNothing())
      .execute();
    const own = await db
      .selectFrom('personal_discount_codes')
      .select(['code', 'percentage'])
      .where('user_id', '=', user.id)
      .where('reason', '=', 'retention')
      .executeTakeFirst();
    // Nothing of ours yet: the random code was another member's (a conflict on the code); try again.
    if (own) return own;
  }
  throw new Error('no free retention code');
}
