// The framework floor of bench/pages.ts: the smallest Remix page with styled-components and
// react-intl, built like the app (Remix's Vite plugin, single fetch) into bench/floor/build.
import { vitePlugin as remix } from '@remix-run/dev';
import path from 'node:path';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [
    remix({
      appDirectory: path.join(import.meta.dirname, 'app'),
      buildDirectory: path.join(import.meta.dirname, 'build'),
      serverModuleFormat: 'esm',
      future: { v3_fetcherPersist: true, v3_relativeSplatPath: true, v3_throwAbortReason: true, v3_singleFetch: true, v3_lazyRouteDiscovery: true },
    }),
  ],
  ssr: { noExternal: ['styled-components'] },
  logLevel: 'warn',
});
