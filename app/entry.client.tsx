import { RemixBrowser } from '@remix-run/react';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { CATALOGUE_SCRIPT_ID, ensureCatalogue } from './shared/translations';
import type { Locale } from './shared/locales';

// A navigation or a data load superseded by a newer one is aborted on purpose. The router's own
// promise then rejects with that AbortError, and nothing awaits it (remix-run/react-router#14203, the
// single-fetch race): left alone, every fast second click prints an "Uncaught (in promise)" error.
// Only a deliberate abort is silenced; every other unhandled rejection is reported as before.
window.addEventListener('unhandledrejection', (event) => {
  const reason: unknown = event.reason;
  if (reason instanceof DOMException && reason.name === 'AbortError') event.preventDefault();
});

// The page's catalogue script (root.tsx) loads in parallel with this module: hydrate with it, so
// the first render in the browser speaks the same language as the server's HTML.
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
