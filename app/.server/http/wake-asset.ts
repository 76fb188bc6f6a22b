// The wake script of sleeping pages (app/components/landers/wake.ts) as a file, `/wake/<hash>.js`:
// one download a browser keeps for good (the hash is its content), instead of 3 KB inline in every
// sleeping page's HTML (docs/decisions/0042).
import crypto from 'node:crypto';
import { WAKE_SCRIPT } from '~/components/landers/wake';

const body = `${WAKE_SCRIPT};\n`;
const hash = crypto.createHash('sha256').update(body).digest('hex').slice(0, 12);

export const wakeAsset = { url: `/wake/${hash}.js`, hash, body } as const;
