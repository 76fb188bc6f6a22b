// The operator queue (/operator, docs/decisions/0021): conversations of the operator's tenants in
// which a member wrote to a fictional profile and waits for an answer, oldest first, with the waiting
// time, who holds a claim and whether the conversation is flagged; filtered by tenant and profile.
// Members' e-mail addresses and payment data are never selected.
import { sql, type Kysely } from 'kysely';
import { now, today } from '../clock';
import type { DB } from '../db/schema';
import type { QueueItem } from '~/shared/operator-types';

export type { QueueItem };
import { ageOn } from '../profiles/age';
import type { OperatorActor } from './operator';
import { tenantsWithRole } from './roles';

export const QUEUE_LIMIT = 200;


export interface QueueFilter {
  tenant?: string;
  profile?: number;
}

export interface Queue {
  items: QueueItem[];
  /** Waiting conversations per tenant of the operator (for the tenant filter), whatever the filter. */
  tenants: { id: string; waiting: number }[];
  /** The fictional profiles with waiting members (for the profile filter). */
  profiles: { id: number; name: string; waiting: number }[];
  total: number;
}

export async function operatorQueue(db: Kysely<DB>, operator: OperatorActor, filter: QueueFilter, cdnPrefix: (tenantId: string) => string): Promise<Queue> {
  const answering = tenantsWithRole(operator, 'answering');
  const scope = filter.tenant && answering.includes(filter.tenant) ? [filter.tenant] : answering;
  if (!scope.length) return { items: [], tenants: [], profiles: [], total: 0 };
  const at = now();
  const day = today();

  const base = db
    .selectFrom('conversations as c')
    .innerJoin('profiles as f', (join) =>
      join.on((eb) => eb.and([eb.or([eb('f.id', '=', eb.ref('c.profile_low')), eb('f.id', '=', eb.ref('c.profile_high'))]), eb('f.fictional', '=', true)])),
    )
    .innerJoin('profiles as m', (join) =>
      join.on((eb) => eb.and([eb.or([eb('m.id', '=', eb.ref('c.profile_low')), eb('m.id', '=', eb.ref('c.profile_high'))]), eb('m.fictional', '=', false)])),
    )
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .where('c.fictional', '=', true)
    .where('c.awaiting_reply_since', 'is not', null)
    .where('u.status', 'in', ['not_confirmed', 'confirmed']);

  const [rows, perTenant, perProfile] = await Promise.all([
    base
      .leftJoin('photos as mp', 'mp.id', 'm.main_photo_id')
      .leftJoin('photos as fp', 'fp.id', 'f.main_photo_id')
      .leftJoin('messages as last', 'last.id', 'c.last_message_id')
      .leftJoin('conversation_claims as cl', (join) => join.onRef('cl.conversation_id', '=', 'c.id').on('cl.expires_at', '>', at))
      .leftJoin('operators as o', 'o.id', 'cl.operator_id')
      .select([
        'c.id',
        'c.tenant_id',
        'c.awaiting_reply_since',
        'm.id as member_id',
        'm.name as member_name',
        'm.birth_date as member_birth',
        'm.city as member_city',
        'm.country as member_country',
        'mp.thumb_filename as member_thumb',
        'u.status as member_status',
        'f.id as profile_id',
        'f.name as profile_name',
        'f.birth_date as profile_birth',
        'fp.thumb_filename as profile_thumb',
        'last.kind as last_kind',
        'last.body as last_body',
        'cl.operator_id as claim_operator',
        'cl.expires_at as claim_until',
        'o.name as claim_name',
        (eb) =>
          eb
            .exists(eb.selectFrom('conversation_flags as fl').select('fl.id').whereRef('fl.conversation_id', '=', 'c.id').where('fl.resolved_at', 'is', null))
            .as('flagged'),
      ])
      .where('c.tenant_id', 'in', scope)
      .$if(filter.profile !== undefined, (qb) => qb.where('f.id', '=', filter.profile!))
      .orderBy('c.awaiting_reply_since', 'asc')
      .orderBy('c.id', 'asc')
      .limit(QUEUE_LIMIT)
      .execute(),
    base
      .select(['c.tenant_id', (eb) => eb.fn.countAll<number>().as('waiting')])
      .where('c.tenant_id', 'in', answering)
      .groupBy('c.tenant_id')
      .execute(),
    base
      .select(['f.id', 'f.name', (eb) => eb.fn.countAll<number>().as('waiting')])
      .where('c.tenant_id', 'in', scope)
      .groupBy(['f.id', 'f.name'])
      .orderBy(sql`count(*)`, 'desc')
      .orderBy('f.name')
      .limit(100)
      .execute(),
  ]);

  const items: QueueItem[] = rows.map((r) => {
    const prefix = cdnPrefix(r.tenant_id);
    return {
      conversation: r.id,
      tenantId: r.tenant_id,
      waitingSince: r.awaiting_reply_since!.toISOString(),
      member: {
        id: r.member_id,
        name: r.member_name,
        age: ageOn(r.member_birth, day),
        city: r.member_city,
        country: r.member_country,
        thumb: r.member_thumb ? prefix + r.member_thumb : null,
        unconfirmed: r.member_status === 'not_confirmed',
      },
      profile: { id: r.profile_id, name: r.profile_name, age: ageOn(r.profile_birth, day), thumb: r.profile_thumb ? prefix + r.profile_thumb : null },
      lastMessage: r.last_kind ? { kind: r.last_kind, text: r.last_body ? excerpt(r.last_body) : null } : null,
      claim: r.claim_operator !== null && r.claim_until ? { operator: r.claim_name ?? '', until: r.claim_until.toISOString(), mine: r.claim_operator === operator.id } : null,
      flagged: Boolean(r.flagged),
    };
  });
  const tenants = answering.map((id) => ({ id, waiting: Number(perTenant.find((t) => t.tenant_id === id)?.waiting ?? 0) }));
  const total = tenants.filter((t) => scope.includes(t.id)).reduce((sum, t) => sum + t.waiting, 0);
  return { items, tenants, profiles: perProfile.map((p) => ({ id: p.id, name: p.name, waiting: Number(p.waiting) })), total };
}

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 140 ? `${flat.slice(0, 139)}…` : flat;
}
