// `?lang=xx` on a lander or member landing URL (docs/decisions/0028): the page is shown in that
// language of the tenant, and the visitor keeps it (the locale cookie, as /lang-config sets it), so a
// marketer can buy traffic per language on a site with several. An operator's preview (the
// marketer's gallery) is shown in the language asked for but changes no cookie of theirs.
import type { RequestHandler } from 'express';
import { isLocale } from '~/shared/locales';
import { isLandingPath } from '../landers/resolve';
import { OPERATOR_SESSION_COOKIE } from '../operators/sessions';
import { languageCookie } from '../i18n/language-choice';
import { LOCALE_COOKIE, readCookie } from '../i18n/negotiate';
import { requestLocals } from './locals';

export function landerLanguage(options: { secure: (req: Parameters<RequestHandler>[0]) => boolean }): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const lang = typeof req.query.lang === 'string' ? req.query.lang.toLowerCase() : null;
    const tenant = requestLocals(res).tenant;
    if (!lang || !tenant || !isLocale(lang) || !tenant.locales.includes(lang) || !isLandingPath(req.path.replace(/\.data$/, ''))) return next();
    const cookies = (req.headers.cookie ?? '').split(';').map((part) => part.trim()).filter((part) => part && !part.startsWith(`${LOCALE_COOKIE}=`));
    // Everything after this reads the language from the request's cookies: this request now asks for `lang`.
    req.headers.cookie = [...cookies, `${LOCALE_COOKIE}=${lang}`].join('; ');
    if (readCookie(req.headers.cookie, OPERATOR_SESSION_COOKIE) === null) res.append('Set-Cookie', languageCookie(lang, options.secure(req)));
    next();
  };
}
