// Landers hydrate on demand (docs/decisions/0035). Their HTML is complete and styled; the Remix
// scripts are in the page but asleep (`type="text/rdv-lazy"`, entry.server), so a visitor who only
// looks downloads no framework at all. This small inline script wakes them when the visitor shows
// intent — presses, touches or types anywhere, hovers a call to action, or opens the page with
// ?signup=1 — and replays the click that woke them once React has hydrated (the root dispatches
// `rdv:hydrated`), so the call to action opens the real signup modal and a swipe button swipes.
// Until then it also starts the videos (muted, looping, poster first) after the first paint.
//
// Dialogs the page rendered closed open at once, without the app (docs/decisions/0042): a call to
// action opens the server-rendered signup dialog (`dialog[data-early="signup"]`, its first step
// ready) on the very click while the app wakes behind it, and the site-entry warning
// (`data-early-at-load`) opens before the first paint when it is due. The app adopts an open dialog
// when it hydrates (modal.tsx openedBeforeHydration); inside it, form controls work natively (what
// the visitor chooses or types stays in the DOM the app hydrates), only buttons wait for the app.
//
// It runs as a small script file (/wake/<hash>.js, app/.server/http/wake-asset.ts): `wakeOnDemand.toString()`
// is the script's text, so the function must not use anything from this module's scope, and its body
// is plain browser code.

/** The id of the script element (entry.server leaves it awake). */
export const WAKE_SCRIPT_ID = 'rdv-wake';
/** The type that keeps a script in the page without running it. */
export const SLEEPING_TYPE = 'text/rdv-lazy';
/** Dispatched on window once the app has hydrated (root.tsx). */
export const HYDRATED_EVENT = 'rdv:hydrated';

/**
 * What a route's handle may ask for: `on-demand` (landers: asleep for everyone) or `visitors` (the
 * visitors' pages of decision 0042: asleep for a visitor, awake at once for a logged-in member).
 */
export type HydrateWhen = 'on-demand' | 'visitors';

/** Whether a page with this handle sleeps for this viewer (entry.server and root.tsx decide alike). */
export function sleepsFor(hydrate: HydrateWhen | undefined, loggedIn: boolean): boolean {
  return hydrate === 'on-demand' || (hydrate === 'visitors' && !loggedIn);
}

export function wakeOnDemand(): void {
  const nonce = (document.currentScript as HTMLScriptElement | null)?.nonce ?? '';
  // What needs the app to act on a click: the calls to action (links to a signup page) and controls.
  const NEEDS_APP = 'a[href$="/signup"], button, [role="button"], summary, label, input, select, textarea';
  /** Controls the browser handles by itself inside a form: a choice made or a text typed before the app wakes stays in the DOM. */
  const NATIVE_IN_FORM = 'label, input, select, textarea';
  let state: 'asleep' | 'waking' | 'awake' = 'asleep';
  const clicks: HTMLElement[] = [];
  const early = (name: string) => document.querySelector<HTMLDialogElement>(`dialog[data-early="${name}"]`);
  /** Opens a server-rendered dialog now, unless another modal dialog is open (the entry warning comes first). */
  const openEarly = (dialog: HTMLDialogElement): boolean => {
    if (dialog.open) return true;
    if (document.querySelector('dialog[open]')) return false;
    dialog.showModal();
    performance.mark(`rdv:early-dialog:${dialog.dataset.early ?? ''}`);
    return true;
  };

  /** Runs a sleeping script: a fresh element runs, and leaves at once so that the DOM stays the server's for hydration. */
  const run = (asleep: HTMLScriptElement): Promise<void> => {
    const script = document.createElement('script');
    if (asleep.dataset.type) script.type = asleep.dataset.type;
    script.nonce = nonce;
    const done = new Promise<void>((resolve) => {
      if (!asleep.src) return resolve();
      script.onload = script.onerror = () => resolve();
      script.src = asleep.src;
    });
    if (!asleep.src) script.text = asleep.text;
    document.head.appendChild(script);
    script.remove();
    return done;
  };

  const wake = () => {
    if (state !== 'asleep') return;
    state = 'waking';
    const scripts = Array.from(document.querySelectorAll<HTMLScriptElement>('script[type="text/rdv-lazy"]'));
    // The catalogue first (the app hydrates in the page's language), then the app's scripts in page order.
    void Promise.all(scripts.filter((script) => script.src).map(run)).then(() => {
      for (const script of scripts) if (!script.src) void run(script);
    });
    // Should the app not come (offline, blocked), a call to action still leads to its signup page.
    window.setTimeout(() => {
      if (state === 'awake') return;
      const link = clicks.find((element): element is HTMLAnchorElement => element instanceof HTMLAnchorElement);
      if (link) window.location.assign(link.href);
    }, 10_000);
  };

  window.addEventListener(
    'rdv:hydrated',
    () => {
      state = 'awake';
      // One click per task, so that React has rendered what each one did before the next.
      const replay = () => {
        const element = clicks.shift();
        if (!element) return;
        element.removeAttribute('aria-busy');
        element.click();
        window.setTimeout(replay, 0);
      };
      replay();
    },
    { once: true },
  );
  document.addEventListener(
    'click',
    (event) => {
      if (state === 'awake') return;
      const target = event.target instanceof Element ? event.target.closest<HTMLElement>(NEEDS_APP) : null;
      if (!target) return;
      if (target.matches(NATIVE_IN_FORM) && target.closest('form')) return wake();
      event.preventDefault();
      event.stopPropagation();
      // A call to action opens the signup dialog now; the app takes it over once it has hydrated.
      const signup = target.matches('a[href$="/signup"]') ? early('signup') : null;
      if (signup && openEarly(signup)) return wake();
      // Until the app answers, the pressed control says it is working (styled by the call to action).
      target.setAttribute('aria-busy', 'true');
      clicks.push(target);
      wake();
    },
    true,
  );
  for (const type of ['pointerdown', 'touchstart', 'keydown']) document.addEventListener(type, wake, { capture: true, passive: true, once: true });
  document.addEventListener('pointerover', (event) => {
    if (event.target instanceof Element && event.target.closest('a[href$="/signup"]')) wake();
  });

  // The site-entry warning, when due (the app's rule: not dismissed, not the installed app), before the first paint.
  const warning = document.querySelector<HTMLDialogElement>('dialog[data-early="entry"][data-early-at-load]');
  if (warning && !/(?:^|; )entry_warning_dismissed=\d/.test(document.cookie) && !window.matchMedia('(display-mode: standalone)').matches) {
    // Only its button closes it, also before the app has woken (Escape would close a native dialog).
    warning.addEventListener('cancel', (event) => event.preventDefault());
    openEarly(warning);
  }

  const afterPaint = (then: () => void) => window.requestAnimationFrame(() => window.setTimeout(then, 0));
  // Videos play after the first paint, never before it; a visitor who prefers reduced motion keeps the poster.
  if (!window.matchMedia('(prefers-reduced-motion: reduce)').matches) {
    afterPaint(() => {
      for (const video of Array.from(document.querySelectorAll<HTMLVideoElement>('video[data-autoplay]'))) {
        video.preload = 'auto';
        video.play().catch(() => {});
      }
    });
  }
  // ?signup=1 opens the signup modal at once.
  if (/[?&]signup=1(?:&|$)/.test(window.location.search)) {
    if (document.readyState === 'complete') afterPaint(wake);
    else window.addEventListener('load', () => afterPaint(wake), { once: true });
  }
}

/** The script's text. */
export const WAKE_SCRIPT = `(${wakeOnDemand.toString()})()`;
