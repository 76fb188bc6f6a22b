import { RemixBrowser } from '@remix-run/react';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { CATALOGUE_SCRIPT_ID, ensureCatalogue } from './shared/translations';
import type { Locale } from './shared/locales';

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
