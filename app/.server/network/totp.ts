// TOTP for network staff (issue 35 item 1, docs/decisions/0051): RFC 6238 codes (SHA-1, 6 digits,
// 30 seconds, one step either side accepted for clock drift) from any authenticator app. A staff
// member enrols from the console: a new secret is kept as pending and shown as an otpauth:// URI and
// as its base32 key; it only replaces the mailed code once a first valid code confirms it. A code's
// time step is remembered (network_staff.totp_last_step) and a conditional update accepts only a
// later step, so the same code — or an earlier one — is never taken twice, even by two requests at once.
import * as OTPAuth from 'otpauth';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { now } from '../clock';
import type { DB } from '../db/schema';
import { audit, type Client, type NetworkActor } from './staff';
import { totpFor, totpStep } from './totp-code';

export { totpCode } from './totp-code';

export interface TotpEnrolment {
  /** Whether TOTP is the staff member's second step now. */
  enabled: boolean;
  /** A secret awaiting its first code: the URI an authenticator app reads, and the key to type in. */
  pending: { uri: string; key: string } | null;
}

export async function totpEnrolment(db: Kysely<DB>, actor: NetworkActor): Promise<TotpEnrolment> {
  const row = await db.selectFrom('network_staff').select(['totp_secret', 'totp_pending_secret']).where('id', '=', actor.id).executeTakeFirstOrThrow();
  return {
    enabled: row.totp_secret !== null,
    pending: row.totp_pending_secret ? { uri: totpFor(row.totp_pending_secret, actor.email).toString(), key: row.totp_pending_secret } : null,
  };
}

/** Starts (or restarts) enrolment for the signed-in staff member: a new pending secret; the confirmed one, if any, stays until the new one is confirmed. */
export async function startTotp(db: Kysely<DB>, actor: NetworkActor, client: Client): Promise<TotpEnrolment> {
  const secret = new OTPAuth.Secret({ size: 20 }).base32;
  await db.updateTable('network_staff').set({ totp_pending_secret: secret }).where('id', '=', actor.id).execute();
  await audit(db, actor.id, 'totp_start', client);
  return totpEnrolment(db, actor);
}

/** The body of `POST /security/totp/confirm`: the authenticator app's first code. */
export const TotpCodeSchema = z.object({ code: z.string().trim().max(10) });

export type ConfirmTotpResult = { ok: true } | { ok: false; error: 'no_pending' | 'invalid_code' };

/** Confirms the pending secret with a first valid code: from then on the login asks for TOTP instead of a mailed code. */
export async function confirmTotp(db: Kysely<DB>, actor: NetworkActor, code: string, client: Client): Promise<ConfirmTotpResult> {
  const at = now();
  const row = await db.selectFrom('network_staff').select('totp_pending_secret').where('id', '=', actor.id).executeTakeFirstOrThrow();
  if (!row.totp_pending_secret) return { ok: false, error: 'no_pending' };
  const step = totpStep(row.totp_pending_secret, code.trim(), at);
  if (step === null) {
    await audit(db, actor.id, 'totp_confirm_failed', client);
    return { ok: false, error: 'invalid_code' };
  }
  const done = await db
    .updateTable('network_staff')
    .set({ totp_secret: row.totp_pending_secret, totp_pending_secret: null, totp_enabled_at: at, totp_last_step: step })
    .where('id', '=', actor.id)
    .where('totp_pending_secret', '=', row.totp_pending_secret)
    .returning('id')
    .executeTakeFirst();
  if (!done) return { ok: false, error: 'no_pending' };
  await audit(db, actor.id, 'totp_enable', client);
  return { ok: true };
}
