// POST /security/totp/start (docs/network-console.md): a new pending authenticator secret for the
// signed-in staff member, then 303 back to /security, which shows it. A GET changes nothing.
import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { signedIn } from '~/.server/network/console-route';
import { startTotp } from '~/.server/network/totp';

export async function action({ context }: ActionFunctionArgs) {
  const network = signedIn(context);
  await startTotp(network.db, network.actor, network.client);
  return redirect('/security', 303);
}

export const loader = () => redirect('/security', 303);

/** A page route (its component never shows: the post always answers 303), so an error renders the console's error page. */
export default function TotpStep() {
  return null;
}
