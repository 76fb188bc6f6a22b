// The three priorities of the outboxes (mail_outbox, sms_outbox; issue 45, docs/decisions/0063): a
// drain claims due rows by priority, then by age, so a login code, an activation or reset mail or a
// direct-debit SMS code never waits behind notifications, and notifications never wait behind bulk.
// Every caller that writes a row names its priority; there is no default to forget.

export const PRIORITIES = ['transactional', 'notification', 'bulk'] as const;
export type Priority = (typeof PRIORITIES)[number];

/**
 * - transactional: what a person is waiting for right now — login and network codes, activation,
 *   password reset, mail change, reactivation, operator invitations, direct-debit SMS codes,
 *   complaint receipts and decisions, export ready;
 * - notification: news about the member's own conversations (a new message, a like);
 * - bulk: what may wait — news posts, weekly updates, reminders, promotions.
 */
export const PRIORITY_RANK: Record<Priority, number> = { transactional: 0, notification: 1, bulk: 2 };
