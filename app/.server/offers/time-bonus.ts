// The time bonus (docs/product.md §3 Time bonus, §4, §6, §9; docs/decisions/0019): TIMEBONUS25 gives a
// logged-in member who has never paid 25% off a purchase started within 4 hours (14,400 s) of
// signup_date. It is the welcome discount and the first-purchase discount of docs/product.md §1 and §9.
import { countdownTimer, TIME_BONUS_CODE, TIME_BONUS_PERCENTAGE, TIME_BONUS_SECONDS, type CountdownTimer } from '~/shared/offers';
import { now } from '../clock';
import type { User } from '../db/schema';

/** Whole seconds of the time bonus left for this member at `at`; 0 when it does not apply. */
export function timeBonusSecondsLeft(user: Pick<User, 'paid_user' | 'signup_date'> | null, at: Date = now()): number {
  if (!user || user.paid_user) return 0;
  const elapsed = Math.floor((at.getTime() - new Date(user.signup_date).getTime()) / 1000);
  return Math.max(0, TIME_BONUS_SECONDS - Math.max(0, elapsed));
}

/** The time bonus object of docs/product.md §3 (GET /api/discountcode.php?welcome=true). */
export interface TimeBonusView {
  code: typeof TIME_BONUS_CODE;
  value_percentage: number;
  status: 'active';
  validity: 'once-per-user';
  expired: false;
  isVisible: true;
  countdownTimer: CountdownTimer;
  /**
   * When it ends (ISO 8601), beyond SPEC's fields (its `expires` stays null): the client counts to
   * this instant, not from when the answer arrived, so a slow answer does not lengthen it (issue 34).
   */
  ends_at: string;
  country: null;
  user_id: null;
  expires: null;
  currency: null;
  minimum_order_value: null;
  paymentmethods: null;
}

/** The member's active time bonus, or null for a visitor, a paid member or once 4 hours have passed. */
export function timeBonusView(user: Pick<User, 'paid_user' | 'signup_date'> | null, at: Date = now()): TimeBonusView | null {
  const left = timeBonusSecondsLeft(user, at);
  if (left <= 0) return null;
  return {
    code: TIME_BONUS_CODE,
    value_percentage: TIME_BONUS_PERCENTAGE,
    status: 'active',
    validity: 'once-per-user',
    expired: false,
    isVisible: true,
    countdownTimer: countdownTimer(left),
    ends_at: new Date(new Date(user!.signup_date).getTime() + TIME_BONUS_SECONDS * 1000).toISOString(),
    country: null,
    user_id: null,
    expires: null,
    currency: null,
    minimum_order_value: null,
    paymentmethods: null,
  };
}
