// The network console's build (docs/decisions/0072): its own Remix app, app/network-console, with its
// own root and routes, served on ADMIN_HOST only; the sites' build (vite.config.ts) never holds a
// console route, and this one no site's. Both share the components, themes, texts and domain code.
import { vitePlugin as remix } from '@remix-run/dev';
import path from 'node:path';
import { defineConfig } from 'vite';
import { remixConfig } from './remix.config';
import { minifiedInlineScripts, remixReloadThroughGuard, styledComponentsIds } from './vite.config';

export const NETWORK_APP = { appDirectory: 'app/network-console', buildDirectory: 'build/network' } as const;

export default defineConfig({
  plugins: [styledComponentsIds(), remixReloadThroughGuard(), remix({ ...remixConfig, ...NETWORK_APP }), minifiedInlineScripts()],
  resolve: { alias: { '~': path.resolve(import.meta.dirname, 'app') } },
  ssr: { noExternal: ['styled-components'] },
  optimizeDeps: { include: ['styled-components', '@emotion/is-prop-valid', 'stylis', 'react-intl'] },
  define: { SC_DISABLE_SPEEDY: 'true', __RDV_WAKE_URL__: JSON.stringify('') },
  build: { target: 'es2022', rollupOptions: { output: { experimentalMinChunkSize: 2048 } } },
  server: { hmr: { port: 24679 } },
});
