// Reconciliation survives a backlog (issue 31 item 2; docs/decisions/0022, addendum), on both
// databases, at a shortened scale (bench/reconciliation.ts runs the full 4,000): with hundreds of
// abandoned sandbox checkouts due before them, three paid payments whose webhook never came are
// credited in the first round — rounds take small batches, payments likely to have settled first
// (a member back from the checkout, a webhook seen, then the newest) — a round bounded well inside
// the job's expiry stops and the next goes on where it stopped without asking anything twice, and
// the lag is a number (reconciliationLag). The numbers: after 27 minutes 0 of the 3 were
// credited, because each round started again from the oldest and the paid rows sorted last.
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { now, setClockForTests } from '~/.server/clock';
import type { Database } from '~/.server/db/database';
import type { User } from '~/.server/db/schema';
import { handlePaymentWebhook, noteSettleHint } from '~/.server/payments/payments';
import { reconcilePayments, reconciliationLag, RECONCILE_BATCH } from '~/.server/payments/reconcile';
import { SandboxProvider } from '~/.server/payments/sandbox';
import { loadTenants } from '~/.server/tenants/registry';
import { buyer } from '../support/checkout';
import { databaseKinds, migratedDatabase } from '../support/databases';

const tenants = loadTenants('tenants');
const flirt = tenants.find((t) => t.id === 'flirtlokaal')!;
const ORIGIN = 'http://flirtlokaal.localhost';
const ABANDONED = 400;
let batch = 0;

describe.each(databaseKinds)('reconciliation with a backlog on $name', (kind) => {
  let database: Database;
  let drop: () => Promise<void>;
  const db = () => database.db;

  beforeAll(async () => {
    ({ database, drop } = await migratedDatabase(kind));
  });
  afterEach(async () => {
    setClockForTests(null);
    // Each test brings its own backlog.
    await sql`update payments set status = 'expired', next_check_at = null where status in ('open', 'pending')`.execute(db());
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  /** `count` open checkouts at the sandbox and with us, created `ageMinutes` ago and due since then (asked least recently). */
  async function checkouts(user: User, count: number, status: 'open' | 'paid', ageMinutes: (i: number) => number): Promise<number[]> {
    const tag = `b${batch++}`;
    const at = now();
    const ages = Array.from({ length: count }, (_, i) => ageMinutes(i));
    await sql`
      insert into sandbox_payments (id, tenant_id, amount, currency, description, method, status, sequence_type, redirect_url, webhook_url, created_at, updated_at, idempotency_key)
      select 'tr_sbx_' || ${tag} || '_' || g, ${flirt.id}, 4495, 'EUR', 'checkout ' || g, 'ideal', ${status}, 'oneoff', '', '', ${at}::timestamptz - make_interval(mins => age), ${at}, ${tag} || '-' || g
      from unnest(${ages}::int[]) with ordinality as a(age, g)`.execute(db());
    // Due a minute after creation and never asked since: "asked least recently" is the old order.
    const rows = await sql<{ id: number }>`
      insert into payments (tenant_id, user_id, order_number, provider, provider_id, package_id, credits, price, amount, currency, country, method, locale, created_at, updated_at, checked_at, next_check_at)
      select ${flirt.id}, ${user.id}, upper(${tag}) || '-' || g, 'sandbox', 'tr_sbx_' || ${tag} || '_' || g, 'popular', 50, 4495, 4495, 'EUR', 'NL', 'ideal', 'nl',
             ${at}::timestamptz - make_interval(mins => age), ${at}, ${at}::timestamptz - make_interval(mins => age), ${at}::timestamptz - make_interval(mins => age) + interval '1 minute'
      from unnest(${ages}::int[]) with ordinality as a(age, g)
      order by g
      returning id`.execute(db());
    return rows.rows.map((row) => row.id);
  }

  function countingSandbox() {
    const sandbox = new SandboxProvider(db(), flirt.id, ORIGIN);
    const asked = new Map<string, number>();
    const fetch = sandbox.fetchPayment.bind(sandbox);
    sandbox.fetchPayment = (id) => {
      asked.set(id, (asked.get(id) ?? 0) + 1);
      return fetch(id);
    };
    return { sandbox, asked };
  }

  const creditsOf = async (user: User) => (await db().selectFrom('users').select('credits').where('id', '=', user.id).executeTakeFirstOrThrow()).credits;
  /** A round whose budget allows `checks` provider calls (the production bound is time: ROUND_BUDGET_MS). */
  const round = (sandbox: SandboxProvider, checks = RECONCILE_BATCH) => reconcilePayments(db(), () => flirt, () => sandbox, { maxChecks: checks });

  it('credits three paid payments behind hundreds of abandoned checkouts in the first round, each round a small batch', async () => {
    const abandoner = await buyer(db(), flirt, 'Abandoner');
    // Abandoned over the last 14 minutes, due before the paid ones (the issue: "the paid rows sort last").
    await checkouts(abandoner, ABANDONED, 'open', (i) => 14 - (i % 14));
    const payers = await Promise.all([buyer(db(), flirt, 'Payer'), buyer(db(), flirt, 'Payer'), buyer(db(), flirt, 'Payer')]);
    for (const payer of payers) await checkouts(payer, 1, 'paid', () => 2);
    expect(await reconciliationLag(db())).toBeGreaterThan(0);

    const { sandbox, asked } = countingSandbox();
    const first = await round(sandbox);
    expect(first).toMatchObject({ checked: RECONCILE_BATCH, fulfilled: 3, failed: 0 });
    for (const payer of payers) expect(await creditsOf(payer)).toBe(50);

    // The next rounds go on where the last stopped: every abandoned checkout is asked once, none twice.
    let rounds = 1;
    while ((await round(sandbox)).checked > 0) rounds++;
    expect(rounds).toBe(Math.ceil((ABANDONED + 3) / RECONCILE_BATCH));
    expect(asked.size).toBe(ABANDONED + 3);
    expect(Math.max(...asked.values())).toBe(1);
    expect(await reconciliationLag(db())).toBe(0);
  }, 120_000);

  it('asks first what may have settled: a member back from the checkout, a webhook seen — before newer checkouts', async () => {
    const abandoner = await buyer(db(), flirt, 'Abandoner');
    await checkouts(abandoner, 2 * RECONCILE_BATCH, 'open', () => 1);
    const returned = await buyer(db(), flirt, 'Returned');
    const [returnedPayment] = await checkouts(returned, 1, 'paid', () => 10);
    const hooked = await buyer(db(), flirt, 'Hooked');
    const [hookedPayment] = await checkouts(hooked, 1, 'paid', () => 12);
    const payment = async (id: number) => db().selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

    // The member's result page was open while the provider could not be reached.
    await noteSettleHint(db(), await payment(returnedPayment!));
    // The webhook came while the provider could not be reached (the route answered 502).
    const unreachable = new SandboxProvider(db(), flirt.id, ORIGIN);
    unreachable.fetchPayment = () => Promise.reject(new Error('provider down'));
    await expect(handlePaymentWebhook(db(), flirt, unreachable, (await payment(hookedPayment!)).provider_id!)).rejects.toThrow('provider down');

    const { sandbox } = countingSandbox();
    expect(await round(sandbox, 2)).toMatchObject({ checked: 2, fulfilled: 2 });
    expect(await creditsOf(returned)).toBe(50);
    expect(await creditsOf(hooked)).toBe(50);
  });

  it('reports the lag: how long the most overdue payment that can still change has waited for its check', async () => {
    const abandoner = await buyer(db(), flirt, 'Lagging');
    await checkouts(abandoner, 3, 'open', (i) => 5 + i);
    // The oldest was due a minute after its creation, 7 minutes ago: 6 minutes overdue.
    expect(await reconciliationLag(db())).toBeGreaterThanOrEqual(6 * 60 - 5);
    expect(await reconciliationLag(db())).toBeLessThanOrEqual(6 * 60 + 5);
    const { sandbox } = countingSandbox();
    await round(sandbox);
    expect(await reconciliationLag(db())).toBe(0);
    // A minute later they are due again (while they can still be paid): the lag grows from 0.
    setClockForTests(new Date(Date.now() + 90_000));
    expect(await reconciliationLag(db())).toBeGreaterThanOrEqual(25);
  });
});
