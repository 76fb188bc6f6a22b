// Keeps styled-components' <style> elements in the document when Remix swaps the root between the
// page and the error page: those are two different React elements (element / errorElement), so
// React builds a new <html> with a new <head>, and the style element that styled-components put
// into the old head would be gone with it — an error page reached by client-side navigation then
// had no styles at all. styled-components writes its rules as text here (SC_DISABLE_SPEEDY in
// vite.config.ts; rules inserted through the CSSOM are lost with a detached element), so moving the
// element into the new head keeps every rule.
import { useEffect, useLayoutEffect, type ReactNode } from 'react';

const useIsomorphicLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect;
const kept = new Set<HTMLStyleElement>();

export function KeptStyles({ children }: { children: ReactNode }) {
  useIsomorphicLayoutEffect(() => {
    for (const element of document.querySelectorAll<HTMLStyleElement>('style[data-styled]')) kept.add(element);
    for (const element of kept) if (!element.isConnected) document.head.appendChild(element);
  });
  return children;
}
