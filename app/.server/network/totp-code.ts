// TOTP codes (RFC 6238) for network staff, docs/decisions/0051: checking a code, and taking its time
// step once (network_staff.totp_last_step, a conditional update accepting only a later step). The
// enrolment is in totp.ts; the login (staff.ts) uses only this.
import * as OTPAuth from 'otpauth';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

const PERIOD = 30;
const ISSUER = 'Rendezvous network';

export function totpFor(secret: string, label = ''): OTPAuth.TOTP {
  return new OTPAuth.TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: PERIOD, secret: OTPAuth.Secret.fromBase32(secret) });
}

/** The time step of `code` for `secret` at `at` (window ±1), or null when it is no valid code. */
export function totpStep(secret: string, code: string, at: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpFor(secret).validate({ token: code, timestamp: at.getTime(), window: 1 });
  return delta === null ? null : Math.floor(at.getTime() / 1000 / PERIOD) + delta;
}

/** The code of `secret` at `at` (tests and the enrolment page's own checks). */
export function totpCode(secret: string, at: Date): string {
  return totpFor(secret).generate({ timestamp: at.getTime() });
}

/** Accepts `code` for the staff member's confirmed secret only if its time step is later than every one accepted before. */
export async function takeTotpStep(db: Kysely<DB>, staffId: number, secret: string, code: string, at: Date): Promise<boolean> {
  const step = totpStep(secret, code, at);
  if (step === null) return false;
  const taken = await db
    .updateTable('network_staff')
    .set({ totp_last_step: step })
    .where('id', '=', staffId)
    .where('totp_secret', '=', secret)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .returning('id')
    .executeTakeFirst();
  return taken !== undefined;
}

