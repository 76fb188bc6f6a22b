// Serves the floor's production build with Express and @remix-run/express, as bench/pages.ts measures it.
import path from 'node:path';
import { createRequestHandler } from '@remix-run/express';
import type { ServerBuild } from '@remix-run/node';
import express from 'express';

const build = (await import(path.join(import.meta.dirname, 'build/server/index.js'))) as ServerBuild;
const app = express();
app.disable('x-powered-by');
app.all('*', createRequestHandler({ build, mode: 'production' }));
const server = app.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(`floor listening on ${typeof address === 'object' && address ? address.port : 0}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
