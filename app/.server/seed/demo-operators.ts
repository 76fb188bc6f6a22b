// The operator console's demo (README "Demo accounts"): one demo operator per tenant
// (operator@<tenant>.example, the demo password, the tenant's language), and conversations in which
// the tenant's demo members wrote to fictional profiles and wait for an answer — one of them with an
// earlier answer, so the console shows a history and the statistics a first answer time. Called from
// seedDemoAccounts; idempotent (nothing is added for a tenant whose demo operator exists).
import type { Kysely } from 'kysely';
import { isLocale, type Locale } from '~/shared/locales';
import { now, today } from '../clock';
import type { DB, OperatorRole } from '../db/schema';
import { hashPassword } from '../accounts/passwords';
import { fitsMember } from '../likes/fit';
import { tenantPool } from '../profiles/pool';
import type { Tenant } from '../tenants/schema';
import texts from './demo-operator-texts.json';

const MINUTE = 60_000;

export function demoOperatorEmail(tenant: Tenant): string {
  return `operator@${tenant.id}.example`;
}

/**
 * The demo's staff besides the answering operator (README "Demo accounts", docs/decisions/0029):
 * one operator per role, and an admin — the site owner — who holds every role.
 */
export const DEMO_STAFF: { local: string; name: string; roles: OperatorRole[] }[] = [
  { local: 'moderator', name: 'Demo Moderator', roles: ['moderation'] },
  { local: 'marketer', name: 'Demo Marketer', roles: ['marketing'] },
  { local: 'admin', name: 'Demo Admin', roles: ['answering', 'moderation', 'marketing', 'admin'] },
];

async function seedDemoStaff(db: Kysely<DB>, tenant: Tenant, locale: Locale, passwordHash: () => Promise<string>): Promise<void> {
  for (const staff of DEMO_STAFF) {
    const email = `${staff.local}@${tenant.id}.example`;
    if (await db.selectFrom('operators').select('id').where('email', '=', email).executeTakeFirst()) continue;
    const row = await db.insertInto('operators').values({ email, name: staff.name, password_hash: await passwordHash(), language: locale, created_at: now() }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('operator_tenants').values({ operator_id: row.id, tenant_id: tenant.id, roles: staff.roles }).execute();
  }
}

/** Creates the tenant's demo operators and demo conversations; returns false when they were there already. */
export async function seedDemoOperator(db: Kysely<DB>, tenant: Tenant, password: string): Promise<boolean> {
  const email = demoOperatorEmail(tenant);
  const language = tenant.settings.domain_language.slice(0, 2);
  const locale: Locale = isLocale(language) ? language : 'en';
  let hash: string | undefined;
  const passwordHash = async () => (hash ??= await hashPassword(password));
  await seedDemoStaff(db, tenant, locale, passwordHash);
  const existing = await db.selectFrom('operators').select('id').where('email', '=', email).executeTakeFirst();
  if (existing) return false;
  const operator = await db
    .insertInto('operators')
    .values({ email, name: 'Demo Operator', password_hash: await passwordHash(), language: locale, created_at: now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('operator_tenants').values({ operator_id: operator.id, tenant_id: tenant.id, roles: ['answering'] }).execute();

  const members = await db
    .selectFrom('users')
    .innerJoin('profiles', 'profiles.id', 'users.profile_id')
    .select(['users.email', 'profiles.id', 'profiles.gender', 'profiles.sexuality'])
    .where('users.tenant_id', '=', tenant.id)
    .where('users.email', 'in', [`member@${tenant.id}.example`, `premium@${tenant.id}.example`])
    .orderBy('users.email')
    .execute();
  const said = texts[locale];
  const at = now().getTime();
  for (const member of members) {
    const pool = await db
      .selectFrom('profiles')
      .select(['profiles.id', 'profiles.name'])
      .where((eb) => tenantPool(eb, tenant, today()))
      .where('profiles.fictional', '=', true)
      .where('profiles.main_photo_id', 'is not', null)
      .where((eb) => fitsMember(eb, member))
      // Not the profiles of the demo likes (the newest): conversations start with someone else.
      .orderBy('profiles.id', 'asc')
      .limit(member.email.startsWith('member@') ? 2 : 1)
      .execute();
    const [first, second] = pool;
    // The answered conversation gets the question its answer is written for (said.first[0]); the
    // waiting one the other (issue 34 item 24).
    if (first) {
      await insertMemberMessage(db, { tenantId: tenant.id, memberProfileId: member.id, fictionalProfileId: first.id, text: said.first[1]!.replace('{name}', first.name), at: new Date(at - (member.email.startsWith('member@') ? 125 : 50) * MINUTE) });
    }
    if (second) {
      const opened = new Date(at - 3 * 24 * 60 * MINUTE);
      const { conversationId } = await insertMemberMessage(db, { tenantId: tenant.id, memberProfileId: member.id, fictionalProfileId: second.id, text: said.first[0]!.replace('{name}', second.name), at: opened });
      await insertDemoAnswer(db, { tenantId: tenant.id, operatorId: operator.id, conversationId, memberProfileId: member.id, fictionalProfileId: second.id, text: said.answer, at: new Date(opened.getTime() + 18 * MINUTE) });
      await insertMemberMessage(db, { tenantId: tenant.id, memberProfileId: member.id, fictionalProfileId: second.id, text: said.again, at: new Date(at - 25 * MINUTE) });
    }
  }
  return true;
}

/**
 * A member's text to a fictional profile, as the chat stores it: the conversation of the pair (made
 * on the first message), both sides, the message, the queue mark (kept from the first unanswered
 * message) and the fictional side's unread count. Used by the demo seed and the tests.
 */
export async function insertMemberMessage(
  db: Kysely<DB>,
  input: { tenantId: string; memberProfileId: number; fictionalProfileId: number; text: string; at: Date },
): Promise<{ conversationId: number; messageId: number }> {
  const low = Math.min(input.memberProfileId, input.fictionalProfileId);
  const high = Math.max(input.memberProfileId, input.fictionalProfileId);
  return db.transaction().execute(async (trx) => {
    const conversation =
      (await trx.selectFrom('conversations').select('id').where('profile_low', '=', low).where('profile_high', '=', high).forUpdate().executeTakeFirst()) ??
      (await trx
        .insertInto('conversations')
        .values({ tenant_id: input.tenantId, profile_low: low, profile_high: high, started_by_profile_id: input.memberProfileId, fictional: true, last_message_at: input.at, created_at: input.at })
        .returning('id')
        .executeTakeFirstOrThrow());
    await trx
      .insertInto('conversation_sides')
      .values([
        { conversation_id: conversation.id, profile_id: input.memberProfileId, other_profile_id: input.fictionalProfileId },
        { conversation_id: conversation.id, profile_id: input.fictionalProfileId, other_profile_id: input.memberProfileId },
      ])
      .onConflict((oc) => oc.doNothing())
      .execute();
    const message = await trx
      .insertInto('messages')
      .values({ conversation_id: conversation.id, sender_profile_id: input.memberProfileId, kind: 'text', body: input.text, created_at: input.at })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('conversations')
      .set((eb) => ({ last_message_id: message.id, last_message_at: input.at, awaiting_reply_since: eb.fn.coalesce('awaiting_reply_since', eb.val(input.at)) }))
      .where('id', '=', conversation.id)
      .execute();
    await trx
      .updateTable('conversation_sides')
      .set((eb) => ({ unread: eb('unread', '+', 1) }))
      .where('conversation_id', '=', conversation.id)
      .where('profile_id', '=', input.fictionalProfileId)
      .execute();
    return { conversationId: conversation.id, messageId: message.id };
  });
}

/** An earlier answer of the demo operator, with its audit row, as if given at `at` (the member read it). */
async function insertDemoAnswer(
  db: Kysely<DB>,
  input: { tenantId: string; operatorId: number; conversationId: number; memberProfileId: number; fictionalProfileId: number; text: string; at: Date },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const conversation = await trx.selectFrom('conversations').select(['awaiting_reply_since', 'last_message_id']).where('id', '=', input.conversationId).executeTakeFirstOrThrow();
    const message = await trx
      .insertInto('messages')
      .values({ conversation_id: input.conversationId, sender_profile_id: input.fictionalProfileId, kind: 'text', body: input.text, from_fictional: true, credits: 0, created_at: input.at })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.updateTable('conversations').set({ last_message_id: message.id, last_message_at: input.at, awaiting_reply_since: null }).where('id', '=', input.conversationId).execute();
    await trx.updateTable('conversation_sides').set({ unread: 0, last_read_message_id: conversation.last_message_id }).where('conversation_id', '=', input.conversationId).where('profile_id', '=', input.fictionalProfileId).execute();
    await trx.updateTable('conversation_sides').set({ last_read_message_id: message.id }).where('conversation_id', '=', input.conversationId).where('profile_id', '=', input.memberProfileId).execute();
    const waited = conversation.awaiting_reply_since ? Math.round((input.at.getTime() - conversation.awaiting_reply_since.getTime()) / 1000) : null;
    await trx
      .insertInto('operator_audit')
      .values({ operator_id: input.operatorId, tenant_id: input.tenantId, conversation_id: input.conversationId, action: 'reply', message_id: message.id, wait_seconds: waited, detail: JSON.stringify({ kind: 'text' }) as never, created_at: input.at })
      .execute();
  });
}
