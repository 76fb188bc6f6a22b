// The wake script of sleeping pages (app/shared/wake.ts) as a file: one download a browser
// keeps for good (the hash is its content), instead of 3 KB inline in every sleeping page's HTML
// (docs/decisions/0042).
import crypto from 'node:crypto';
import { WAKE_SCRIPT } from '~/shared/wake';

const body = `${WAKE_SCRIPT};\n`;
const hash = crypto.createHash('sha256').update(body).digest('hex').slice(0, 12);

/** Set by the production build (vite.config.ts): the same script as a file in build/client/assets. */
declare const __RDV_WAKE_URL__: string | undefined;

/**
 * In production the page names the static file (served before admission control, so a busy server
 * never refuses it); the route /wake/<hash>.js serves the development server and tests without a build.
 */
export const wakeAsset = {
  url: process.env.NODE_ENV === 'production' && typeof __RDV_WAKE_URL__ === 'string' ? __RDV_WAKE_URL__ : `/wake/${hash}.js`,
  hash,
  body,
} as const;
