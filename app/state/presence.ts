// Tells the server whether the member is looking (docs/product.md §7 POST /api/page-hidden.php, a beacon): `{}`
// when the page goes hidden, `{ "visible": true }` when it is shown again. The notification round
// mails and pushes only members who are not looking (docs/decisions/0024).
import type { AppState } from './app-state';

export function startPresence(state: AppState, doc: Document = document, nav: Navigator = navigator): () => void {
  const send = (visible: boolean) => {
    if (!state.user || typeof nav.sendBeacon !== 'function') return;
    try {
      nav.sendBeacon('/api/page-hidden.php', new Blob([visible ? '{"visible":true}' : '{}'], { type: 'application/json' }));
    } catch {
      // A refused beacon only means the server keeps the last state until the stream says more.
    }
  };
  const onChange = () => send(doc.visibilityState === 'visible');
  doc.addEventListener('visibilitychange', onChange);
  return () => doc.removeEventListener('visibilitychange', onChange);
}
