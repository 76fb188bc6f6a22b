import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '~/.server/config';

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'cfg-'));

describe('loadConfig', () => {
  it('has working defaults for a fresh machine', () => {
    const dir = tmp();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({ NODE_ENV: 'development', PORT: 3000, DATA_DIR: dir });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATA_DIR: tmp() })).toThrow(/PORT: /);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x', DATA_DIR: tmp() })).toThrow(/DATABASE_URL: /);
    expect(() => loadConfig({ SESSION_SECRET: 'short', DATA_DIR: tmp() })).toThrow(/SESSION_SECRET: must be at least 32/);
  });

  it('takes an http(s) SMS gateway URL and refuses anything else', () => {
    expect(loadConfig({ SMS_URL: 'https://sms.example.com/send', DATA_DIR: tmp() }).SMS_URL).toBe('https://sms.example.com/send');
    expect(loadConfig({ SMS_URL: '', DATA_DIR: tmp() }).SMS_URL).toBeUndefined();
    expect(() => loadConfig({ SMS_URL: 'smtp://sms.example.com', DATA_DIR: tmp() })).toThrow(/SMS_URL: /);
    expect(() => loadConfig({ SMS_URL: 'not a url', DATA_DIR: tmp() })).toThrow(/SMS_URL: /);
  });

  it('requires SESSION_SECRET in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: tmp() })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: tmp() })).toThrow(/SESSION_SECRET: required in production/);
  });

  it('generates a session secret once outside production and keeps it under DATA_DIR', () => {
    const dir = tmp();
    const first = loadConfig({ DATA_DIR: dir }).SESSION_SECRET;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dir }).SESSION_SECRET).toBe(first);
    expect(fs.readFileSync(path.join(dir, 'session-secret'), 'utf8').trim()).toBe(first);
  });

  it('lets the demo (npm start) run the production build without a configured secret', () => {
    expect(loadConfig({ NODE_ENV: 'production', DEMO: '1', DATA_DIR: tmp() }).SESSION_SECRET.length).toBeGreaterThanOrEqual(32);
  });

  it('listens on loopback outside a real production start, and beyond it only when DEMO_LISTEN_PUBLIC says so', () => {
    expect(loadConfig({ NODE_ENV: 'production', DEMO: '1', DATA_DIR: tmp() }).HOST).toBe('127.0.0.1');
    expect(loadConfig({ DATA_DIR: tmp() }).HOST).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'production', DEMO: '1', HOST: '::1', DATA_DIR: tmp() }).HOST).toBe('::1');
    expect(() => loadConfig({ NODE_ENV: 'production', DEMO: '1', HOST: '0.0.0.0', DATA_DIR: tmp() })).toThrow(/HOST: 0\.0\.0\.0 is not a loopback address.*DEMO_LISTEN_PUBLIC=1/);
    expect(loadConfig({ NODE_ENV: 'production', DEMO: '1', DEMO_LISTEN_PUBLIC: '1', DATA_DIR: tmp() }).HOST).toBe('0.0.0.0');
    expect(loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32), DATA_DIR: tmp() })).toMatchObject({ HOST: '0.0.0.0', realProduction: true });
  });
});
