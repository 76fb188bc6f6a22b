// POST /staff/invite (docs/network-console.md, docs/decisions/0051): a network admin invites a
// colleague; the invitee gets a mail with a set-password link on the console's own origin
// (network.adminOrigin, never the request's Host). 303 back to /staff with ?done=invited or
// ?error=<why>; a field the edge rule refuses (a control character) answers the staff page with 400
// naming it; an analyst 403; no session 303 to /login. A GET shows the staff page (its loader also
// feeds the page that answers a refused field: Remix runs it after the action).
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { serverMessage } from '~/.server/i18n/messages';
import { signedIn, signedInWith } from '~/.server/network/console-route';
import { enqueueNetworkInvite } from '~/.server/network/mail';
import { formFields, staffAnswer } from '~/.server/network/staff-actions';
import { InviteSchema, inviteStaff } from '~/.server/network/staff-admin';
import { staffPageData } from '~/.server/network/staff-page-data';
import { StaffPage } from '~/components/network/staff-table';

export async function loader({ context }: LoaderFunctionArgs) {
  return staffPageData(signedIn(context));
}

export async function action({ request, context }: ActionFunctionArgs) {
  const network = signedInWith(context, 'staff');
  const { fields, refused } = await formFields(request);
  if (!fields && refused.length) {
    const text = serverMessage(network.locale, 'validation.controlCharacters');
    return data({ refused: Object.fromEntries(refused.map((field) => [field, text])) }, { status: 400 });
  }
  const input = InviteSchema.safeParse(fields ?? {});
  if (!input.success) throw redirect('/staff?error=invalid', 303);
  const result = await inviteStaff(network.db, network.actor, input.data, network.client);
  if (result.ok) {
    const url = `${network.adminOrigin}/set-password?token=${encodeURIComponent(result.value.token)}`;
    await enqueueNetworkInvite(network.db, { to: input.data.email, name: input.data.name, inviter: network.actor.name, url, locale: network.locale, from: network.from });
    network.pokeMail();
  }
  throw staffAnswer(network, result, 'invited');
}

export default function StaffInvite() {
  const { staff, actorId } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return <StaffPage staff={staff} actorId={actorId} refused={answer?.refused} />;
}
