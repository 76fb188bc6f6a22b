// What every network console route starts with (docs/decisions/0072): the signed-in staff member, or
// the way to the login; and the one refusal a page and an API call give someone their role does not
// allow. The rules themselves (who may do what) stay in the domain functions (staff.ts networkCan).
import { data, redirect, type AppLoadContext } from '@remix-run/node';
import { apiJson } from '../contract/api';
import { serverMessage } from '../i18n/messages';
import type { Locale } from '~/shared/locales';
import { consoleOf, type ConsoleContext } from './console-context';
import { networkCan, type NetworkActor, type NetworkPermission } from './staff';

/** A page's loader or action: the console's context with its staff member; anyone else goes to /login (303). */
export function signedIn(context: AppLoadContext): ConsoleContext & { actor: NetworkActor } {
  const network = consoleOf(context);
  if (!network.actor) throw redirect('/login', 303);
  return network as ConsoleContext & { actor: NetworkActor };
}

/** A page or form of one permission (staff.ts networkCan): its staff member, who must hold it; anyone else 403. */
export function signedInWith(context: AppLoadContext, permission: NetworkPermission): ConsoleContext & { actor: NetworkActor } {
  const network = signedIn(context);
  if (!networkCan(network.actor, permission)) pageRefused(network.locale);
  return network;
}

/** A page the staff member's role may not open: 403, the root's error page saying who may. */
export function pageRefused(locale: Locale): never {
  throw data(serverMessage(locale, 'network.forbidden.text'), { status: 403 });
}

/** An API call without a session or with a role that may not: 403 forbidden (docs/api.md "Network console"). */
export function apiRefused(locale: Locale): Response {
  return apiJson({ error: 'forbidden', message: serverMessage(locale, 'network.error.forbidden') }, { status: 403 });
}
