// E-mail notification choices (docs/product.md §3 notifications_disabled, §9 notification kinds). The list may
// also hold a reason the system disabled all mail for (fbl: spam complaint, bounce: invalid address,
// listunsubscribe); a member's own choices never remove those.
import { sql, type Kysely } from 'kysely';
import { now } from '../clock';
import { z } from 'zod';
import { MAIL_OFF_REASONS, NOTIFICATION_KINDS } from '~/shared/catalogue';
import type { DB, User } from '../db/schema';
import { markTurnedOn } from '../notifications/state';

export const SYSTEM_REASONS = MAIL_OFF_REASONS;

/** PUT /api/notifications.php: the kinds switched off (docs/product.md §9); a form sends one value or several. */
export const NotificationsSchema = z.object({
  disabled: z
    .union([z.enum(NOTIFICATION_KINDS), z.array(z.enum(NOTIFICATION_KINDS)).max(NOTIFICATION_KINDS.length)])
    .transform((v) => (Array.isArray(v) ? v : [v]))
    .default([]),
});

export async function setDisabledNotifications(db: Kysely<DB>, user: User, disabled: unknown): Promise<string[]> {
  const wanted = Array.isArray(disabled) ? disabled.filter((k): k is string => typeof k === 'string') : [];
  const kinds = NOTIFICATION_KINDS.filter((kind) => wanted.includes(kind));
  const system = user.notifications_disabled.filter((reason) => (SYSTEM_REASONS as readonly string[]).includes(reason));
  const next = [...system, ...kinds];
  // Kinds turned back on tell of nothing that came while they were off (issue 48 item 20).
  const turnedOn = NOTIFICATION_KINDS.filter((kind) => user.notifications_disabled.includes(kind) && !kinds.includes(kind));
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ notifications_disabled: next }).where('id', '=', user.id).execute();
    await markTurnedOn(trx, user, turnedOn);
  });
  return next;
}

/** Invisible mode and privacy mode (docs/product.md §6), enforced by members/access.ts. */
export async function setPrivacy(db: Kysely<DB>, user: User, input: { invisible: boolean; privacy_mode: boolean }): Promise<void> {
  // Going invisible starts the clock: only likes and messages sent from now on show the member (decision 0030).
  await db
    .updateTable('users')
    .set({
      invisible: input.invisible,
      invisible_since: input.invisible ? sql<Date>`coalesce(invisible_since, ${now()})` : null,
      privacy_mode: input.privacy_mode,
    })
    .where('id', '=', user.id)
    .execute();
}
