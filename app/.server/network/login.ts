// The console's two-step login (docs/decisions/0050, 0052): one function and one pair of schemas
// for the login page's form (app/network-console/routes/login.tsx) and POST /api/network/login.php.
// A right password mails a code (or asks for the authenticator's); the code opens a session.
import { z } from 'zod';
import { serverMessage } from '../i18n/messages';
import type { ConsoleContext } from './console-context';
import { enqueueNetworkCode } from './mail';
import { networkLogin, networkSessionCookie, type NetworkActor } from './staff';

const Code = z.string().trim().regex(/^\d{6}$/);
/** The first step (the API may send the code with it): e-mail address and password. */
export const LoginSchema = z.object({
  email: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(200),
  code: Code.optional().or(z.literal('').transform(() => undefined)),
});
/** The page's second step: the pending login's token instead of the password, and the code. */
export const LoginTokenSchema = z.object({ token: z.string().min(20).max(100), code: Code, step: z.enum(['code', 'totp']).optional() });

export type SignIn =
  | { ok: true; step: 'code' | 'totp'; token: string }
  | { ok: true; step: 'done'; cookie: string; actor: NetworkActor }
  | { ok: false; status: 401 | 429; error: 'invalid' | 'invalid_code' | 'locked' | 'too_many_requests'; message: string; retryAfter?: number; again: 'password' | 'code' };

/** Either step: mails the code of a right password, or opens the session of a right code. */
export async function signIn(network: ConsoleContext, input: z.infer<typeof LoginSchema> | z.infer<typeof LoginTokenSchema>): Promise<SignIn> {
  const { db, locale } = network;
  const credentials = 'token' in input ? { token: input.token, code: input.code } : input;
  const result = await networkLogin(db, credentials, network.client, network.limits);
  if (!result.ok && result.error === 'too_many') {
    const message = result.throttled ? serverMessage(locale, 'login.error.throttled', { seconds: result.seconds }) : serverMessage(locale, 'api.error.tooMany', { minutes: Math.ceil(result.seconds / 60) });
    return { ok: false, status: 429, error: 'too_many_requests', message, retryAfter: result.seconds, again: 'password' };
  }
  if (!result.ok) {
    const message = serverMessage(locale, result.error === 'invalid' ? 'network.error.invalid' : result.error === 'locked' ? 'network.error.locked' : 'network.error.invalidCode');
    return { ok: false, status: result.error === 'locked' ? 429 : 401, error: result.error, message, again: 'token' in input && result.error === 'invalid_code' ? 'code' : 'password' };
  }
  if (result.step === 'code' || result.step === 'totp') {
    if (result.step === 'code') {
      await enqueueNetworkCode(db, { ...result.mail, locale, from: network.from });
      network.pokeMail();
    }
    return { ok: true, step: result.step, token: result.token };
  }
  return { ok: true, step: 'done', cookie: networkSessionCookie(result.token, network.secure), actor: result.actor };
}
