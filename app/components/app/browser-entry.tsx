// The browser entry of both Remix apps (app/entry.client.tsx, app/network-console/entry.client.tsx):
// hydrate once the page's catalogue script has run, so that the first render in the browser speaks
// the same language as the server's HTML.
import { RemixBrowser } from '@remix-run/react';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { CATALOGUE_SCRIPT_ID, ensureCatalogue } from '~/shared/translations';
import type { Locale } from '~/shared/locales';

export function hydrateWhenCatalogued(): void {
  // A navigation or a data load superseded by a newer one is aborted on purpose. The router's own
  // promise then rejects with that AbortError, and nothing awaits it (remix-run/react-router#14203, the
  // single-fetch race): left alone, every fast second click prints an "Uncaught (in promise)" error.
  // Only a deliberate abort is silenced; every other unhandled rejection is reported as before.
  window.addEventListener('unhandledrejection', (event) => {
    const reason: unknown = event.reason;
    if (reason instanceof DOMException && reason.name === 'AbortError') event.preventDefault();
  });

  // The page's catalogue script (the root's) loads in parallel with this module.
  const script = document.getElementById(CATALOGUE_SCRIPT_ID) as HTMLScriptElement | null;
  const ready = script ? ensureCatalogue(document.documentElement.lang as Locale, script.getAttribute('src') ?? '') : Promise.resolve();

  void ready.then(() =>
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <RemixBrowser />
        </StrictMode>,
      );
    }),
  );
}
