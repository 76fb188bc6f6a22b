// Client state of the offers (docs/product.md §3 discountcode and welcomeDiscountcode, §4 Time bonus, §7, §8;
// docs/decisions/0019). The time bonus is loaded on login and cleared on logout; it counts down once
// per second with a single timer (a new start while one runs only takes the new values), and clears
// at zero. A failing welcome call is ignored. A discount code arrives with a page's query (a mail
// link's ?code=), is looked up with the page's query passed through to discountcode.php, and stays
// applied (also across page loads, in localStorage) until used, removed or the member logs out.
import {
  CODE_QUERY_PARAM,
  countdownTimer,
  DISCOUNT_CODE_COOKIE,
  TIME_BONUS_CODE,
  TIME_BONUS_TICK_MS,
  type CountdownTimer,
} from '~/shared/offers';
import { apiRequest, type ApiOptions } from './api-client';
import { clientClock, type TimerId } from './clock';

/** docs/product.md §3 Discount code, as GET /api/discountcode.php?code= answers it. */
export interface DiscountCode {
  code: string;
  percentage: number;
  /** Minor units of `currency`: the bundle price must reach it. */
  minimum?: number;
  currency?: string;
  /** Only for payments from this country. */
  country?: string;
}

/** docs/product.md §3 Time bonus, as far as the client uses it; `endsAt` is the client's clock. */
export interface TimeBonus {
  code: string;
  value_percentage: number;
  isVisible: boolean;
  countdownTimer: CountdownTimer;
  endsAt: number;
}

export interface OffersState {
  discountcode: DiscountCode | null;
  welcomeDiscountcode: TimeBonus | null;
  /** The text of the last code lookup that failed (e.g. 'Code not found'), to show where codes are. */
  codeMessage: string | null;
}

export function initialOffersState(): OffersState {
  return { discountcode: null, welcomeDiscountcode: null, codeMessage: null };
}

export const DISCOUNT_CODE_KEY = 'rdv_discountcode';

/** The one countdown timer per store (never in the proxy itself). */
const timers = new WeakMap<object, TimerId>();

export function timeBonusRunning(offers: OffersState): boolean {
  return timers.has(offers);
}

/** Clears the time bonus and its timer (logout, zero, a paid member). */
export function stopTimeBonus(offers: OffersState): void {
  clientClock.clearTimer(timers.get(offers));
  timers.delete(offers);
  offers.welcomeDiscountcode = null;
}

function tick(offers: OffersState): void {
  const bonus = offers.welcomeDiscountcode;
  if (!bonus) return stopTimeBonus(offers);
  const left = Math.ceil((bonus.endsAt - clientClock.now()) / 1000);
  if (left <= 0) return stopTimeBonus(offers);
  bonus.countdownTimer = countdownTimer(left);
  timers.set(offers, clientClock.setTimer(() => tick(offers), TIME_BONUS_TICK_MS));
}

interface WelcomeAnswer {
  code: string;
  value_percentage: number;
  isVisible: boolean;
  countdownTimer: CountdownTimer;
  /** The server's end of the bonus (ISO 8601); without it, countdownTimer from the answer's arrival. */
  ends_at?: string;
}

const secondsOf = (timer: CountdownTimer) => Number(timer.hours) * 3600 + Number(timer.minutes) * 60 + Number(timer.seconds);

/**
 * Starts the countdown from the server's answer; while one runs, only its values are taken. It counts
 * to the server's `ends_at`: counting `countdownTimer` from the answer's arrival would add the time
 * the answer took (issue 34 item 3).
 */
export function startTimeBonus(offers: OffersState, answer: WelcomeAnswer): void {
  const ends = answer.ends_at ? Date.parse(answer.ends_at) : Number.NaN;
  const endsAt = Number.isFinite(ends) ? ends : clientClock.now() + secondsOf(answer.countdownTimer) * 1000;
  const left = Math.ceil((endsAt - clientClock.now()) / 1000);
  if (!(left > 0)) return stopTimeBonus(offers);
  offers.welcomeDiscountcode = {
    code: answer.code,
    value_percentage: answer.value_percentage,
    isVisible: answer.isVisible,
    countdownTimer: countdownTimer(left),
    endsAt,
  };
  if (timeBonusRunning(offers)) return;
  timers.set(offers, clientClock.setTimer(() => tick(offers), TIME_BONUS_TICK_MS));
}

/**
 * GET /api/discountcode.php?welcome=true; any failure is ignored (docs/product.md §8), so it is not retried
 * either: one request, and without it the member simply sees no time bonus (issue 26).
 */
export async function loadTimeBonus(offers: OffersState, options: ApiOptions = {}): Promise<void> {
  try {
    const response = await apiRequest('/api/discountcode.php?welcome=true', {}, { ...options, retries: 0 });
    if (!response.ok) return;
    const answer = (await response.json()) as { discountcode: WelcomeAnswer | null };
    if (answer.discountcode?.code === TIME_BONUS_CODE && answer.discountcode.isVisible) startTimeBonus(offers, answer.discountcode);
    else stopTimeBonus(offers);
  } catch {
    // Silently ignored (docs/product.md §8): the member simply sees no time bonus.
  }
}

/** The stores whose time bonus was asked for since the page loaded or the member logged in. */
const welcomeAsked = new WeakSet<object>();

/**
 * The time bonus once per page load and once per login (docs/product.md §4 "loaded on login"), not again when a
 * client navigation mounts the offers layer anew (another layout); clearOffers (logout) forgets it.
 */
export async function loadTimeBonusOnce(offers: OffersState, options: ApiOptions = {}): Promise<void> {
  if (welcomeAsked.has(offers)) return;
  welcomeAsked.add(offers);
  await loadTimeBonus(offers, options);
}

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The browser's localStorage, or null where it cannot be used (private mode, blocked). */
export function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function isDiscountCode(value: unknown): value is DiscountCode {
  const v = value as DiscountCode | null;
  return typeof v?.code === 'string' && typeof v.percentage === 'number';
}

/** The code kept from an earlier page, if any. */
export function restoreDiscountCode(offers: OffersState, storage: Store | null | undefined): void {
  try {
    const value: unknown = JSON.parse(storage?.getItem(DISCOUNT_CODE_KEY) ?? 'null');
    if (isDiscountCode(value)) {
      offers.discountcode = value;
      keepCodeCookie(value.code);
    }
  } catch {
    // A damaged entry is as good as none.
  }
}

/**
 * The applied code in the cookie the server reads (decision 0047): /credits and the checkout then
 * price with it in their first answer instead of the client correcting the price afterwards.
 */
function keepCodeCookie(code: string | null): void {
  if (typeof document === 'undefined') return;
  document.cookie = code
    ? `${DISCOUNT_CODE_COOKIE}=${encodeURIComponent(code)}; Max-Age=${DISCOUNT_CODE_COOKIE_MAX_AGE_S}; Path=/; SameSite=Lax`
    : `${DISCOUNT_CODE_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
}

/** As long as the code stays kept in localStorage: until used, removed or logout; a month at most. */
const DISCOUNT_CODE_COOKIE_MAX_AGE_S = 30 * 24 * 60 * 60;

export function setDiscountCode(offers: OffersState, storage: Store | null | undefined, code: DiscountCode | null): void {
  offers.discountcode = code;
  offers.codeMessage = null;
  keepCodeCookie(code?.code ?? null);
  try {
    if (code) storage?.setItem(DISCOUNT_CODE_KEY, JSON.stringify(code));
    else storage?.removeItem(DISCOUNT_CODE_KEY);
  } catch {
    // Without storage the code stays for this page only.
  }
}

/**
 * A page opened with ?code=: its query is passed through to discountcode.php; a found code is
 * applied, an unknown or used one leaves its message. Without ?code= nothing is asked.
 */
export async function applyPageCode(offers: OffersState, storage: Store | null | undefined, search: string, options: ApiOptions = {}): Promise<void> {
  const params = new URLSearchParams(search);
  if (!params.get(CODE_QUERY_PARAM)?.trim()) return;
  try {
    const response = await apiRequest(`/api/discountcode.php?${params.toString()}`, {}, options);
    const answer = (await response.json()) as { discountcode?: DiscountCode; message?: string };
    if (response.ok && answer.discountcode && isDiscountCode(answer.discountcode)) setDiscountCode(offers, storage, answer.discountcode);
    else offers.codeMessage = typeof answer.message === 'string' ? answer.message : null;
  } catch {
    // The network failed: the code can still be typed at checkout.
  }
}

/** Logout (docs/product.md §4): the time bonus and any applied code go. */
export function clearOffers(offers: OffersState, storage: Store | null | undefined): void {
  welcomeAsked.delete(offers);
  stopTimeBonus(offers);
  setDiscountCode(offers, storage, null);
}

/** The code a checkout uses: an applied code, else the visible time bonus. */
export function effectiveCode(offers: Pick<OffersState, 'discountcode' | 'welcomeDiscountcode'>): { code: string; percentage: number } | null {
  if (offers.discountcode) return { code: offers.discountcode.code, percentage: offers.discountcode.percentage };
  const bonus = offers.welcomeDiscountcode;
  return bonus?.isVisible ? { code: bonus.code, percentage: bonus.value_percentage } : null;
}
