// Loader and action of the signup pages (/signup and /members/{id}/signup). The traffic source is
// read from the page's own query first: on the very first view of /signup?network=…&ref=… the
// tracking cookie is only being set by this response, so the cookie alone would still say
// "invite only" (SPEC §6: signups with_trafficsource).
import type { AppLoadContext } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { firstStepWithError } from '~/shared/signup-rules';
import { translateFields } from '../accounts/field-errors';
import { createSession, sessionCookie } from '../accounts/sessions';
import { signUp, signupsOpen } from '../accounts/signup';
import { signupFormData } from '../accounts/signup-form-data';
import type { Tracking } from '../db/schema';
import { readBody } from '../http/api';
import { serverMessage } from '../i18n/messages';
import { trackingFromCookie, trackingFromQuery } from '../tracking';

/** The visitor's traffic source: this request's query, else the remembered cookie. */
export function trackingOf(request: Request): Tracking | null {
  return trackingFromQuery(new URL(request.url).searchParams) ?? trackingFromCookie(request.headers.get('Cookie'));
}

export function signupPageData(request: Request, context: AppLoadContext) {
  const data = signupFormData(context, request.headers.get('Cookie'));
  return { ...data, open: signupsOpen(context.tenant, trackingOf(request)) };
}

export interface SignupActionResult {
  fields: Record<string, string>;
  step: number;
  values: Record<string, string>;
  message: string | null;
  /** The address already has an account: offer to log in with it. */
  login: boolean;
  /** The account is pending deletion: point to customer service. */
  pendingDeletion: boolean;
}

/** Signs up from the form; a success logs in and goes on to `next` (the completion step). */
export async function signupPageAction(request: Request, context: AppLoadContext, next = '/signup-matches'): Promise<SignupActionResult | Response> {
  const { db, tenant, locale } = context;
  const body = await readBody(request);
  const wait = await context.limits.consume('signup', tenant.id, context.visitor.ip ?? 'unknown');
  const values = Object.fromEntries(Object.entries(body).filter(([key, value]) => key !== 'password' && typeof value === 'string')) as Record<string, string>;
  if (wait) {
    return { fields: {}, step: 3, values, message: serverMessage(locale, 'api.error.tooMany', { minutes: Math.ceil(wait / 60) }), login: false, pendingDeletion: false };
  }
  body.tracking = trackingOf(request) ?? undefined;
  const result = await signUp(db, tenant, { ip: context.visitor.ip, origin: context.origin, locale }, body);
  if (result.ok) {
    context.mail.poke();
    const token = await createSession(db, tenant, result.user.id, { ip: context.visitor.ip, userAgent: context.userAgent });
    return redirect(next, { headers: { 'Set-Cookie': sessionCookie(token, context.secure) } });
  }
  if (result.error === 'validation') {
    return { fields: translateFields(locale, result.fields), step: firstStepWithError(result.fields) ?? 4, values, message: null, login: false, pendingDeletion: false };
  }
  const message =
    result.error === 'signups_closed'
      ? serverMessage(locale, 'signup.closed')
      : result.error === 'email_exists'
        ? serverMessage(locale, 'signup.error.emailExists')
        : serverMessage(locale, 'signup.error.pendingDeletion');
  return { fields: {}, step: 3, values, message, login: result.error === 'email_exists', pendingDeletion: result.error === 'pending_deletion' };
}
