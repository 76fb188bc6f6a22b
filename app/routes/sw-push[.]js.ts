// /sw-push.js (docs/product.md §7): the push service worker, on every tenant host. It shows a push of the
// notification round (title, body, icon, tag: notifications/push.ts PushPayload) and, on a click,
// focuses an open page of the site on the conversation or profile — or opens one. Only URLs of this
// origin are opened.
const SERVICE_WORKER = `'use strict';
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch (error) {
    data = { title: event.data ? event.data.text() : '' };
  }
  // Open pages hear of it too (state/push.ts: lastMessage, then a refresh of chats and likes).
  const tell = self.clients.matchAll({ type: 'window' }).then((windows) => windows.forEach((client) => client.postMessage({ type: 'push', payload: data })));
  event.waitUntil(
    Promise.all([
      tell,
      self.registration.showNotification(String(data.title || self.location.hostname), {
        body: typeof data.body === 'string' ? data.body : '',
        icon: typeof data.icon === 'string' ? data.icon : undefined,
        tag: typeof data.tag === 'string' ? data.tag : undefined,
        data: { url: typeof data.url === 'string' ? data.url : '/' },
      }),
    ]),
  );
});
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  let url = new URL('/', self.location.origin);
  try {
    const wanted = new URL((event.notification.data && event.notification.data.url) || '/', self.location.origin);
    if (wanted.origin === self.location.origin) url = wanted;
  } catch (error) {}
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      for (const client of windows) {
        if (new URL(client.url).origin === url.origin && 'focus' in client) {
          return client.focus().then((focused) => (focused && 'navigate' in focused ? focused.navigate(url.href) : focused));
        }
      }
      return self.clients.openWindow(url.href);
    }),
  );
});
`;

export function loader() {
  return new Response(SERVICE_WORKER, {
    headers: { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache', 'Service-Worker-Allowed': '/' },
  });
}
