// The credit ledger on both databases (docs/decisions/0013): spends under concurrency, the balance
// the ledger explains, unique references, signup credits, and what is left of each purchase.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '~/.server/accounts/signup';
import { grantCredits, ledgerOf, remainingByPayment, spendCredits } from '~/.server/credits/ledger';
import type { Database } from '~/.server/db/database';
import { loadTenants } from '~/.server/tenants/registry';
import { databaseKinds, migratedDatabase } from '../support/databases';
import { fitsNiche } from '../support/niche';

const tenants = loadTenants('tenants');
const flirt = tenants.find((t) => t.id === 'flirtlokaal')!;
const herz = tenants.find((t) => t.id === 'herzklopfen')!;
let n = 0;

describe.each(databaseKinds)('credit ledger on $name', (kind) => {
  let database: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ database, drop } = await migratedDatabase(kind));
  });

  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  async function member(tenant = flirt) {
    n++;
    const result = await signUp(database.db, tenant, { ip: null, origin: 'http://x', locale: 'en' }, {
      email: `ledger${n}@example.com`, name: `Ledger${n}`, password: 'a good password', date_of_birth: '1990-01-01',
      gender: 'female', seeking: 'male', country: tenant.settings.countries[0], terms: true, orientation_consent: true,
      tracking: { network: 'test' }, ...fitsNiche(tenant),
    });
    if (!result.ok) throw new Error(result.error);
    return result.user;
  }

  const balance = async (userId: number) => (await database.db.selectFrom('users').select('credits').where('id', '=', userId).executeTakeFirstOrThrow()).credits;

  it('lets exactly n of n + 10 parallel spends through for a member with n credits', async () => {
    const user = await member();
    const credits = 12;
    await grantCredits(database.db, 'bonus', { userId: user.id, credits, reference: `bonus:test:${user.id}` });
    const results = await Promise.all(
      Array.from({ length: credits + 10 }, (_, i) => spendCredits(database.db, 'message', { userId: user.id, credits: 1, reference: `message:test:${user.id}:${i}` })),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(credits);
    expect(results.filter((r) => !r.ok && r.error === 'not_enough_credits')).toHaveLength(10);
    expect(await balance(user.id)).toBe(0);
    const entries = await ledgerOf(database.db, user.id);
    expect(entries.filter((e) => e.kind === 'message')).toHaveLength(credits);
    // Every balance_after from 11 down to 0 exactly once: no two spends saw the same balance.
    expect(entries.filter((e) => e.kind === 'message').map((e) => e.balance_after).sort((a, b) => a - b)).toEqual(Array.from({ length: credits }, (_, i) => i));
  });

  it('keeps the balance equal to the sum of the ledger under parallel spends of different sizes', async () => {
    const user = await member();
    await grantCredits(database.db, 'bonus', { userId: user.id, credits: 20, reference: `bonus:mixed:${user.id}` });
    const sizes = [5, 3, 7, 2, 9, 1, 4, 6];
    const results = await Promise.all(sizes.map((size, i) => spendCredits(database.db, 'gift', { userId: user.id, credits: size, reference: `gift:mixed:${user.id}:${i}` })));
    const spent = sizes.filter((_, i) => results[i]!.ok).reduce((a, b) => a + b, 0);
    expect(spent).toBeLessThanOrEqual(20);
    const entries = await ledgerOf(database.db, user.id);
    const sum = entries.reduce((total, e) => total + e.amount, 0);
    expect(await balance(user.id)).toBe(20 - spent);
    expect(sum).toBe(20 - spent);
    expect(entries.at(-1)!.balance_after).toBe(20 - spent);
  });

  it('refuses a spend without cover and writes nothing', async () => {
    const user = await member();
    expect(await spendCredits(database.db, 'photo', { userId: user.id, credits: 2, reference: `photo:none:${user.id}` })).toEqual({ ok: false, error: 'not_enough_credits', balance: 0 });
    expect(await ledgerOf(database.db, user.id)).toEqual([]);
  });

  it('never moves credits twice for the same reference', async () => {
    const user = await member();
    await grantCredits(database.db, 'bonus', { userId: user.id, credits: 5, reference: `bonus:once:${user.id}` });
    await expect(grantCredits(database.db, 'bonus', { userId: user.id, credits: 5, reference: `bonus:once:${user.id}` })).rejects.toThrow(/unique|duplicate/i);
    expect(await balance(user.id)).toBe(5);
  });

  it('refuses a negative balance in the database itself, whatever the code does', async () => {
    const user = await member();
    await expect(database.db.updateTable('users').set({ credits: -1 }).where('id', '=', user.id).execute()).rejects.toThrow(/check|constraint/i);
    await expect(sql`insert into credit_ledger (tenant_id, user_id, amount, balance_after, kind, reference, created_at) values ('flirtlokaal', ${user.id}, -1, -1, 'message', ${`bad:${user.id}`}, now())`.execute(database.db)).rejects.toThrow(/check|constraint/i);
  });

  it('writes signup credits as a ledger entry', async () => {
    expect(herz.settings.signup_credits).toBeGreaterThan(0);
    const user = await member(herz);
    expect(user.credits).toBe(herz.settings.signup_credits);
    const entries = await ledgerOf(database.db, user.id);
    expect(entries).toMatchObject([{ kind: 'signup', amount: herz.settings.signup_credits, balance_after: herz.settings.signup_credits, reference: `signup:${user.id}` }]);
  });

  it('commits a spend with the caller\'s transaction or not at all', async () => {
    const user = await member();
    await grantCredits(database.db, 'bonus', { userId: user.id, credits: 3, reference: `bonus:trx:${user.id}` });
    await expect(
      database.db.transaction().execute(async (trx) => {
        await spendCredits(trx, 'message', { userId: user.id, credits: 2, reference: `message:trx:${user.id}` });
        throw new Error('the message could not be stored');
      }),
    ).rejects.toThrow('the message could not be stored');
    expect(await balance(user.id)).toBe(3);
    expect((await ledgerOf(database.db, user.id)).map((e) => e.kind)).toEqual(['bonus']);
  });
});

describe('what is left of each purchase (first in, first out)', () => {
  const purchase = (payment: number, credits: number) => ({ kind: 'purchase' as const, amount: credits, payment_id: payment });
  const spend = (credits: number) => ({ kind: 'message' as const, amount: -credits, payment_id: null });

  it('spends free credits and older purchases first', () => {
    const left = remainingByPayment([{ kind: 'signup', amount: 5, payment_id: null }, purchase(1, 20), spend(8), purchase(2, 50), spend(10)]);
    expect(left.get(null)).toBe(0);
    expect(left.get(1)).toBe(7);
    expect(left.get(2)).toBe(50);
  });

  it('takes a refund from its own purchase only, and the lots always add up to the balance', () => {
    const entries = [purchase(1, 20), purchase(2, 50), { kind: 'refund' as const, amount: -50, payment_id: 2 }, spend(5)];
    const left = remainingByPayment(entries);
    expect(left.get(1)).toBe(15);
    expect(left.get(2)).toBe(0);
    expect([...left.values()].reduce((a, b) => a + b, 0)).toBe(entries.reduce((a, e) => a + e.amount, 0));
  });
});
