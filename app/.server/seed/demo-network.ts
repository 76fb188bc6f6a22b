// The network console's demo staff (README "Demo accounts", docs/decisions/0050): a network admin
// and a network analyst with the demo password. Demo and development only, as every demo account.
import type { Kysely } from 'kysely';
import type { DB, NetworkRole } from '../db/schema';
import { createNetworkStaff } from '../network/staff';

export const DEMO_NETWORK_STAFF: { email: string; name: string; role: NetworkRole }[] = [
  { email: 'network@rendezvous.example', name: 'Network Admin', role: 'network_admin' },
  { email: 'analyst@rendezvous.example', name: 'Network Analyst', role: 'network_analyst' },
];

/** Creates the demo network staff that do not exist yet; returns how many were created. */
export async function seedDemoNetworkStaff(db: Kysely<DB>, password: string): Promise<number> {
  let created = 0;
  for (const staff of DEMO_NETWORK_STAFF) {
    const existing = await db.selectFrom('network_staff').select('id').where('email', '=', staff.email).executeTakeFirst();
    if (existing) continue;
    await createNetworkStaff(db, { ...staff, password });
    created++;
  }
  return created;
}
