// Everything an operator needs to answer one conversation (docs/decisions/0021): the member's
// profile card — never their e-mail address, credits or payments —, the whole conversation, the
// fictional profile's facts, photos and interests (the persona to keep), shared notes, open flags,
// the claim and the conversation's audit trail.
import type { Kysely } from 'kysely';
import type { GiftView } from '~/shared/chat-types';
import { today } from '../clock';
import type { DB } from '../db/schema';
import type { PersonCard, WorkspaceMessage } from '~/shared/operator-types';

export type { PersonCard, WorkspaceMessage };
import { regionName } from '../geo/regions';
import { ageOn } from '../profiles/age';
import { conversationAudit, type AuditRow } from './audit';
import { currentClaim, type ClaimView } from './claims';
import { operatorConversation } from './conversations';
import { openFlags, type FlagView } from './flags';
import { conversationNotes, type NoteView } from './notes';
import type { OperatorActor } from './operator';

/** The newest messages shown; older ones are rare in a conversation an operator answers. */
export const WORKSPACE_MESSAGES = 300;



export interface Workspace {
  conversation: { id: number; tenantId: string; waitingSince: string | null; startedAt: string };
  member: PersonCard & { language: string; memberSince: string; unconfirmed: boolean };
  profile: PersonCard;
  messages: WorkspaceMessage[];
  notes: NoteView[];
  flags: FlagView[];
  claim: ClaimView | null;
  audit: AuditRow[];
}

export async function operatorWorkspace(
  db: Kysely<DB>,
  operator: OperatorActor,
  conversationId: number,
  options: { cdnPrefix: string; gifts: ((id: string) => GiftView | null) | null; photosOfMember: boolean },
): Promise<Workspace | null> {
  const conversation = await operatorConversation(db, operator, conversationId);
  if (!conversation) return null;
  const [started, member, profile, user, messages, notes, flags, claim, audit] = await Promise.all([
    db.selectFrom('conversations').select('created_at').where('id', '=', conversation.id).executeTakeFirstOrThrow(),
    personCard(db, conversation.memberProfileId, options.cdnPrefix, options.photosOfMember),
    personCard(db, conversation.fictionalProfileId, options.cdnPrefix, true),
    // The member's language (answer in it) and whether the address is confirmed — not the address.
    db.selectFrom('users').select(['language', 'signup_date', 'status']).where('id', '=', conversation.memberUserId).executeTakeFirstOrThrow(),
    db
      .selectFrom('messages')
      .select(['id', 'sender_profile_id', 'kind', 'body', 'gift_id', 'photo_filename', 'photo_thumb_filename', 'created_at'])
      .where('conversation_id', '=', conversation.id)
      .orderBy('id', 'desc')
      .limit(WORKSPACE_MESSAGES)
      .execute(),
    conversationNotes(db, conversation.id),
    openFlags(db, conversation.id),
    currentClaim(db, operator, conversation.id),
    conversationAudit(db, operator, conversation.id, 30),
  ]);
  if (!member || !profile) return null;
  const prefix = options.cdnPrefix;
  return {
    conversation: {
      id: conversation.id,
      tenantId: conversation.tenantId,
      waitingSince: conversation.awaitingReplySince?.toISOString() ?? null,
      startedAt: started.created_at.toISOString(),
    },
    member: { ...member, language: user.language, memberSince: new Date(user.signup_date).toISOString(), unconfirmed: user.status === 'not_confirmed' },
    profile,
    messages: messages.reverse().map((m) => {
      const gift = m.gift_id ? (options.gifts?.(m.gift_id) ?? null) : null;
      return {
        id: m.id,
        fromProfile: m.sender_profile_id === conversation.fictionalProfileId,
        kind: m.kind,
        text: m.body,
        gift: m.gift_id ? { id: m.gift_id, name: gift?.name ?? null, image: gift?.image ?? null } : null,
        photo: m.photo_filename && m.photo_thumb_filename ? { url: prefix + m.photo_filename, thumb: prefix + m.photo_thumb_filename } : null,
        at: m.created_at.toISOString(),
      };
    }),
    notes,
    flags,
    claim,
    audit,
  };
}

async function personCard(db: Kysely<DB>, profileId: number, prefix: string, withPhotos: boolean): Promise<PersonCard | null> {
  const row = await db
    .selectFrom('profiles')
    .select([
      'id',
      'name',
      'birth_date',
      'gender',
      'sexuality',
      'country',
      'region',
      'city',
      'hair_colour',
      'eye_colour',
      'body_type',
      'relationship_status',
      'tattoos',
      'about',
      'looking_for',
      'interests',
    ])
    .where('id', '=', profileId)
    .executeTakeFirst();
  if (!row) return null;
  const photos = withPhotos
    ? await db.selectFrom('photos').select(['id', 'filename', 'thumb_filename']).where('profile_id', '=', profileId).where('public', '=', true).orderBy('position').orderBy('id').execute()
    : [];
  const facts: PersonCard['facts'] = {};
  for (const key of ['hair_colour', 'eye_colour', 'body_type', 'relationship_status', 'tattoos'] as const) {
    const value = row[key];
    if (value !== null && value !== undefined) facts[key] = value;
  }
  return {
    id: row.id,
    name: row.name,
    age: ageOn(row.birth_date, today()),
    gender: row.gender,
    sexuality: row.sexuality,
    country: row.country,
    region: regionName(row.country, row.region) ?? row.region,
    city: row.city,
    facts,
    about: row.about,
    lookingFor: row.looking_for,
    interests: row.interests,
    photos: photos.map((p) => ({ id: p.id, url: prefix + p.filename, thumb: prefix + p.thumb_filename })),
  };
}
