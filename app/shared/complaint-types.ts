// Complaints, reports and scam signals (docs/decisions/0029), shared by the domain and the pages.

/** A complaint's description: long enough to act on, short enough to read. */
export const DESCRIPTION_MIN = 10;
export const DESCRIPTION_MAX = 2000;

/** Where a complaint came from: the /complaints form, a member's Report action, or the chat's scam rules. */
export const COMPLAINT_SOURCES = ['form', 'report', 'signal'] as const;
export type ComplaintSource = (typeof COMPLAINT_SOURCES)[number];

/** What it is about; the form and the Report action offer the same list. */
export const COMPLAINT_CATEGORIES = ['illegal', 'harassment', 'scam', 'fake_profile', 'minor', 'spam', 'privacy', 'other'] as const;
export type ComplaintCategory = (typeof COMPLAINT_CATEGORIES)[number];

/** What the moderator did (the statement of reasons names it). */
export const COMPLAINT_ACTIONS = ['none', 'warning', 'content_removed', 'profile_hidden', 'account_suspended'] as const;
export type ComplaintAction = (typeof COMPLAINT_ACTIONS)[number];

export interface ComplaintView {
  id: number;
  tenantId: string;
  reference: string;
  source: ComplaintSource;
  category: ComplaintCategory;
  status: 'open' | 'decided' | 'closed';
  /** ISO 8601 */
  createdAt: string;
  description: string;
  reporter: 'member' | 'visitor' | 'system';
  profile: { id: number; name: string } | null;
  evidence: Record<string, unknown> | null;
  claim: { operator: string; until: string; mine: boolean } | null;
  decision: { decision: 'action_taken' | 'no_action'; action: ComplaintAction; reasons: string; at: string; by: string | null } | null;
  closedAt: string | null;
}

export interface ComplaintStats {
  received: number;
  open: number;
  decided: number;
  /** Hours from receipt to decision; null without decisions in the period. */
  medianHours: number | null;
  p95Hours: number | null;
}
