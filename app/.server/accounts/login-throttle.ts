// The per-account throttle of every password login (members, operators, network staff; issue 43
// item 6, docs/decisions/0068). The lockouts per account AND address (accounts/login.ts,
// operators/accounts.ts, the console's `loginAccount` limit) never slow guesses against one account
// from changing addresses; this does, without letting a stranger lock the owner out:
//
//   After ACCOUNT_THROTTLE.free failed logins of one account within an hour, over all addresses,
//   each further failure makes the account wait 2^(n − free) seconds (2, 4, 8 …, at most
//   ACCOUNT_THROTTLE.maxDelayS) before its next attempt; an attempt inside the wait is answered 429
//   with the seconds left, and its password is not checked. An address the account logged in from
//   in the last 30 days is not slowed (it keeps only the per-address lockout).
//
// A guesser gets at most free + 3600 / maxDelayS ≈ 70 tries an hour on one account (OWASP ASVS 4.0
// V2.2.1 asks for no more than 100); the owner is never locked out: from a known address they are
// not slowed at all, from a new one they wait at most a minute. Counted in the shared limiter
// (limits/rate-limits.ts), so every instance of a deployment sees the same counts.
import type { RateLimits } from '../limits/rate-limits';

export const ACCOUNT_THROTTLE = { free: 10, maxDelayS: 60 } as const;

export interface ThrottleKey {
  /** Whose accounts: a tenant's members (its id), its operators (`operator:<id>`), the network's staff. */
  scope: string;
  /** The account: its e-mail address as typed, compared in lower case. */
  account: string;
  ip: string | null;
}

const accountOf = (key: ThrottleKey) => key.account.trim().toLowerCase();
const addressOf = (key: ThrottleKey) => `${accountOf(key)}:${key.ip ?? 'unknown'}`;

/** Seconds the account must wait before this attempt, or null when it may try now. */
export async function accountWait(limits: RateLimits, key: ThrottleKey): Promise<number | null> {
  if (!accountOf(key)) return null;
  if (await limits.seen('knownAddress', key.scope, addressOf(key))) return null;
  return limits.blocked('accountDelay', key.scope, accountOf(key));
}

/** After the password was checked: a success makes the address known, a failure counts and may start a delay. */
export async function accountAttempt(limits: RateLimits, key: ThrottleKey, passwordOk: boolean): Promise<void> {
  if (!accountOf(key)) return;
  if (passwordOk) {
    await limits.record('knownAddress', key.scope, addressOf(key));
    return;
  }
  const failures = await limits.record('accountFailures', key.scope, accountOf(key));
  if (failures > ACCOUNT_THROTTLE.free) {
    await limits.hold('accountDelay', key.scope, accountOf(key), Math.min(ACCOUNT_THROTTLE.maxDelayS, 2 ** (failures - ACCOUNT_THROTTLE.free)));
  }
}
