// npm run fleet:ctl -- status | hold <N> | release — takes one instance of a running `npm run fleet` out
// for maintenance and brings it back (docs/deploy.md). Reads DATA_DIR/fleet.json (DATA_DIR as the fleet
// was started with, default ./data) and signals the processes it names:
//   hold N    SIGTERM to instance N: it drains and exits 0, and the fleet keeps it down;
//   release   SIGUSR2 to the fleet: every held instance starts again on its port;
//   status    each instance's port, pid and state (running or held).
import fs from 'node:fs';
import path from 'node:path';

interface FleetFile {
  pid: number;
  instances: { port: number; pid: number | null; state: 'running' | 'held' }[];
}

const [command, argument] = process.argv.slice(2);
const file = path.join(path.resolve(process.env.DATA_DIR ?? './data'), 'fleet.json');

function fail(message: string): never {
  console.error(`[fleet:ctl] ${message}`);
  process.exit(1);
}

if (!fs.existsSync(file)) fail(`no running fleet: ${file} does not exist (start one with npm run fleet, or set DATA_DIR as it was started with)`);
const fleet = JSON.parse(fs.readFileSync(file, 'utf8')) as FleetFile;

switch (command) {
  case 'status':
    for (const [index, instance] of fleet.instances.entries()) console.log(`instance ${index}: port ${instance.port}, ${instance.state}${instance.pid ? `, pid ${instance.pid}` : ''}`);
    break;
  case 'hold': {
    const index = Number(argument);
    const instance = Number.isInteger(index) ? fleet.instances[index] : undefined;
    if (!instance) fail(`hold needs an instance number from 0 to ${fleet.instances.length - 1} (got ${argument ?? 'nothing'})`);
    if (instance.state === 'held' || !instance.pid) fail(`instance ${index} is already held`);
    process.kill(instance.pid, 'SIGTERM');
    console.log(`instance ${index} (port ${instance.port}) is draining; the fleet keeps it down until npm run fleet:ctl -- release`);
    break;
  }
  case 'release':
    process.kill(fleet.pid, 'SIGUSR2');
    console.log(`asked the fleet (pid ${fleet.pid}) to start its held instances again`);
    break;
  default:
    fail('usage: npm run fleet:ctl -- status | hold <N> | release');
}
