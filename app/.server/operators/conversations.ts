// One conversation with a fictional profile as an operator may reach it: in one of the operator's
// tenants, with its two sides told apart (the fictional profile the operator writes as, and the
// member). Anything else — another tenant's conversation, two members' private chat — is not found.
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema';
import type { OperatorActor } from './operator';
import { tenantsWithRole } from './roles';

export interface OperatorConversation {
  id: number;
  tenantId: string;
  fictionalProfileId: number;
  memberProfileId: number;
  memberUserId: number;
  awaitingReplySince: Date | null;
  lastMessageId: number | null;
}

export async function operatorConversation(
  db: Kysely<DB> | Transaction<DB>,
  operator: OperatorActor,
  conversationId: number,
  options: { forUpdate?: boolean } = {},
): Promise<OperatorConversation | null> {
  // Fictional conversations are the answerers' work: other roles do not reach them here.
  const scope = tenantsWithRole(operator, 'answering');
  if (!scope.length || !Number.isInteger(conversationId) || conversationId < 1) return null;
  let query = db
    .selectFrom('conversations')
    .innerJoin('profiles as low', 'low.id', 'conversations.profile_low')
    .innerJoin('profiles as high', 'high.id', 'conversations.profile_high')
    .select([
      'conversations.id',
      'conversations.tenant_id',
      'conversations.awaiting_reply_since',
      'conversations.last_message_id',
      'low.id as low_id',
      'low.fictional as low_fictional',
      'low.user_id as low_user',
      'high.id as high_id',
      'high.user_id as high_user',
    ])
    .where('conversations.id', '=', conversationId)
    .where('conversations.tenant_id', 'in', scope)
    .where('conversations.fictional', '=', true);
  if (options.forUpdate) query = query.forUpdate('conversations');
  const row = await query.executeTakeFirst();
  if (!row) return null;
  const fictionalLow = row.low_fictional;
  const memberUserId = fictionalLow ? row.high_user : row.low_user;
  if (memberUserId === null) return null;
  return {
    id: row.id,
    tenantId: row.tenant_id,
    fictionalProfileId: fictionalLow ? row.low_id : row.high_id,
    memberProfileId: fictionalLow ? row.high_id : row.low_id,
    memberUserId,
    awaitingReplySince: row.awaiting_reply_since,
    lastMessageId: row.last_message_id,
  };
}
