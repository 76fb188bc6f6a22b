// POST /security/totp/confirm (docs/network-console.md): the first code of the authenticator app
// switches it on; 303 back to /security with ?done=totp_enabled or ?error=invalid_code / no_pending.
import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { signedIn } from '~/.server/network/console-route';
import { formFields } from '~/.server/network/staff-actions';
import { confirmTotp, TotpCodeSchema } from '~/.server/network/totp';

export async function action({ request, context }: ActionFunctionArgs) {
  const network = signedIn(context);
  const code = TotpCodeSchema.safeParse((await formFields(request)).fields ?? {});
  const result = await confirmTotp(network.db, network.actor, code.success ? code.data.code : '', network.client);
  return redirect(result.ok ? '/security?done=totp_enabled' : `/security?error=${result.error}`, 303);
}

export const loader = () => redirect('/security', 303);

/** A page route (its component never shows: the post always answers 303), so an error renders the console's error page. */
export default function TotpStep() {
  return null;
}
