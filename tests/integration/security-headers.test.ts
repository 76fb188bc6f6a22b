// Issue 31 item 6: Strict-Transport-Security on requests that arrived over HTTPS (here through the
// trusted loopback proxy) in a production start, never over plain HTTP; a Permissions-Policy that
// allows only what the site uses (geolocation for the member search, nothing powerful elsewhere).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HSTS, permissionsPolicy } from '~/.server/http/security-headers';
import { request, startServer, type RunningServer } from '../support/server';

let server: RunningServer;
const host = () => `flirtlokaal.localhost:${server.port}`;

beforeAll(async () => {
  // A production start (the demo's: no real payment provider needed); admission control off, so
  // that the shared test machine's load never answers 503 here.
  server = await startServer({ NODE_ENV: 'production', DEMO: '1', SKIP_SEED: '1', TRUST_PROXY: 'loopback', OVERLOAD_DELAY_MS: '0' });
});

afterAll(async () => {
  await server?.stop();
});

describe('Strict-Transport-Security', () => {
  it('is sent on a request that came over https through the trusted proxy', async () => {
    for (const path of ['/', '/api/settings.php', '/login']) {
      const res = await request(server.port, host(), path, { headers: { 'x-forwarded-proto': 'https' } });
      expect(res.headers['strict-transport-security'], path).toBe(HSTS);
    }
  });

  it('is never sent over plain http', async () => {
    for (const proto of [undefined, 'http']) {
      const res = await request(server.port, host(), '/', { headers: proto ? { 'x-forwarded-proto': proto } : {} });
      expect(res.status).toBe(200);
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });
});

describe('Permissions-Policy', () => {
  it('lets the member search use geolocation and turns off camera, microphone, payment and the rest', async () => {
    for (const path of ['/members', '/', '/login']) {
      const policy = String((await request(server.port, host(), path)).headers['permissions-policy']);
      expect(policy, path).toContain('geolocation=(self)');
      for (const feature of ['camera', 'microphone', 'payment', 'usb', 'clipboard-write', 'display-capture']) expect(policy, path).toContain(`${feature}=()`);
    }
  });

  it('gives the operator console no geolocation', async () => {
    const policy = String((await request(server.port, host(), '/operator/login')).headers['permissions-policy']);
    expect(policy).toContain('geolocation=()');
    expect(policy).toBe(permissionsPolicy('/operator/login'));
  });
});
