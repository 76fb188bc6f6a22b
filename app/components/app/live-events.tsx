// Opens the member's live event stream (GET /api/events.php, app/state/event-stream.ts) once the
// page has hydrated; it follows login and logout by itself.
import { useEffect } from 'react';
import { useAppState } from '~/state/app-state';
import { startEventStream } from '~/state/event-stream';

export function LiveEvents() {
  const state = useAppState();
  useEffect(() => startEventStream(state), [state]);
  return null;
}
