// Starts the client's refresh of the member (SPEC §7) once the page has hydrated.
import { useEffect } from 'react';
import { useAppState } from '~/state/app-state';
import { startUserSync } from '~/state/user-sync';

export function ClientSync() {
  const state = useAppState();
  useEffect(() => startUserSync(state), [state]);
  return null;
}
