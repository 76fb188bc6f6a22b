import { vitePlugin as remix } from '@remix-run/dev';
import { transformAsync } from '@babel/core';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, transformWithEsbuild, type Plugin } from 'vite';
import { remixConfig } from './remix.config';

/**
 * Runs babel-plugin-styled-components over app code so that component ids are stable per file:
 * without it, lazily discovered routes hydrate with different class names than the server sent.
 */
export function styledComponentsIds(): Plugin {
  // Component names in class names (`ButtonLink-sc-…`) help in development only: in a build they cost
  // every page about a kilobyte of HTML (tests/integration/page-weight.test.ts).
  let displayName = true;
  return {
    name: 'rendezvous:styled-components-ids',
    enforce: 'pre',
    configResolved(config) {
      displayName = config.command !== 'build';
    },
    async transform(code, id) {
      if (!/\/app\/.*\.tsx?$/.test(id) || id.includes('node_modules') || !code.includes('styled-components')) return null;
      const result = await transformAsync(code, {
        filename: id,
        babelrc: false,
        configFile: false,
        sourceMaps: true,
        parserOpts: { plugins: ['typescript', 'jsx'] },
        plugins: [['babel-plugin-styled-components', { ssr: true, displayName, fileName: false }]],
      });
      return result?.code ? { code: result.code, map: result.map } : null;
    },
  };
}

/**
 * The inline scripts the server writes into every page as a function's text (`fn.toString()`: the
 * wake script of sleeping pages, the chunk-load guard) are minified in the server build too, as the
 * browser's build is: their bytes are in every page's HTML (docs/decisions/0042).
 */
const INLINE_SCRIPT_MODULES = /\/app\/components\/(?:landers\/wake\.ts|app\/chunk-load-guard\.tsx)$/;
export function minifiedInlineScripts(): Plugin {
  return {
    name: 'rendezvous:minified-inline-scripts',
    enforce: 'post',
    apply: 'build',
    async transform(code, id, options) {
      if (!options?.ssr || !INLINE_SCRIPT_MODULES.test(id)) return null;
      const result = await transformWithEsbuild(code, id, { loader: 'js', minify: true, target: 'es2022', format: 'esm' });
      return { code: result.code, map: result.map };
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
export function remixReloadThroughGuard(): Plugin {
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

/**
 * The wake script of sleeping pages (app/shared/wake.ts, docs/decisions/0042) as a hashed
 * file in build/client/assets: served by the static mount before admission control, so that a busy
 * server never refuses the script a sleeping page needs to wake. The server build learns its URL
 * through `__RDV_WAKE_URL__` (app/.server/http/wake-asset.ts).
 */
async function wakeScriptFile(): Promise<{ fileName: string; body: string }> {
  const source = fs.readFileSync(path.resolve(import.meta.dirname, 'app/shared/wake.ts'), 'utf8');
  const code = (await transformWithEsbuild(source, 'wake.ts', { loader: 'ts', minify: true, format: 'esm', target: 'es2022' })).code;
  const module = (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as { WAKE_SCRIPT: string };
  const body = `${module.WAKE_SCRIPT};\n`;
  return { fileName: `assets/wake-${crypto.createHash('sha256').update(body).digest('hex').slice(0, 12)}.js`, body };
}

function wakeScriptAsset(file: { fileName: string; body: string }): Plugin {
  let ssr = false;
  return {
    name: 'rendezvous:wake-script-asset',
    apply: 'build',
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
    },
    generateBundle() {
      if (!ssr) this.emitFile({ type: 'asset', fileName: file.fileName, source: file.body });
    },
  };
}

const wakeFile = await wakeScriptFile();

/**
 * Resource routes (the thin /api/*.php files, token pages that redirect) have no component: their
 * client chunk is empty by design, and Rollup's EMPTY_BUNDLE warning for each of them buried the build's
 * real output (issue 50). Any other empty chunk still warns.
 */
const ROUTES_DIR = path.resolve(import.meta.dirname, 'app/routes');
const resourceRoutes = new Set(
  fs
    .readdirSync(ROUTES_DIR)
    .filter((file) => /\.tsx?$/.test(file) && !/export default/.test(fs.readFileSync(path.join(ROUTES_DIR, file), 'utf8')))
    // Rollup's chunk names write Remix's [.] escapes and $params with underscores.
    .map((file) => file.replace(/\.tsx?$/, '').replace(/[[\]$]/g, '_')),
);

export default defineConfig({
  plugins: [styledComponentsIds(), remixReloadThroughGuard(), remix(remixConfig), minifiedInlineScripts(), wakeScriptAsset(wakeFile)],
  resolve: { alias: { '~': path.resolve(import.meta.dirname, 'app') } },
  ssr: { noExternal: ['styled-components'] },
  optimizeDeps: { include: ['styled-components', '@emotion/is-prop-valid', 'stylis', 'react-intl', 'valtio'] },
  // styled-components writes its rules as text, not through the CSSOM, so that its <style> element
  // can move to a new <head> with every rule (app/components/app/kept-styles.tsx).
  define: { SC_DISABLE_SPEEDY: 'true', __RDV_WAKE_URL__: JSON.stringify(`/${wakeFile.fileName}`) },
  build: {
    target: 'es2022',
    rollupOptions: {
      // Shared chunks under 2 KB are merged into a chunk they always load with (Rollup's own merge,
      // which keeps the order of side effects): each chunk costs every page that loads it a
      // modulepreload link and a line in the route manifest (tests/integration/page-weight.test.ts).
      output: { experimentalMinChunkSize: 2048 },
      onwarn(warning, warn) {
        if (warning.code === 'EMPTY_BUNDLE' && warning.names?.every((name) => resourceRoutes.has(name))) return;
        warn(warning);
      },
    },
  },
  server: { hmr: { port: 24678 } },
});
