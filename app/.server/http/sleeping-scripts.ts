// Pages that hydrate on demand (the landers, docs/decisions/0035): their Remix scripts stay in the
// HTML but asleep — `type="text/rdv-lazy"` (a module keeps its type in data-type) and module
// preloads as `rel="rdv-mp"` (decision 0042: 11 bytes less per link than `rdv-modulepreload`) — so the browser fetches and runs none of them until the
// page's wake script (app/shared/wake.ts) runs them. Attributes only: the elements stay
// where React rendered them, so hydration later finds the DOM it expects.
import type { EntryContext } from '@remix-run/node';
import { SLEEPING_TYPE, sleepsFor, WAKE_SCRIPT_ID, type HydrateWhen } from '~/shared/wake';

/** Whether the page's route asks to hydrate on demand (handle `hydrate`) for this viewer and rendered without an error. */
export function hydratesOnDemand(context: EntryContext, loggedIn: boolean): boolean {
  const { matches, errors } = context.staticHandlerContext;
  if (errors) return false;
  const deepest = matches[matches.length - 1];
  const handle = deepest ? (context.routeModules[deepest.route.id]?.handle as { hydrate?: HydrateWhen } | undefined) : undefined;
  return sleepsFor(handle?.hydrate, loggedIn);
}

/** The HTML with every script but the wake script and data blocks asleep. */
export function putScriptsToSleep(html: string): string {
  return html
    .replace(/<link rel="modulepreload"/g, '<link rel="rdv-mp"')
    .replace(/<script\b([^>]*)>/g, (tag, attributes: string) => {
      if (attributes.includes(`id="${WAKE_SCRIPT_ID}"`) || /\btype="application\/(?:ld\+)?json"/.test(attributes)) return tag;
      return `<script type="${SLEEPING_TYPE}"${attributes.replace(/\btype="module"/, 'data-type="module"')}>`;
    });
}

/**
 * The page for a preview frame of the network wizard (http/network-preview.ts): its frames are
 * sandboxed without scripts, and each script element the browser refused was a console error (issue
 * 48 item 18). The scripts and their preloads are left out (data blocks too: nothing reads them),
 * as is any autofocus, and the icon, which the frame asks its own host for, is the draft's under `base` (`/preview/<token>`).
 */
export function withoutScripts(base: string): (html: string) => string {
  return (html) =>
    html
      .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
      .replace(/<link rel="modulepreload"[^>]*>/g, '')
      // An autofocus in a frame without scripts is refused too (and logged): the preview is only looked at.
      .replace(/ autofocus=""/g, '')
      .replace(/(<link rel="icon" href=")\/icon\.svg"/g, `$1${base}/icon.svg"`);
}
