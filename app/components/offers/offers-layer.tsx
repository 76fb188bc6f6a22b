// Offers on every page (docs/product.md §3, §4, §7; docs/decisions/0019): loads the time bonus when a member is
// logged in (and clears it on logout or once they paid), applies a discount code that arrives with a
// page's ?code= (the page's query passed through to discountcode.php), and shows the time-bonus
// modal 40 s after entering the members area when the rules of time-bonus-modal.ts allow.
import { useLocation } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { TIME_BONUS_MODAL_DELAY_MS } from '~/shared/offers';
import { alertDismissedAt, dismissAlert } from '~/state/alerts';
import { useAppState } from '~/state/app-state';
import { clientClock } from '~/state/clock';
import { applyPageCode, browserStorage, clearOffers, loadTimeBonusOnce, restoreDiscountCode, stopTimeBonus } from '~/state/offers';
import { inMembersArea, showTimeBonusModal, TIME_BONUS_ALERT_KEY } from '~/state/time-bonus-modal';
import { apiOptionsFor } from '~/state/user-sync';
import { TimeBonusModal } from './time-bonus-modal';

/** When the member entered the members area (clientClock.now()), per app state: kept while they stay in it. */
const enteredArea = new WeakMap<object, number>();

export function OffersLayer() {
  const state = useAppState();
  const { user, likes, entryWarningOpen, signupModal } = useSnapshot(state);
  const { welcomeDiscountcode: bonus } = useSnapshot(state.offers);
  const { pathname, search } = useLocation();
  const loggedIn = user !== null;
  const paid = user?.paid_user ?? false;

  // Loaded on login, cleared on logout (docs/product.md §4); a member who paid has no time bonus.
  const wasLoggedIn = useRef<boolean | null>(null);
  useEffect(() => {
    const before = wasLoggedIn.current;
    wasLoggedIn.current = loggedIn;
    if (!loggedIn) {
      if (before) clearOffers(state.offers, browserStorage());
      else stopTimeBonus(state.offers);
      return;
    }
    if (paid) return stopTimeBonus(state.offers);
    // This layer mounts again when a navigation changes the layout (default ↔ chat): the bonus and
    // its countdown live on in the app state, so it is not asked for (nor stopped) again.
    void loadTimeBonusOnce(state.offers, apiOptionsFor(state));
  }, [loggedIn, paid, state]);

  // A code kept from an earlier page, then one in this page's query.
  useEffect(() => restoreDiscountCode(state.offers, browserStorage()), [state]);
  useEffect(() => {
    void applyPageCode(state.offers, browserStorage(), search, apiOptionsFor(state));
  }, [search, state]);

  // 40 s in the members area; leaving it starts the wait again. The moment of entering is kept with
  // the app state, not in this component: a navigation that changes the layout (to the chats' bare
  // one) mounts this layer again, and must not start the 40 s again (issue 48 item 25).
  const inArea = loggedIn && inMembersArea(pathname);
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    if (!inArea) {
      enteredArea.delete(state.offers);
      setWaited(false);
      return;
    }
    const entered = enteredArea.get(state.offers) ?? clientClock.now();
    enteredArea.set(state.offers, entered);
    const left = entered + TIME_BONUS_MODAL_DELAY_MS - clientClock.now();
    setWaited(left <= 0);
    if (left <= 0) return;
    const timer = clientClock.setTimer(() => setWaited(true), left);
    return () => clientClock.clearTimer(timer);
  }, [inArea, state]);

  const [dismissedAt, setDismissedAt] = useState<number | null | undefined>(undefined);
  useEffect(() => setDismissedAt(alertDismissedAt(browserStorage(), TIME_BONUS_ALERT_KEY)), []);
  const open =
    dismissedAt !== undefined &&
    showTimeBonusModal({
      credits: user?.credits ?? null,
      waited,
      bonusVisible: bonus?.isVisible ?? false,
      dismissedAt,
      otherModalOpen: likes.modal !== null || entryWarningOpen || signupModal,
    });
  // Once open it stays until closed, even when a rule changes under it (a refresh, the countdown).
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (open) setShown(true);
  }, [open]);
  const close = () => {
    const at = clientClock.now();
    dismissAlert(browserStorage(), TIME_BONUS_ALERT_KEY, at);
    setDismissedAt(at);
    setShown(false);
  };
  if (!loggedIn) return null;
  return <TimeBonusModal open={shown && bonus !== null} percentage={bonus?.value_percentage ?? 0} timer={bonus?.countdownTimer ?? null} onClose={close} />;
}
