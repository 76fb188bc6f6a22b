// Offers shared by server and browser (docs/product.md §3 Time bonus, §4, §9; docs/decisions/0019): the time
// bonus constants and the countdown's two-digit strings.

/** The welcome bonus code: 25% off the first purchase within 4 hours of signing up. */
export const TIME_BONUS_CODE = 'TIMEBONUS25';
export const TIME_BONUS_PERCENTAGE = 25;
/** docs/product.md §9: 4 hours (14,400 s) from signup_date. */
export const TIME_BONUS_SECONDS = 14_400;
/** The hours the act-fast text names. */
export const TIME_BONUS_HOURS = TIME_BONUS_SECONDS / 3600;
/** docs/product.md §9: the countdown ticks every 1000 ms. */
export const TIME_BONUS_TICK_MS = 1000;
/** docs/product.md §9: the time-bonus modal appears 40 s after entering the members area. */
export const TIME_BONUS_MODAL_DELAY_MS = 40_000;

/** The page query parameter (e.g. of a mail link) that carries a discount code to the client. */
export const CODE_QUERY_PARAM = 'code';

/**
 * The cookie that carries the member's applied code to the server (decision 0047), so /credits and
 * the checkout price with it in their first answer; the browser sets it with the code it keeps.
 */
export const DISCOUNT_CODE_COOKIE = 'rdv_discountcode';

/** What a code may look like: letters, digits and dashes, 3 to 40; matched case-insensitively. */
export const CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9-]{2,39}$/;

export interface CountdownTimer {
  hours: string;
  minutes: string;
  seconds: string;
}

const two = (n: number) => String(n).padStart(2, '0');

/** Whole seconds left as two-digit hours, minutes and seconds (docs/product.md §3 countdownTimer); never negative. */
export function countdownTimer(secondsLeft: number): CountdownTimer {
  const left = Math.max(0, Math.floor(secondsLeft));
  return { hours: two(Math.floor(left / 3600)), minutes: two(Math.floor((left % 3600) / 60)), seconds: two(left % 60) };
}

/** HH:MM:SS for the banner. */
export function formatCountdown(timer: CountdownTimer): string {
  return `${timer.hours}:${timer.minutes}:${timer.seconds}`;
}

/**
 * The discount of a bundle price in minor units: price × percentage / 100, rounded to the nearest
 * minor unit (halves up). The payment method's fee is never discounted.
 */
export function discountOf(price: number, percentage: number): number {
  return Math.floor((price * percentage + 50) / 100);
}

/** Codes are compared in capitals. */
export function normaliseCode(code: string): string {
  return code.trim().toUpperCase();
}
