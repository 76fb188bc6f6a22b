// Loader and action of the signup pages (/signup and /members/{id}/signup). The traffic source is the
// visitor's attributed visit (docs/decisions/0027): on the very first view of
// /signup?network=…&ref=… the visit recorder has just recorded it (context.clickId), so signups
// with_trafficsource are open at once (docs/product.md §6).
import type { AppLoadContext } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import { firstStepWithError } from '~/shared/signup-rules';
import { translateFields } from '../accounts/field-errors';
import { createSession, sessionCookie } from '../accounts/sessions';
import { signUp, SignupSchema } from '../accounts/signup';
import { signupFormData } from '../accounts/signup-form-data';
import { formAction } from '../contract/form-action';
import { serverMessage } from '../i18n/messages';
import { landingProfileVisible } from '../landers/landing-profile';
import { deliverSignupMessage } from '../landers/signup-message';
import { visitorAttribution } from '../tracking/attribution';

export function signupPageData(context: AppLoadContext) {
  return signupFormData(context);
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

const valuesOf = (raw: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(raw).filter(([key, value]) => key !== 'password' && typeof value === 'string')) as Record<string, string>;

/**
 * The signup form's action: SignupSchema first (formAction), then the signup; a success logs in and
 * goes on to `next` (the completion step). The address's signup limit counts only accounts created
 * (docs/decisions/0012), so a visitor who mistypes is never locked out. With `inProfileContext`
 * (/members/{id}/signup) the signup message becomes the first message to that profile and the new
 * member lands in its chat.
 */
export function signupPageAction(next = '/signup-matches', options: { inProfileContext?: boolean } = {}) {
  return formAction({
    body: SignupSchema,
    failure: ({ message, fields, raw }): SignupActionResult => ({
      fields,
      step: firstStepWithError(fields) ?? 4,
      values: valuesOf(raw),
      message: Object.keys(fields).length ? null : message,
      login: false,
      pendingDeletion: false,
    }),
    async handle({ context, body, params }): Promise<SignupActionResult | Response | ReturnType<typeof data<SignupActionResult>>> {
      const { db, tenant, locale } = context;
      const address = context.visitor.ip ?? 'unknown';
      const values = valuesOf(body);
      const wait = await context.limits.blocked('signup', tenant.id, address);
      if (wait) {
        return { fields: {}, step: 3, values, message: serverMessage(locale, 'api.error.tooMany', { minutes: Math.ceil(wait / 60) }), login: false, pendingDeletion: false };
      }
      const attribution = await visitorAttribution(context);
      const result = await signUp(db, tenant, { ip: context.visitor.ip, origin: context.origin, locale, attribution }, body, context.events);
      if (result.ok) {
        await context.limits.record('signup', tenant.id, address);
        context.mail.poke();
        const token = await createSession(db, tenant, result.user.id, { ip: context.visitor.ip, userAgent: context.userAgent });
        let to = next;
        const profileId = Number(params.id);
        if (options.inProfileContext && Number.isInteger(profileId) && profileId > 0) {
          await deliverSignupMessage(db, tenant, { user: result.user }, { profileId, text: body.signup_message });
          if (await landingProfileVisible(db, tenant, profileId)) to = `/members/${profileId}/chat`;
        }
        return redirect(to, { headers: { 'Set-Cookie': sessionCookie(token, context.secure) } });
      }
      if (result.error === 'validation') {
        // A refused field is a bad request, as on POST /api/signup.php.
        return data<SignupActionResult>(
          { fields: translateFields(locale, result.fields), step: firstStepWithError(result.fields) ?? 4, values, message: null, login: false, pendingDeletion: false },
          { status: 400 },
        );
      }
      const message =
        result.error === 'signups_closed'
          ? serverMessage(locale, 'signup.closed')
          : result.error === 'email_exists'
            ? serverMessage(locale, 'signup.error.emailExists')
            : serverMessage(locale, 'signup.error.pendingDeletion');
      return { fields: {}, step: 3, values, message, login: result.error === 'email_exists', pendingDeletion: result.error === 'pending_deletion' };
    },
  });
}
