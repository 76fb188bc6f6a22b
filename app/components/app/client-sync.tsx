// Starts the client's refresh of the member and its presence beacons (docs/product.md §7) once the page has hydrated.
import { useEffect } from 'react';
import { useAppState } from '~/state/app-state';
import { refreshChats } from '~/state/chats';
import { startPresence } from '~/state/presence';
import { refreshUser, startUserSync } from '~/state/user-sync';

export function ClientSync() {
  const state = useAppState();
  useEffect(() => startUserSync(state), [state]);
  useEffect(() => startPresence(state), [state]);
  // A push while a page is open: the news is on the server already, fetch it now. The push code
  // loads after the page (it is not in any page's start: the member pages' JavaScript budget).
  useEffect(() => {
    let stop: (() => void) | null = null;
    let ended = false;
    void import('~/state/push').then(({ startPushState }) => {
      if (!ended) stop = startPushState(state, () => void refreshUser(state).then(() => refreshChats(state)));
    });
    return () => {
      ended = true;
      stop?.();
    };
  }, [state]);
  return null;
}
