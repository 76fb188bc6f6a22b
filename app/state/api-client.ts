// The browser's calls to the /api/*.php routes (docs/product.md §7, §8): failed requests are retried up to 5
// times with exponential delay, and a 403 { error: 'authentication_required' } from any endpoint but
// user.php means the session is gone, so the client switches to logged out.
import { clientClock } from './clock';

/** Retries after the first attempt (docs/product.md §9). */
export const MAX_RETRIES = 5;
/** The first retry waits this long; each next one twice as long (0.5, 1, 2, 4, 8 s). */
export const RETRY_BASE_MS = 500;

export function retryDelay(retry: number): number {
  return RETRY_BASE_MS * 2 ** (retry - 1);
}

export interface ApiOptions {
  /** Called when the server says the session is gone (docs/product.md §8). */
  onLoggedOut?: () => void;
  fetch?: typeof fetch;
  /** Retries after the first attempt; MAX_RETRIES unless told. */
  retries?: number;
  /** A POST the server deduplicates (a message with its client_id): retried like a GET. */
  idempotent?: boolean;
}

const IDEMPOTENT = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);

/** Worth another try: the network failed, or the server had a moment (5xx, 429). */
function transient(response: Response): boolean {
  return response.status >= 500 || response.status === 429;
}

/** docs/product.md §8: a 403 authentication_required logs the client out, except on user.php. */
export async function isAuthenticationRequired(path: string, response: Response): Promise<boolean> {
  if (response.status !== 403 || /\/api\/user\.php(?:$|\?)/.test(path)) return false;
  try {
    const body = (await response.clone().json()) as { error?: unknown };
    return body.error === 'authentication_required';
  } catch {
    return false;
  }
}

/** The refreshes (docs/api.md "Refreshes and ETags"): their last answer is kept and revalidated with If-None-Match. */
const REVALIDATED = new Set(['/api/user.php', '/api/chats.php', '/api/likes.php']);
const kept = new Map<string, { etag: string; body: string; contentType: string }>();

/** A 304 turned back into the kept answer; a new answer with an ETag kept; anything else forgets it. */
async function revalidated(path: string, response: Response): Promise<Response> {
  const known = kept.get(path);
  if (response.status === 304 && known) {
    // Read to its (empty) end, so that the browser sees the request finish rather than dropped.
    await response.arrayBuffer().catch(() => null);
    return new Response(known.body, { status: 200, headers: { 'Content-Type': known.contentType, ETag: known.etag } });
  }
  const etag = response.headers.get('ETag');
  if (response.status === 200 && etag) {
    const body = await response.clone().text();
    kept.set(path, { etag, body, contentType: response.headers.get('Content-Type') ?? 'application/json' });
  } else kept.delete(path);
  return response;
}

/**
 * fetch() for the API: JSON accepted, same-origin credentials, retries for transient failures of
 * idempotent requests. Resolves with the last response; rejects only when the network failed on
 * every attempt.
 */
export async function apiRequest(path: string, init: RequestInit = {}, options: ApiOptions = {}): Promise<Response> {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const method = (init.method ?? 'GET').toUpperCase();
  const retries = IDEMPOTENT.has(method) || options.idempotent ? (options.retries ?? MAX_RETRIES) : 0;
  const headers = new Headers(init.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  const revalidate = method === 'GET' && REVALIDATED.has(path);
  for (let attempt = 0; ; attempt++) {
    let response: Response | null = null;
    let failure: unknown = null;
    const known = revalidate ? kept.get(path) : undefined;
    if (known) headers.set('If-None-Match', known.etag);
    else headers.delete('If-None-Match');
    try {
      response = await doFetch(path, { credentials: 'same-origin', ...init, method, headers });
      if (revalidate) response = await revalidated(path, response);
    } catch (error) {
      failure = error;
    }
    if (response && !transient(response)) {
      if (await isAuthenticationRequired(path, response)) options.onLoggedOut?.();
      return response;
    }
    if (attempt >= retries) {
      if (response) return response;
      throw failure;
    }
    await clientClock.wait(retryDelay(attempt + 1));
  }
}

/** A JSON body for PUT/POST. */
export function jsonBody(value: unknown): RequestInit {
  return { body: JSON.stringify(value), headers: { 'Content-Type': 'application/json' } };
}
