// Values the server render needs but the browser already has in the HTML, so they stay out of
// loader data (docs/decisions/0025): a loader puts them in the request's `serverOnly` map (only on a
// document request), entry.server provides the map, and components read it while rendering on the
// server. In the browser the hook returns undefined; the component takes the value from the DOM.
import { createContext, useContext } from 'react';

export { STATIC_PAGE_TEXT } from '~/shared/server-only-keys';

const ServerOnlyContext = createContext<ReadonlyMap<string, unknown> | undefined>(undefined);
export const ServerOnlyProvider = ServerOnlyContext.Provider;

export function useServerOnly<T>(key: string): T | undefined {
  return useContext(ServerOnlyContext)?.get(key) as T | undefined;
}
