import { vitePlugin as remix } from '@remix-run/dev';
import { transformAsync } from '@babel/core';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import { remixConfig } from './remix.config';

/**
 * Runs babel-plugin-styled-components over app code so that component ids are stable per file:
 * without it, lazily discovered routes hydrate with different class names than the server sent.
 */
function styledComponentsIds(): Plugin {
  return {
    name: 'rendezvous:styled-components-ids',
    enforce: 'pre',
    async transform(code, id) {
      if (!/\/app\/.*\.tsx?$/.test(id) || id.includes('node_modules') || !code.includes('styled-components')) return null;
      const result = await transformAsync(code, {
        filename: id,
        babelrc: false,
        configFile: false,
        sourceMaps: true,
        parserOpts: { plugins: ['typescript', 'jsx'] },
        plugins: [['babel-plugin-styled-components', { ssr: true, displayName: true, fileName: false }]],
      });
      return result?.code ? { code: result.code, map: result.map } : null;
    },
  };
}

/**
 * Remix reloads the page by itself when a route module fails to load during a client navigation
 * (@remix-run/react routeModules.js), besides the chunk-load guard: two reloads at once, and a
 * reload every time, never the guard's error bar (issue 34 item 11). Its reload goes through the
 * guard instead (window.__rdvChunkFailed, app/components/app/chunk-load-guard.tsx), which reloads
 * at most once per 60 s and shows the error bar otherwise.
 */
function remixReloadThroughGuard(): Plugin {
  const RELOAD = 'window.location.reload();';
  return {
    name: 'rendezvous:remix-reload-through-guard',
    transform(code, id) {
      if (!/@remix-run\/react\/dist\/esm\/routeModules\.js$/.test(id)) return null;
      if (!code.includes(RELOAD)) throw new Error(`${id} no longer reloads with ${RELOAD}: check the chunk-load guard's hook`);
      return { code: code.replace(RELOAD, '(window.__rdvChunkFailed || function () { window.location.reload(); })();'), map: null };
    },
  };
}

export default defineConfig({
  plugins: [styledComponentsIds(), remixReloadThroughGuard(), remix(remixConfig)],
  resolve: { alias: { '~': path.resolve(import.meta.dirname, 'app') } },
  ssr: { noExternal: ['styled-components'] },
  optimizeDeps: { include: ['styled-components', '@emotion/is-prop-valid', 'stylis', 'react-intl', 'valtio'] },
  // styled-components writes its rules as text, not through the CSSOM, so that its <style> element
  // can move to a new <head> with every rule (app/components/app/kept-styles.tsx).
  define: { SC_DISABLE_SPEEDY: 'true' },
  build: { target: 'es2022' },
  server: { hmr: { port: 24678 } },
});
