// The two Remix apps' builds and their static files (docs/decisions/0072): the sites' app (build/) and
// the network console's (build/network). A production start imports each build and serves its hashed
// assets for good; `npm run dev` runs a Vite server per app in middleware mode instead.
import fs from 'node:fs';
import path from 'node:path';
import type { ServerBuild } from '@remix-run/node';
import { unstable_setDevServerHooks as setDevServerHooks } from '@remix-run/server-runtime';
import express, { type RequestHandler } from 'express';

export interface RemixApp {
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Its static files: the Vite server's middlewares in development, else the built client folder. */
  files: RequestHandler;
  close: () => Promise<void>;
}

const pass: RequestHandler = (_req, _res, next) => next();

export async function sitesApp(development: boolean): Promise<RemixApp> {
  if (development) {
    const vite = await (await import('vite')).createServer({ server: { middlewareMode: true } });
    return { build: () => vite.ssrLoadModule('virtual:remix/server-build') as Promise<ServerBuild>, files: vite.middlewares, close: () => vite.close() };
  }
  // Hashed file names: cache for good. Other public files only where one exists: a file-system stat on
  // every page and API request cost more than it served (docs/decisions/0025).
  const files = express.Router();
  files.use('/assets', express.static('build/client/assets', { immutable: true, maxAge: '1y' }));
  const publicFiles = new Set(fs.readdirSync('build/client').filter((name) => name !== 'assets' && !name.startsWith('.')));
  const servePublic = express.static('build/client', { maxAge: '1h' });
  if (publicFiles.size) files.use((req, res, next) => (publicFiles.has(req.path.split('/')[1] ?? '') ? servePublic(req, res, next) : next()));
  return { build: (await import(path.resolve('build/server/index.js'))) as ServerBuild, files, close: async () => {} };
}

/** After sitesApp: in development its dev hook replaces the one the sites' Vite server set. */
export async function consoleApp(development: boolean): Promise<RemixApp> {
  if (!development) {
    // The console's static files are served by its host (http/console-host.ts).
    return { build: (await import(path.resolve('build/network/server/index.js'))) as ServerBuild, files: pass, close: async () => {} };
  }
  const vite = await (await import('vite')).createServer({ configFile: 'vite.network.config.ts', server: { middlewareMode: true } });
  // Each Remix Vite plugin sets the one process-wide dev hook to its own app's critical CSS, so the
  // second would answer the first app's pages from its own route table. Neither app imports a CSS
  // file (styled-components), so there is no critical CSS to find: the hook answers none.
  setDevServerHooks({
    getCriticalCss: async () => undefined,
    processRequestError: (error: unknown) => {
      if (error instanceof Error) vite.ssrFixStacktrace(error);
    },
  });
  return { build: () => vite.ssrLoadModule('virtual:remix/server-build') as Promise<ServerBuild>, files: vite.middlewares, close: () => vite.close() };
}
