// What the staff page shows (docs/network-console.md): the staff list for a network admin, the 403
// page for anyone else. Read by /staff and by POST /staff/invite when it answers the page itself.
import { pageRefused } from './console-route';
import type { ConsoleContext } from './console-context';
import { listStaff } from './staff-admin';
import type { NetworkActor } from './staff';

export async function staffPageData(network: ConsoleContext & { actor: NetworkActor }) {
  const result = await listStaff(network.db, network.actor);
  if (!result.ok) pageRefused(network.locale);
  return {
    actorId: network.actor.id,
    staff: result.value.map(({ id, email, name, role, status, invited, totp, last_login_at }) => ({ id, email, name, role, status, invited, totp, last_login_at })),
  };
}
