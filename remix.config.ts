// Remix options, shared by vite.config.ts. Every v3 future flag is on (see docs/decisions/0001).
import type { VitePluginConfig } from '@remix-run/dev';

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true;
  }
}

export const remixConfig = {
  appDirectory: 'app',
  buildDirectory: 'build',
  serverModuleFormat: 'esm',
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_singleFetch: true,
    v3_lazyRouteDiscovery: true,
    v3_routeConfig: true,
  },
} satisfies VitePluginConfig;
