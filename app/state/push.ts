// Web push in the browser (docs/product.md §3 Push state, §4 push states, §7 POST /api/user.php?push=1):
// not capable, unsubscribed, subscribed, denied. Subscribing registers /sw-push.js, asks the
// permission, subscribes with the tenant's VAPID public key (settings push_public_key) and hands the
// subscription to the server; unsubscribing ends it in the browser and on the server.
import type { AppState } from './app-state';
import { apiRequest } from './api-client';

export type PushStatus = 'not_capable' | 'unsubscribed' | 'subscribed' | 'denied';

export const SERVICE_WORKER_URL = '/sw-push.js';

export function pushCapable(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** The browser's push state, without asking anything of the member. */
export async function pushStatus(): Promise<PushStatus> {
  if (!pushCapable()) return 'not_capable';
  if (Notification.permission === 'denied') return 'denied';
  try {
    return (await currentSubscription()) ? 'subscribed' : 'unsubscribed';
  } catch {
    return 'unsubscribed';
  }
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const padded = (base64url + '='.repeat((4 - (base64url.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** Subscribes this browser; resolves with the state it ended in. */
export async function subscribeToPush(state: AppState, publicKey: string): Promise<PushStatus> {
  if (!pushCapable()) return 'not_capable';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'unsubscribed';
  const registration = await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
  await navigator.serviceWorker.ready;
  const subscription = (await registration.pushManager.getSubscription()) ?? (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  const response = await apiRequest('/api/user.php?push=1', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ subscription: subscription.toJSON() }) });
  if (!response.ok) {
    await subscription.unsubscribe().catch(() => false);
    throw new Error(`push subscription refused: ${response.status}`);
  }
  state.push.isSubscribed = true;
  return 'subscribed';
}

export async function unsubscribeFromPush(state: AppState): Promise<PushStatus> {
  const subscription = pushCapable() ? await currentSubscription() : null;
  if (subscription) {
    await apiRequest('/api/user.php?push=1', { method: 'DELETE', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ endpoint: subscription.endpoint }) });
    await subscription.unsubscribe().catch(() => false);
  }
  state.push.isSubscribed = false;
  return pushStatus();
}

/** Fills the push state after hydration and listens for pushes shown while a page is open; returns a stop function. */
export function startPushState(state: AppState, onPush: () => void): () => void {
  if (!pushCapable()) return () => {};
  state.push.isCapable = true;
  void pushStatus().then((status) => {
    state.push.isSubscribed = status === 'subscribed';
  });
  const onMessage = (event: MessageEvent) => {
    const data = event.data as { type?: string; payload?: { title?: unknown; url?: unknown } } | null;
    if (data?.type !== 'push') return;
    state.push.lastMessage = { title: String(data.payload?.title ?? ''), url: String(data.payload?.url ?? '/'), at: Date.now() };
    onPush();
  };
  navigator.serviceWorker.addEventListener('message', onMessage);
  return () => navigator.serviceWorker.removeEventListener('message', onMessage);
}
