// Issue 48 (round 3 of defects found by trying the product), the items of helper i48a that live in
// the domain, on PGlite and PostgreSQL; each test is written from the words.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setClockForTests } from '~/.server/clock';
import type { Database } from '~/.server/db/database';
import { bundleOffers } from '~/.server/offers/bundle-offers';
import { checkoutOffer } from '~/.server/offers/checkout-offer';
import { creditOffer } from '~/.server/credits/offer';
import { loadTenants } from '~/.server/tenants/registry';
import { buyer } from '../support/checkout';
import { databaseKinds, migratedDatabase } from '../support/databases';

const tenants = loadTenants('tenants');
const flirt = tenants.find((t) => t.id === 'flirtlokaal')!;

describe.each(databaseKinds)('issue 48 (i48a) on $name', (kind) => {
  let database: Database;
  let drop: () => Promise<void>;
  const db = () => database.db;

  beforeAll(async () => {
    ({ database, drop } = await migratedDatabase(kind));
  });
  afterEach(() => setClockForTests(null));
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  describe('item 2: the best single discount, and a refused code changes nothing', () => {
    const offer = (code: string | null, kept: string | null, bundle = 'starter') =>
      buyer(db(), flirt, 'Bonus').then((user) => checkoutOffer(db(), flirt, user, { package: bundle, method: 'ideal', country: 'NL', code, kept, locale: 'en' }));

    it('keeps the running 25 % welcome bonus when a typed code is refused (LIEFDE20 under its €40 minimum)', async () => {
      const refused = await offer('LIEFDE20', null);
      expect(refused).toMatchObject({ discount: Math.round(1995 * 0.25), code: { code: 'TIMEBONUS25', percentage: 25 }, codeInput: 'LIEFDE20' });
      expect(refused!.codeError).toMatch(/40/);
    });

    it('keeps a kept code when a typed code is refused, outside the bonus window', async () => {
      const user = await buyer(db(), flirt, 'Kept');
      setClockForTests(new Date(new Date(user.signup_date).getTime() + 5 * 3600_000));
      const kept = await checkoutOffer(db(), flirt, user, { package: 'popular', method: 'ideal', country: 'NL', code: 'NOSUCHCODE', kept: 'LIEFDE20', locale: 'en' });
      expect(kept).toMatchObject({ discount: Math.round(4495 * 0.2), code: { code: 'LIEFDE20', percentage: 20 } });
      expect(kept!.codeError).not.toBeNull();
    });

    it('charges the 25 % bonus, not a smaller 20 % code, whether the code is kept or typed', async () => {
      for (const [code, kept] of [[null, 'LIEFDE20'], ['LIEFDE20', null]] as const) {
        const priced = await offer(code, kept, 'popular');
        expect(priced, `${code} ${kept}`).toMatchObject({ discount: Math.round(4495 * 0.25), code: { code: 'TIMEBONUS25', percentage: 25 }, codeError: null });
      }
      const user = await buyer(db(), flirt, 'Page');
      const page = await bundleOffers(db(), flirt, user, { offer: creditOffer(flirt, 'NL'), code: null, kept: 'LIEFDE20', locale: 'en' });
      expect(page.prices.popular).toEqual({ discounted: 4495 - Math.round(4495 * 0.25), code: 'TIMEBONUS25' });
      expect(page.prices.starter).toEqual({ discounted: 1995 - Math.round(1995 * 0.25), code: 'TIMEBONUS25' });
    });
  });
});
