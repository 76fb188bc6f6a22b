// The client's offers (docs/product.md §3, §4, §8, §9; docs/decisions/0019) on vitest's fake timers: the time
// bonus store (loaded, one timer, ticks, zero, ignored failures, logout), page codes passed through,
// the modal's rules and members area, the countdown strings and the discount rounding.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { countdownTimer, discountOf, formatCountdown, TIME_BONUS_MODAL_DELAY_MS, TIME_BONUS_TICK_MS } from '~/shared/offers';
import {
  applyPageCode,
  clearOffers,
  DISCOUNT_CODE_KEY,
  effectiveCode,
  initialOffersState,
  loadTimeBonus,
  loadTimeBonusOnce,
  restoreDiscountCode,
  startTimeBonus,
  timeBonusRunning,
  type OffersState,
} from '~/state/offers';
import { inMembersArea, showTimeBonusModal } from '~/state/time-bonus-modal';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function welcome(hours: string, minutes: string, seconds: string) {
  return {
    discountcode: {
      code: 'TIMEBONUS25', value_percentage: 25, status: 'active', validity: 'once-per-user', expired: false, isVisible: true,
      countdownTimer: { hours, minutes, seconds }, country: null, user_id: null, expires: null, currency: null, minimum_order_value: null, paymentmethods: null,
    },
  };
}

function memoryStorage() {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), removeItem: (k: string) => void data.delete(k), data };
}

let offers: OffersState;

beforeEach(() => {
  vi.useFakeTimers();
  offers = initialOffersState();
});

afterEach(() => {
  clearOffers(offers, null);
  vi.useRealTimers();
});

describe('the time bonus store', () => {
  it('loads on login with GET /api/discountcode.php?welcome=true and counts down once per second', async () => {
    const fetch = vi.fn(async () => json(welcome('03', '59', '58')));
    await loadTimeBonus(offers, { fetch: fetch as unknown as typeof globalThis.fetch });
    expect(fetch).toHaveBeenCalledWith('/api/discountcode.php?welcome=true', expect.objectContaining({ method: 'GET' }));
    expect(offers.welcomeDiscountcode).toMatchObject({ code: 'TIMEBONUS25', value_percentage: 25, isVisible: true, countdownTimer: { hours: '03', minutes: '59', seconds: '58' } });
    await vi.advanceTimersByTimeAsync(TIME_BONUS_TICK_MS);
    expect(offers.welcomeDiscountcode?.countdownTimer).toEqual({ hours: '03', minutes: '59', seconds: '57' });
    await vi.advanceTimersByTimeAsync(58 * TIME_BONUS_TICK_MS);
    expect(offers.welcomeDiscountcode?.countdownTimer).toEqual({ hours: '03', minutes: '58', seconds: '59' });
  });

  it('runs a single timer: a new start while one runs only takes the new values', () => {
    startTimeBonus(offers, welcome('00', '10', '00').discountcode);
    expect(vi.getTimerCount()).toBe(1);
    startTimeBonus(offers, welcome('00', '09', '30').discountcode);
    startTimeBonus(offers, welcome('00', '09', '30').discountcode);
    expect(vi.getTimerCount()).toBe(1);
    expect(timeBonusRunning(offers)).toBe(true);
    vi.advanceTimersByTime(TIME_BONUS_TICK_MS);
    expect(offers.welcomeDiscountcode?.countdownTimer).toEqual({ hours: '00', minutes: '09', seconds: '29' });
  });

  it('clears at zero and stops its timer', () => {
    startTimeBonus(offers, welcome('00', '00', '03').discountcode);
    vi.advanceTimersByTime(2 * TIME_BONUS_TICK_MS);
    expect(offers.welcomeDiscountcode?.countdownTimer.seconds).toBe('01');
    vi.advanceTimersByTime(TIME_BONUS_TICK_MS);
    expect(offers.welcomeDiscountcode).toBeNull();
    expect(timeBonusRunning(offers)).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('follows the clock, not the number of ticks, when the tab slept', () => {
    startTimeBonus(offers, welcome('01', '00', '00').discountcode);
    vi.setSystemTime(Date.now() + 30 * 60_000);
    vi.advanceTimersByTime(TIME_BONUS_TICK_MS);
    expect(offers.welcomeDiscountcode?.countdownTimer).toEqual({ hours: '00', minutes: '29', seconds: '59' });
  });

  it('ignores a failing welcome call silently (network error, server error, bad JSON) and shows nothing, without retrying it', async () => {
    const errors = vi.spyOn(console, 'error');
    const down = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const loading = loadTimeBonus(offers, { fetch: down as unknown as typeof globalThis.fetch });
    await vi.runAllTimersAsync();
    await loading;
    expect(down).toHaveBeenCalledTimes(1);
    await loadTimeBonus(offers, { fetch: (async () => new Response('oops', { status: 400 })) as unknown as typeof globalThis.fetch });
    await loadTimeBonus(offers, { fetch: (async () => new Response('{', { status: 200 })) as unknown as typeof globalThis.fetch });
    expect(offers.welcomeDiscountcode).toBeNull();
    expect(errors).not.toHaveBeenCalled();
  });

  it('asks for the time bonus once per page load and again only after a logout (issue 26)', async () => {
    const fetch = vi.fn(async () => json(welcome('03', '00', '00')));
    const options = { fetch: fetch as unknown as typeof globalThis.fetch };
    await loadTimeBonusOnce(offers, options);
    await loadTimeBonusOnce(offers, options);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(offers.welcomeDiscountcode?.code).toBe('TIMEBONUS25');
    clearOffers(offers, null);
    await loadTimeBonusOnce(offers, options);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('clears when the answer has no active code, and on logout (with the applied code)', async () => {
    startTimeBonus(offers, welcome('02', '00', '00').discountcode);
    await loadTimeBonus(offers, { fetch: (async () => json({ discountcode: null })) as unknown as typeof globalThis.fetch });
    expect(offers.welcomeDiscountcode).toBeNull();
    expect(vi.getTimerCount()).toBe(0);
    const storage = memoryStorage();
    startTimeBonus(offers, welcome('02', '00', '00').discountcode);
    storage.setItem(DISCOUNT_CODE_KEY, JSON.stringify({ code: 'LIEFDE20', percentage: 20 }));
    restoreDiscountCode(offers, storage);
    clearOffers(offers, storage);
    expect(offers).toMatchObject({ welcomeDiscountcode: null, discountcode: null });
    expect(storage.data.has(DISCOUNT_CODE_KEY)).toBe(false);
  });
});

describe('discount codes in the client', () => {
  it('passes the page query through to discountcode.php and keeps a found code', async () => {
    const storage = memoryStorage();
    const fetch = vi.fn(async () => json({ discountcode: { code: 'LIEFDE20', percentage: 20, minimum: 4000, currency: 'EUR' } }));
    await applyPageCode(offers, storage, '?code=liefde20&utm_source=mail', { fetch: fetch as unknown as typeof globalThis.fetch });
    expect(fetch).toHaveBeenCalledWith('/api/discountcode.php?code=liefde20&utm_source=mail', expect.anything());
    expect(offers.discountcode).toEqual({ code: 'LIEFDE20', percentage: 20, minimum: 4000, currency: 'EUR' });
    const next = initialOffersState();
    restoreDiscountCode(next, storage);
    expect(next.discountcode?.code).toBe('LIEFDE20');
  });

  it('asks nothing without ?code=, and keeps a refusal\'s text', async () => {
    const fetch = vi.fn(async () => json({ error: 'code_already_used', message: 'Code already used' }, 400));
    await applyPageCode(offers, null, '?page=2', { fetch: fetch as unknown as typeof globalThis.fetch });
    expect(fetch).not.toHaveBeenCalled();
    await applyPageCode(offers, null, '?code=TIMEBONUS25', { fetch: fetch as unknown as typeof globalThis.fetch });
    expect(offers).toMatchObject({ discountcode: null, codeMessage: 'Code already used' });
  });

  it('checkout takes an applied code before the time bonus', () => {
    startTimeBonus(offers, welcome('01', '00', '00').discountcode);
    expect(effectiveCode(offers)).toEqual({ code: 'TIMEBONUS25', percentage: 25 });
    offers.discountcode = { code: 'STAY50-ABCDEF', percentage: 50 };
    expect(effectiveCode(offers)).toEqual({ code: 'STAY50-ABCDEF', percentage: 50 });
  });
});

describe('the time-bonus modal rules', () => {
  const base = { credits: 0, waited: true, bonusVisible: true, dismissedAt: null, otherModalOpen: false };

  it('shows at 0 credits, after the wait, with a visible bonus, not dismissed, no other dialog', () => {
    expect(showTimeBonusModal(base)).toBe(true);
    expect(showTimeBonusModal({ ...base, credits: 1 })).toBe(false);
    expect(showTimeBonusModal({ ...base, credits: null })).toBe(false);
    expect(showTimeBonusModal({ ...base, waited: false })).toBe(false);
    expect(showTimeBonusModal({ ...base, bonusVisible: false })).toBe(false);
    expect(showTimeBonusModal({ ...base, dismissedAt: 1_700_000_000_000 })).toBe(false);
    expect(showTimeBonusModal({ ...base, otherModalOpen: true })).toBe(false);
    expect(TIME_BONUS_MODAL_DELAY_MS).toBe(40_000);
  });

  it('knows the members area: members, members-id, chats, likes, likes-m-id, premium', () => {
    for (const path of ['/members', '/members/12', '/chats', '/chats/5', '/likes', '/likes/received', '/likes/matches', '/likes/m/7', '/premium']) {
      expect(inMembersArea(path), path).toBe(true);
    }
    for (const path of ['/', '/credits', '/credits/popular', '/members/12/chat', '/members/12/signup', '/profile', '/likes/m/x', '/premiums', '/swipe-game']) {
      expect(inMembersArea(path), path).toBe(false);
    }
  });
});

describe('countdown and rounding', () => {
  it('writes hours, minutes and seconds as two-digit strings, never below zero', () => {
    expect(countdownTimer(14_400)).toEqual({ hours: '04', minutes: '00', seconds: '00' });
    expect(countdownTimer(3_599)).toEqual({ hours: '00', minutes: '59', seconds: '59' });
    expect(countdownTimer(-5)).toEqual({ hours: '00', minutes: '00', seconds: '00' });
    expect(formatCountdown(countdownTimer(3_723))).toBe('01:02:03');
  });

  it('rounds the discount to the nearest minor unit, halves up', () => {
    expect(discountOf(1995, 25)).toBe(499); // 498.75
    expect(discountOf(7995, 50)).toBe(3998); // 3997.5
    expect(discountOf(1995, 15)).toBe(299); // 299.25
    expect(discountOf(4495, 20)).toBe(899);
  });
});
