// Starts the production build (build/server.js, bundled from server.ts by npm run build) as a child process on a free port, with its own data
// folder and database, and stops it again.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { openDatabase } from '../../app/.server/db/database';
import type { DB } from '../../app/.server/db/schema';
import { databaseKinds } from './databases';

export interface RunningServer {
  port: number;
  /** The PostgreSQL database it uses (undefined on PGlite): a second server started with it shares the data. */
  databaseUrl: string | undefined;
  dataDir: string;
  output: () => string;
  stop: (signal?: NodeJS.Signals, options?: { keepData?: boolean }) => Promise<number | null>;
  process: ChildProcess;
  /** The environment it was started with (beyond the defaults). */
  env: Record<string, string | undefined>;
  /** Stops it and starts the build again on the same data folder and database (a next start); the new server's stop removes them. */
  restart: () => Promise<RunningServer>;
}

/**
 * Starts build/server.js with NODE_ENV=test. Its database is a fresh one on the PostgreSQL server when
 * DATABASE_URL is set (as in CI), else an embedded PGlite in a temporary folder.
 */
export async function startServer(
  env: Record<string, string | undefined> = {},
  options: {
    dataDir?: string;
    drop?: () => Promise<void>;
    /** How long the start may take (2 minutes unless told): a start with the demo's 60 days of history (DEMO_HISTORY=on) takes several on a busy machine. */
    startTimeoutMs?: number;
    /** The folder whose build/server.js runs (this checkout unless told): a benchmark comparing with another commit (bench/mix.ts), or another runtime's install beside a copy of build/ (bench/runtimes.ts). */
    cwd?: string;
    /** The Node that runs it (this one unless told): bench/runtimes.ts's other runtime. */
    execPath?: string;
  } = {},
): Promise<RunningServer> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'rdv-server-'));
  const kind = databaseKinds[databaseKinds.length - 1]!;
  // A restart on the same data keeps its database (PGlite lives in dataDir; PostgreSQL's is in env).
  // PostgreSQL from the migrated template (tests/support/databases.ts): the server's own migration run then finds nothing to do.
  const database = options.dataDir ? { url: undefined, drop: options.drop ?? (async () => {}) } : await kind.create({ migrated: kind.name === 'postgres' });
  const child = spawn(options.execPath ?? process.execPath, ['build/server.js'], {
    cwd: options.cwd,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
      DATABASE_URL: database.url ?? '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let listening = false;
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const port = await new Promise<number>((resolve, reject) => {
    // A start that takes too long is stopped: no server is left running without a test to stop it.
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start:\n${output}`));
    }, options.startTimeoutMs ?? 120_000);
    void listeningPort(child.stdout!).then((found) => {
      clearTimeout(timer);
      listening = true;
      resolve(found);
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      // A start that failed leaves nothing behind; a started server's database goes with stop() (or stays for a restart).
      if (!listening) void database.drop();
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  const stop = (signal: NodeJS.Signals = 'SIGTERM', { keepData = false } = {}) =>
    new Promise<number | null>((resolve) => {
      const done = (code: number | null) => {
        if (keepData) return resolve(code);
        fs.rmSync(dataDir, { recursive: true, force: true });
        void database.drop().then(() => resolve(code));
      };
      if (child.exitCode !== null || child.signalCode !== null) return done(child.exitCode);
      child.once('exit', done);
      child.kill(signal);
    });
  return {
    port,
    databaseUrl: env.DATABASE_URL ?? database.url,
    dataDir,
    process: child,
    env: { ...env, DATABASE_URL: env.DATABASE_URL ?? database.url },
    output: () => output,
    stop,
    restart: async () => {
      await stop('SIGTERM', { keepData: true });
      return startServer({ ...env, DATABASE_URL: env.DATABASE_URL ?? database.url }, { dataDir, drop: database.drop, cwd: options.cwd, execPath: options.execPath });
    },
  };
}

/**
 * Reads the server's database in a test, on either kind: PostgreSQL alongside the running server;
 * PGlite (one process at a time) by stopping the server, reading its data folder and starting it
 * again on the same data. Use the returned server from then on (its port may have changed).
 */
export async function withServerDatabase<T>(server: RunningServer, read: (db: Kysely<DB>) => Promise<T>): Promise<{ server: RunningServer; result: T }> {
  if (server.databaseUrl) {
    const database = await openDatabase({ databaseUrl: server.databaseUrl, poolSize: 1 });
    try {
      return { server, result: await read(database.db) };
    } finally {
      await database.close();
    }
  }
  await server.stop('SIGTERM', { keepData: true });
  const database = await openDatabase({ dataDir: path.join(server.dataDir, 'pglite') });
  let result: T;
  try {
    result = await read(database.db);
  } finally {
    await database.close();
  }
  return { server: await startServer(server.env, { dataDir: server.dataDir }), result };
}

/**
 * The port a starting server names in its start line ("listening on http://localhost:<port>"); stops
 * reading its output there, so that later log lines cost the reading process nothing (a benchmark's
 * load generator runs in that process).
 */
export function listeningPort(stdout: NodeJS.ReadableStream): Promise<number> {
  let output = '';
  return new Promise((resolve) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on http:\/\/localhost:(\d+)/.exec(output);
      if (!match) return;
      stdout.off('data', read);
      stdout.resume(); // keeps flowing, unread: a full pipe would stall the server's log writes
      resolve(Number(match[1]));
    };
    stdout.on('data', read);
  });
}

/** A real browser's user agent: visits of agents isbot knows (and of none) are not counted. */
export const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

export interface HttpResult {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  text: string;
  json: <T = unknown>() => T;
}

/** An HTTP request to 127.0.0.1 with any Host header (fetch forbids setting it). */
export function request(
  port: number,
  host: string,
  pathname: string,
  options: { method?: string; headers?: Record<string, string>; body?: string | Buffer; onSent?: () => void } = {},
): Promise<HttpResult> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      // A connection per request: a server that answers before reading a body may close the socket.
      { host: '127.0.0.1', port, path: pathname, method: options.method ?? 'GET', headers: { host, ...(options.body !== undefined ? { 'content-length': String(Buffer.byteLength(options.body)) } : {}), ...options.headers }, agent: false },
      (res) => {
        // An event stream does not end: answer at its headers and hang up (tests/support/event-stream.ts reads streams).
        if (/text\/event-stream/.test(String(res.headers['content-type']))) {
          req.destroy();
          const body = Buffer.alloc(0);
          return resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text: '', json: () => JSON.parse('') });
        }
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          const text = body.toString('utf8');
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text, json: () => JSON.parse(text) });
        });
      },
    );
    req.on('error', reject);
    if (options.body !== undefined) req.write(options.body);
    req.end(() => options.onSent?.());
  });
}
