// The server refuses an invalid tenant, the tenant CLI names file and field, and SIGTERM is graceful.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { request, startServer } from '../support/server';

const run = promisify(execFile);

function brokenTenantsDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tenants-'));
  const tenant = JSON.parse(fs.readFileSync('tenants/flirtlokaal.json', 'utf8'));
  tenant.settings.support_email = 'not-an-email';
  fs.writeFileSync(path.join(dir, 'flirtlokaal.json'), JSON.stringify(tenant));
  return dir;
}

describe('tenant files', () => {
  it('npm run tenant:check passes on the demo tenants', async () => {
    const { stdout } = await run('npm', ['run', '--silent', 'tenant:check']);
    expect(stdout).toMatch(/ok +tenants\/flirtlokaal\.json/);
  });

  it('npm run tenant:check names the failing file and field', async () => {
    const dir = brokenTenantsDir();
    const failure = await run('npm', ['run', '--silent', 'tenant:check'], { env: { ...process.env, TENANTS_DIR: dir } }).catch((e) => e);
    expect(failure.code).toBe(1);
    expect(failure.stderr).toContain('flirtlokaal.json');
    expect(failure.stderr).toContain('settings.support_email');
  });

  it('npm run tenant:new scaffolds a file that passes the check', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tenants-'));
    const env = { ...process.env, TENANTS_DIR: dir };
    await run('npm', ['run', '--silent', 'tenant:new', '--', 'liefdesbrief', 'liefdesbrief.nl'], { env });
    const created = JSON.parse(fs.readFileSync(path.join(dir, 'liefdesbrief.json'), 'utf8'));
    expect(created).toMatchObject({ id: 'liefdesbrief', domains: ['liefdesbrief.nl'] });
    const { stdout } = await run('npm', ['run', '--silent', 'tenant:check'], { env });
    expect(stdout).toContain('liefdesbrief.json');
  });

  it('the server refuses to start on an invalid tenant, naming file and field', async () => {
    const error = await startServer({ TENANTS_DIR: brokenTenantsDir() }).catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/exited with 1/);
    expect((error as Error).message).toMatch(/flirtlokaal\.json[\s\S]*settings\.support_email/);
  });
});

describe('npm start (the demo)', () => {
  it('serves the production build without a configured session secret', async () => {
    const start = (JSON.parse(fs.readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts.start!;
    expect(start).toContain('NODE_ENV=production DEMO=1');
    const server = await startServer({ NODE_ENV: 'production', DEMO: '1', SESSION_SECRET: undefined, SKIP_SEED: '1' });
    try {
      expect((await request(server.port, 'solvhjerter.localhost:3000', '/')).status).toBe(200);
    } finally {
      await server.stop();
    }
  });
});

describe('a real production start', () => {
  it('does not serve the development mail outbox', async () => {
    // A real production start refuses tenants on the sandbox provider (docs/decisions/0034): use one on Mollie.
    const tenantsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rdv-tenants-'));
    const tenant = JSON.parse(fs.readFileSync('tenants/flirtlokaal.json', 'utf8')) as { payments: Record<string, unknown> };
    tenant.payments = { ...tenant.payments, provider: 'mollie', mollie_api_key_env: 'MOLLIE_KEY_FLIRTLOKAAL' };
    fs.writeFileSync(path.join(tenantsDir, 'flirtlokaal.json'), JSON.stringify(tenant));
    const server = await startServer({ NODE_ENV: 'production', SKIP_SEED: '1', TENANTS_DIR: tenantsDir, MOLLIE_KEY_FLIRTLOKAAL: 'test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM' });
    try {
      expect((await request(server.port, 'flirtlokaal.nl', '/dev/outbox')).status).toBe(404);
      expect((await request(server.port, 'flirtlokaal.nl', '/')).status).toBe(200);
    } finally {
      await server.stop();
    }
  });
});

describe('graceful shutdown', () => {
  it('finishes the request in flight on SIGTERM, then exits cleanly', async () => {
    const server = await startServer({ SKIP_SEED: '1' });
    let sent!: () => void;
    const requestSent = new Promise<void>((resolve) => (sent = resolve));
    const inFlight = request(server.port, 'flirtlokaal.localhost', '/', { onSent: sent });
    await requestSent;
    const exit = server.stop('SIGTERM');
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(await exit).toBe(0);
    expect(server.output()).toContain('stopped');
  });
});
