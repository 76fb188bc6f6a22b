// npm run fleet — a fleet on one machine (docs/deploy.md, docs/decisions/0043): Debian's nginx on PORT
// in front of INSTANCES (default 3) server processes on one PostgreSQL (DATABASE_URL) and one Redis
// (REDIS_URL), both required; members' uploads in the MEDIA_S3_* store or, when none is set, in a
// local S3-compatible store (s3rver, a devDependency) started here. A development and operations
// tool: a production fleet runs its instances under a service manager and uses a real store.
//
// Writes DATA_DIR/fleet.json = { proxy: { port, pid }, instances: [{ port, pid, log, metrics_port }] } and logs each
// instance to the file named there. An instance that crashes (a non-zero exit, a signal such as SIGKILL)
// is started again on its port; one that was asked to stop (SIGTERM to its pid: it drains and exits 0)
// is held out for maintenance until SIGUSR2 to the fleet starts every held instance again
// (`npm run fleet:ctl -- hold N | release | status`); SIGHUP restarts the running instances one after
// the other (SIGTERM: each drains before the next goes); SIGTERM or SIGINT stops everything.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { loadConfig } from '../app/.server/config';
import { freePort } from './free-port';

const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx';
const TEMPLATE = path.resolve('deploy/nginx.conf.template');

interface Instance {
  index: number;
  port: number;
  /** Its Prometheus metrics (METRICS_PORT of the instance), on 127.0.0.1. */
  metricsPort: number;
  log: string;
  child: ChildProcess | null;
  /** Set while the fleet itself stops or restarts it (no automatic start then). */
  planned: boolean;
  /** Stopped on request (it exited 0 on a signal the fleet did not send): kept down until SIGUSR2. */
  held: boolean;
}

const say = (message: string) => console.log(`[fleet] ${message}`);

function fail(message: string): never {
  console.error(`[fleet] ${message}`);
  process.exit(1);
}

const env = process.env;
if (!env.DATABASE_URL) fail('DATABASE_URL is required: the instances of a fleet share one PostgreSQL database');
if (!env.REDIS_URL) fail('REDIS_URL is required: the instances of a fleet share live events and rate limits in Redis');
const count = Number(env.INSTANCES ?? 3);
if (!Number.isInteger(count) || count < 1 || count > 32) fail(`INSTANCES must be a whole number from 1 to 32 (got ${env.INSTANCES})`);
if (!fs.existsSync(NGINX)) fail(`nginx is not installed at ${NGINX} (apt-get install nginx, or set NGINX_BIN)`);

// The instances share what loadConfig makes of this environment: validated once here (a wrong setting
// stops the fleet, not three servers), and one generated SESSION_SECRET outside production.
const baseEnv: Record<string, string | undefined> = { ...env, NODE_ENV: env.NODE_ENV ?? 'production' };
const config = (() => {
  try {
    return loadConfig(baseEnv);
  } catch (error) {
    return fail((error as Error).message);
  }
})();
const dataDir = config.DATA_DIR;
const proxyPort = config.PORT;
fs.mkdirSync(dataDir, { recursive: true });
const fleetFile = path.join(dataDir, 'fleet.json');

let nginx: ChildProcess | null = null;
let localStore: { close: () => Promise<unknown> } | null = null;
const instances: Instance[] = [];
let stopping = false;

/** The MEDIA_S3_* environment of the instances: the one given, else a local s3rver under DATA_DIR/s3. */
async function mediaEnv(): Promise<Record<string, string>> {
  if (config.MEDIA_S3) return {};
  const { default: S3rver } = await import('s3rver');
  const directory = path.join(dataDir, 's3');
  fs.mkdirSync(directory, { recursive: true });
  const bucket = 'rdv-media';
  const store = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = (await store.run()) as { port: number };
  localStore = store;
  say(`media: a local S3-compatible store (s3rver) at http://127.0.0.1:${port}, bucket ${bucket}, in ${directory} — a production fleet uses a real store`);
  return { MEDIA_S3_ENDPOINT: `http://127.0.0.1:${port}`, MEDIA_S3_BUCKET: bucket, MEDIA_S3_ACCESS_KEY_ID: 'S3RVER', MEDIA_S3_SECRET_ACCESS_KEY: 'S3RVER', MEDIA_S3_FORCE_PATH_STYLE: '1' };
}

function writeFleetFile() {
  const state = {
    pid: process.pid,
    proxy: { port: proxyPort, pid: nginx?.pid ?? null },
    instances: instances.map((instance) => ({ port: instance.port, pid: instance.child?.pid ?? null, state: instance.held ? 'held' : 'running', log: instance.log, metrics_port: instance.metricsPort })),
  };
  fs.writeFileSync(`${fleetFile}.tmp`, JSON.stringify(state, null, 2) + '\n');
  fs.renameSync(`${fleetFile}.tmp`, fleetFile);
}

let instanceEnv: NodeJS.ProcessEnv = process.env;

/** Starts an instance on its port; resolves once it listens, rejects when it exits before. */
function startInstance(instance: Instance): Promise<void> {
  const out = fs.openSync(instance.log, 'a');
  const child = spawn(process.execPath, ['build/server.js'], {
    env: { ...instanceEnv, PORT: String(instance.port), METRICS_PORT: String(instance.metricsPort), DATA_DIR: path.join(dataDir, `instance-${instance.index}`) },
    stdio: ['ignore', 'pipe', out],
  });
  fs.closeSync(out);
  instance.child = child;
  instance.planned = false;
  instance.held = false;
  const log = fs.createWriteStream(instance.log, { flags: 'a' });
  let seen = '';
  return new Promise((resolve, reject) => {
    let listening = false;
    child.stdout!.on('data', (chunk: Buffer) => {
      log.write(chunk);
      if (listening) return;
      seen = (seen + chunk.toString()).slice(-4096);
      if (/listening on http:\/\/localhost:\d+/.test(seen)) {
        listening = true;
        resolve();
      }
    });
    child.on('exit', (code, signal) => {
      log.end();
      if (instance.child === child) instance.child = null;
      if (!listening) return reject(new Error(`instance ${instance.index} (port ${instance.port}) exited with ${signal ?? code} before it listened; see ${instance.log}`));
      if (stopping || instance.planned) return;
      // The server exits 0 only after a stop it was asked for (it drained: server.ts); a crash exits 1 or by a signal.
      if (code === 0) {
        instance.held = true;
        writeFleetFile();
        say(`instance ${instance.index} (port ${instance.port}) stopped on request: held out until SIGUSR2 to the fleet (pid ${process.pid}) or npm run fleet:ctl -- release`);
        return;
      }
      say(`instance ${instance.index} (port ${instance.port}) exited with ${signal ?? code}: starting it again`);
      setTimeout(() => {
        if (stopping || instance.child) return;
        startInstance(instance)
          .then(() => {
            say(`instance ${instance.index} is back on port ${instance.port} (pid ${instance.child?.pid})`);
            writeFleetFile();
          })
          .catch((error: Error) => say(error.message));
      }, 1000);
    });
  });
}

/** Stops an instance with `signal` and waits for it (it drains on SIGTERM: docs/deploy.md). */
function stopInstance(instance: Instance, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  const child = instance.child;
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  instance.planned = true;
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

/** A free port that no instance of this fleet was given yet (a released port may be handed out again). */
async function unusedPort(also: number[] = []): Promise<number> {
  const taken = new Set([proxyPort, ...also, ...instances.flatMap((instance) => [instance.port, instance.metricsPort])]);
  for (;;) {
    const port = await freePort();
    if (!taken.has(port)) return port;
  }
}

function renderNginxConfig(prefix: string): string {
  const upstreams = instances.map((instance) => `    server 127.0.0.1:${instance.port} max_fails=1 fail_timeout=${FAIL_TIMEOUT_S}s;`).join('\n');
  const user = process.getuid?.() === 0 ? 'user root;  # started as root (a development machine): workers need the temp paths under DATA_DIR' : '# not root: nginx runs as the user who started it';
  const listenHost = config.HOST === '127.0.0.1' || config.HOST === 'localhost' ? '127.0.0.1:' : '';
  return fs
    .readFileSync(TEMPLATE, 'utf8')
    .replaceAll('{{PREFIX}}', prefix)
    .replaceAll('{{UPSTREAMS}}', upstreams)
    .replaceAll('{{LISTEN}}', `${listenHost}${proxyPort}`)
    .replaceAll('{{USER}}', user);
}

async function startNginx(): Promise<void> {
  const prefix = path.join(dataDir, 'nginx');
  for (const dir of ['', 'client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) fs.mkdirSync(path.join(prefix, dir), { recursive: true });
  const conf = path.join(prefix, 'nginx.conf');
  fs.writeFileSync(conf, renderNginxConfig(prefix));
  const child = spawn(NGINX, ['-p', prefix, '-c', conf, '-e', path.join(prefix, 'error.log')], { stdio: ['ignore', 'inherit', 'inherit'] });
  nginx = child;
  child.on('exit', (code, signal) => {
    if (stopping) return;
    say(`nginx exited with ${signal ?? code}; see ${path.join(prefix, 'error.log')}`);
    void stop(1);
  });
  // Ready once it accepts connections on PORT.
  for (let attempt = 0; attempt < 100; attempt++) {
    if (child.exitCode !== null) throw new Error(`nginx did not start; see ${path.join(prefix, 'error.log')}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(proxyPort, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`nginx does not accept connections on port ${proxyPort}`);
}

/** nginx's fail_timeout for an instance that refused a connection (the upstream block below). */
const FAIL_TIMEOUT_S = 2;

async function rollingRestart() {
  say('rolling restart: one instance after the other');
  for (const instance of instances) {
    if (stopping) return;
    // A held instance stays down: its maintenance is not over because the others restart.
    if (instance.held) continue;
    await stopInstance(instance, 'SIGTERM');
    await startInstance(instance);
    writeFleetFile();
    say(`instance ${instance.index} restarted on port ${instance.port} (pid ${instance.child?.pid})`);
    // nginx keeps an instance that refused a connection out for fail_timeout. The next one goes
    // down only once this one is back in the rotation: two out at once left a single instance, and
    // a failure there answered 502 (seen with the bundled server's 1.5 s restarts).
    await new Promise((resolve) => setTimeout(resolve, FAIL_TIMEOUT_S * 1000 + 500));
  }
  say('rolling restart done');
}

async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  say('stopping: the proxy, then the instances (each finishes its requests)');
  if (nginx && nginx.exitCode === null) {
    const exited = new Promise((resolve) => nginx!.once('exit', resolve));
    nginx.kill('SIGQUIT');
    await exited;
  }
  await Promise.all(instances.map((instance) => stopInstance(instance, 'SIGTERM')));
  await localStore?.close();
  fs.rmSync(fleetFile, { force: true });
  say('stopped');
  process.exit(code);
}

async function main() {
  instanceEnv = {
    ...process.env,
    NODE_ENV: env.NODE_ENV || 'production',
    HOST: '127.0.0.1',
    // The instances believe X-Forwarded-* from the proxy on this machine, and from nobody else.
    TRUST_PROXY: env.TRUST_PROXY ?? 'loopback',
    SESSION_SECRET: config.SESSION_SECRET,
    ...(await mediaEnv()),
  };
  for (let index = 0; index < count; index++) {
    const port = await unusedPort();
    instances.push({ index, port, metricsPort: await unusedPort([port]), log: path.join(dataDir, `instance-${index}.log`), child: null, planned: false, held: false });
  }
  // The first instance alone migrates (and seeds an empty database); the others then start together.
  await startInstance(instances[0]!);
  await Promise.all(instances.slice(1).map((instance) => startInstance(instance)));
  await startNginx();
  writeFleetFile();
  say(`${count} instances on ports ${instances.map((instance) => instance.port).join(', ')}; logs ${path.join(dataDir, 'instance-*.log')}; state ${fleetFile}`);
  say(`proxy listening on http://localhost:${proxyPort}`);
}

let restarting: Promise<void> | null = null;
process.on('SIGHUP', () => {
  restarting ??= rollingRestart()
    .catch((error: Error) => say(`rolling restart failed: ${error.message}`))
    .finally(() => (restarting = null));
});
process.on('SIGUSR2', () => {
  for (const instance of instances.filter((one) => one.held && !one.child)) {
    say(`instance ${instance.index}: released, starting it on port ${instance.port}`);
    startInstance(instance)
      .then(() => {
        say(`instance ${instance.index} is back on port ${instance.port} (pid ${instance.child?.pid})`);
        writeFleetFile();
      })
      .catch((error: Error) => say(error.message));
  }
});
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());

main().catch(async (error: unknown) => {
  console.error(`[fleet] ${error instanceof Error ? error.message : String(error)}`);
  await stop(1);
});
