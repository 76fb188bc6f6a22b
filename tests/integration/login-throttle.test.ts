// The per-account throttle over all addresses (issue 43 item 6, docs/decisions/0068,
// app/.server/accounts/login-throttle.ts) for members', operators' and network staff's logins: the
// lockout per account and address never slowed guesses from changing addresses; now, after 10
// failures of one account within the hour, each further attempt waits a growing delay and its
// password is not checked — but an address the owner logged in from is not slowed, and a new
// address waits seconds, never a lockout.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn } from '~/.server/accounts/login';
import { ACCOUNT_THROTTLE } from '~/.server/accounts/login-throttle';
import { signUp } from '~/.server/accounts/signup';
import type { Database } from '~/.server/db/database';
import { createRateLimits, type RateLimits } from '~/.server/limits/rate-limits';
import { createNetworkStaff, networkLogin } from '~/.server/network/staff';
import { addOperator, logInOperator, setOperatorPassword } from '~/.server/operators/accounts';
import { loadTenants } from '~/.server/tenants/registry';
import { databaseKinds, migratedDatabase } from '../support/databases';

const flirt = loadTenants('tenants').find((t) => t.id === 'flirtlokaal')!;
const PASSWORD = 'a good password';

describe.each(databaseKinds)('the per-account login throttle on $name', (kind) => {
  let database: Database;
  let drop: () => Promise<void>;
  let limits: RateLimits;
  const db = () => database.db;

  beforeAll(async () => {
    ({ database, drop } = await migratedDatabase(kind));
    limits = createRateLimits({ redisUrl: process.env.REDIS_URL, prefix: `rdv-test-throttle:${process.pid}:${Date.now()}:${kind.name}` });
  });
  afterAll(async () => {
    await limits?.close();
    await database?.close();
    await drop?.();
  });

  type Attempt = (ip: string, password: string) => Promise<'ok' | 'failed' | { throttled: number } | string>;

  async function throttles(attempt: Attempt) {
    // The owner signs in from home once: that address is known.
    expect(await attempt('203.0.113.1', PASSWORD)).toBe('ok');
    // A guesser from ever new addresses: each address stays below its own lockout (5).
    for (let i = 0; i < ACCOUNT_THROTTLE.free + 1; i++) expect(await attempt(`198.51.100.${i + 1}`, `guess ${i}`)).toBe('failed');
    // Past the free tries the account waits: even the right password from a new address is not checked.
    const held = await attempt('198.51.100.200', PASSWORD);
    expect(held).toMatchObject({ throttled: expect.any(Number) });
    expect((held as { throttled: number }).throttled).toBeLessThanOrEqual(2);
    // The owner at home is not slowed.
    expect(await attempt('203.0.113.1', PASSWORD)).toBe('ok');
    // And from a new address the owner waits seconds, not a lockout.
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect(await attempt('198.51.100.201', PASSWORD)).toBe('ok');
  }

  it("slows guesses against a member's account from changing addresses, never the owner", async () => {
    const signed = await signUp(db(), flirt, { ip: null, origin: 'http://flirtlokaal.localhost', locale: 'en', attribution: null }, {
      email: 'throttled@example.com', name: 'Throttled', password: PASSWORD, date_of_birth: '1990-01-01', gender: 'male', seeking: 'female', country: 'NL', terms: true, orientation_consent: true,
    });
    if (!signed.ok) throw new Error(signed.error);
    await throttles(async (ip, password) => {
      const result = await logIn(db(), flirt, { ip }, { email: 'Throttled@example.com', password }, limits);
      return result.ok ? 'ok' : result.error === 'throttled' ? { throttled: result.seconds } : result.error === 'login_failed' ? 'failed' : result.error;
    });
  });

  it("slows guesses against an operator's account from changing addresses, never the owner", async () => {
    const added = await addOperator(db(), flirt, { email: 'throttled.operator@staff.example' });
    if (!added.ok) throw new Error('no operator');
    expect(await setOperatorPassword(db(), flirt, { token: added.token, password: PASSWORD })).toMatchObject({ ok: true });
    await throttles(async (ip, password) => {
      const result = await logInOperator(db(), flirt, { ip }, { email: 'throttled.operator@staff.example', password }, limits);
      return result.ok ? 'ok' : result.error === 'throttled' ? { throttled: result.seconds } : result.error === 'login_failed' ? 'failed' : result.error;
    });
  });

  it("slows guesses against a network staff member's password from changing addresses, never the owner", async () => {
    await createNetworkStaff(db(), { email: 'throttled@rendezvous.example', name: 'Throttled', password: PASSWORD, role: 'network_analyst' });
    await throttles(async (ip, password) => {
      const result = await networkLogin(db(), { email: 'throttled@rendezvous.example', password }, { ip, userAgent: null }, limits);
      return result.ok ? 'ok' : result.error === 'too_many' ? { throttled: result.seconds } : result.error === 'invalid' ? 'failed' : result.error;
    });
  });
});
