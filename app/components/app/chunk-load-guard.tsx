// The chunk-load reload guard (docs/product.md §4 "Chunk-load failure reloads the page, at most once per 60
// seconds"; issue 24 item 6). A script file that fails to load — a dynamic import (vite:preloadError,
// "Failed to fetch dynamically imported module"), or a module script or modulepreload of the page
// itself, as after a deploy that removed the old files — reloads the page once; a second failure
// within 60 s of that reload shows a translated error with a reload button instead of reloading in a
// loop. The guard is an inline script before the page's module scripts (it must work when they do
// not load), and its error box is server-rendered and hidden, so that it needs no JavaScript chunk.
// The time of the last guard reload is kept per tab in sessionStorage. Remix's own reload after a
// route module failed during a client navigation is routed through the guard (vite.config.ts), so
// one failure makes one reload, and a second within 60 s the error bar (issue 34 item 11).
import { FormattedMessage } from 'react-intl';
import styled from 'styled-components';

export const CHUNK_RELOAD_KEY = 'rdv_chunk_reload_at';
export const CHUNK_RELOAD_WINDOW_MS = 60_000;

/** Runs in the page as an inline script (self-contained: it is serialized with toString). */
function guard(key: string, windowMs: number, boxId: string): void {
  let reloading = false;
  const failed = () => {
    if (reloading) return;
    let last: number | null = null;
    try {
      const stored = Number(window.sessionStorage.getItem(key));
      last = Number.isFinite(stored) && stored > 0 ? stored : null;
    } catch {
      last = null;
    }
    const now = Date.now();
    if (last === null || now - last >= windowMs || now < last) {
      reloading = true;
      try {
        window.sessionStorage.setItem(key, String(now));
      } catch {
        // No storage: reload anyway; the page then shows the error at the next failure of this load.
      }
      window.location.reload();
      return;
    }
    const box = document.getElementById(boxId);
    // The role comes with the box, so that a hidden box is no alert to find (tests, assistive tools).
    if (box) {
      box.setAttribute('role', 'alert');
      box.hidden = false;
    }
  };
  // Remix's own reload after a route module failed to load comes here too (vite.config.ts).
  (window as unknown as { __rdvChunkFailed?: () => void }).__rdvChunkFailed = failed;
  window.addEventListener('vite:preloadError', (event) => {
    event.preventDefault();
    failed();
  });
  // Resource errors do not bubble: listen in the capture phase for scripts and module preloads.
  window.addEventListener(
    'error',
    (event) => {
      const target = event.target as HTMLElement | null;
      if (target && (target.tagName === 'SCRIPT' || (target.tagName === 'LINK' && (target as HTMLLinkElement).rel === 'modulepreload'))) failed();
    },
    true,
  );
  window.addEventListener('unhandledrejection', (event) => {
    const reason = event.reason as { message?: unknown } | null | undefined;
    const message = String(reason?.message ?? reason ?? '');
    if (/dynamically imported module|Importing a module script failed|Failed to load module script/i.test(message)) failed();
  });
  document.addEventListener('click', (event) => {
    const target = event.target as HTMLElement | null;
    if (target?.closest?.(`#${boxId} button`)) window.location.reload();
  });
}

const BOX_ID = 'chunk-load-error';

const Box = styled.div`
  position: fixed;
  inset: auto 0 0 0;
  z-index: 1000;
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
  align-items: center;
  justify-content: center;
  padding: ${({ theme }) => theme.space(4)};
  background: ${({ theme }) => theme.colors.dark};
  color: ${({ theme }) => theme.colors.onDark};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  text-align: center;

  &[hidden] {
    display: none;
  }

  p {
    margin: 0;
  }

  button {
    min-height: 44px;
    padding: 0 ${({ theme }) => theme.space(5)};
    border: 0;
    border-radius: 999px;
    background: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.onPrimary};
    font: inherit;
    font-weight: 700;
    cursor: pointer;
  }
`;

export function ChunkLoadGuard({ nonce }: { nonce: string | undefined }) {
  // Its lines without their indentation (it holds no string or pattern across lines): its bytes are in every page.
  const script = `(${guard.toString().replace(/\n\s+/g, '\n')})(${JSON.stringify(CHUNK_RELOAD_KEY)},${CHUNK_RELOAD_WINDOW_MS},${JSON.stringify(BOX_ID)});`;
  return (
    <>
      <Box id={BOX_ID} hidden suppressHydrationWarning data-testid="chunk-error">
        <p>
          <FormattedMessage id="chunkError.text" defaultMessage="Part of this page could not be loaded. Please reload the page." />
        </p>
        <button type="button">
          <FormattedMessage id="chunkError.reload" defaultMessage="Reload the page" />
        </button>
      </Box>
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: script }} />
    </>
  );
}
