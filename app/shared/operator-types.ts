// What the operator console's pages receive from their loaders (docs/decisions/0021), shared by the
// domain (app/.server/operators) and the console's components. Nothing here carries a member's
// e-mail address, credits or payments.

/** The periods /operator/stats offers, in days. */
export const STATS_PERIODS = [1, 7, 30] as const;
export type StatsPeriod = (typeof STATS_PERIODS)[number];

export type FlagReason = 'complaint' | 'threat' | 'meeting' | 'other';
export type AuditAction = 'login' | 'claim' | 'release' | 'takeover' | 'reply' | 'note' | 'flag' | 'unflag' | 'invite' | 'roles' | 'remove' | 'complaint_claim' | 'complaint_decide' | 'complaint_close' | 'photo_approve' | 'photo_reject' | 'complaint_apply' | 'split_mode';

/**
 * What an operator may do for a tenant (docs/decisions/0029): answering — the queue of members who
 * wrote to fictional profiles; moderation — complaints, reports, photo moderation and scam signals;
 * marketing — the marketer's console; admin — invites the tenant's operators and gives them roles.
 */
export const OPERATOR_ROLES = ['answering', 'moderation', 'marketing', 'admin'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export interface ClaimView {
  operatorId: number;
  operator: string;
  /** ISO 8601 */
  until: string;
  mine: boolean;
}

export interface QueueItem {
  conversation: number;
  tenantId: string;
  /** ISO 8601: when the member's unanswered message came. */
  waitingSince: string;
  member: { id: number; name: string; age: number; city: string | null; country: string; thumb: string | null; unconfirmed: boolean };
  profile: { id: number; name: string; age: number; thumb: string | null };
  lastMessage: { kind: 'text' | 'gift' | 'photo'; text: string | null } | null;
  claim: { operator: string; until: string; mine: boolean } | null;
  flagged: boolean;
}

export interface PersonCard {
  id: number;
  name: string;
  age: number;
  gender: 'male' | 'female';
  sexuality: string;
  country: string;
  region: string | null;
  city: string | null;
  facts: Partial<Record<'hair_colour' | 'eye_colour' | 'body_type' | 'relationship_status' | 'tattoos', string | boolean>>;
  about: string | null;
  lookingFor: string | null;
  interests: string[];
  photos: { id: number; url: string; thumb: string }[];
}

export interface WorkspaceMessage {
  id: number;
  fromProfile: boolean;
  kind: 'text' | 'gift' | 'photo';
  text: string | null;
  gift: { id: string; name: string | null; image: string | null } | null;
  photo: { url: string; thumb: string } | null;
  at: string;
}

export interface NoteView {
  id: number;
  operator: string;
  body: string;
  /** ISO 8601 */
  at: string;
}

export interface FlagView {
  id: number;
  reason: FlagReason;
  message: number | null;
  comment: string | null;
  operator: string;
  /** ISO 8601 */
  at: string;
}

export interface AuditRow {
  id: number;
  action: AuditAction;
  operator: string;
  conversation: number | null;
  at: string;
  detail: Record<string, unknown> | null;
}

/** An operator of a site as the team page shows them (GET /operator/team). */
export interface TeamMember {
  id: number;
  name: string;
  email: string;
  roles: OperatorRole[];
  /** The operator has not set a password through their link yet. */
  invited: boolean;
  lastLoginAt: string | null;
  self: boolean;
}
