// /staff (docs/network-console.md, docs/decisions/0051): network admins manage the console's staff —
// invite, change roles, disable and enable, remove an authenticator app. An analyst gets 403, no
// session 303 to /login. The form posts are their own routes (staff_.invite.tsx, staff_.$id.*.tsx).
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { signedIn } from '~/.server/network/console-route';
import { staffPageData } from '~/.server/network/staff-page-data';
import { StaffPage } from '~/components/network/staff-table';

export async function loader({ context }: LoaderFunctionArgs) {
  return staffPageData(signedIn(context));
}

export default function Staff() {
  const { staff, actorId } = useLoaderData<typeof loader>();
  return <StaffPage staff={staff} actorId={actorId} />;
}
