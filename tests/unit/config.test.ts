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

  it('takes the network console host ADMIN_HOST (port ignored), admin.localhost by default outside real production, none in it', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).ADMIN_HOST).toBe('admin.localhost');
    expect(loadConfig({ ADMIN_HOST: 'Admin.Example.com:8443', DATA_DIR: tmp() }).ADMIN_HOST).toBe('admin.example.com');
    expect(loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32), DATA_DIR: tmp() }).ADMIN_HOST).toBeUndefined();
    expect(() => loadConfig({ ADMIN_HOST: 'http://admin.example.com/', DATA_DIR: tmp() })).toThrow(/ADMIN_HOST: a host name/);
    expect(() => loadConfig({ ADMIN_HOST: 'admin example', DATA_DIR: tmp() })).toThrow(/ADMIN_HOST: /);
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

  describe('media storage (MEDIA_S3_*)', () => {
    it('keeps media on the local disk when no MEDIA_S3_ variable is set', () => {
      expect(loadConfig({ DATA_DIR: tmp() }).MEDIA_S3).toBeNull();
      expect(loadConfig({ DATA_DIR: tmp(), MEDIA_S3_BUCKET: '', MEDIA_S3_ENDPOINT: '' }).MEDIA_S3).toBeNull();
    });

    it('turns the S3 store on with a bucket, path-style by default for a custom endpoint', () => {
      const config = loadConfig({
        DATA_DIR: tmp(),
        MEDIA_S3_BUCKET: 'rdv-media',
        MEDIA_S3_ENDPOINT: 'http://127.0.0.1:9000',
        MEDIA_S3_ACCESS_KEY_ID: 'key',
        MEDIA_S3_SECRET_ACCESS_KEY: 'secret',
        MEDIA_S3_PREFIX: 'prod/media/',
      });
      expect(config.MEDIA_S3).toEqual({ bucket: 'rdv-media', endpoint: 'http://127.0.0.1:9000', region: 'us-east-1', accessKeyId: 'key', secretAccessKey: 'secret', forcePathStyle: true, prefix: 'prod/media/' });
      expect(loadConfig({ DATA_DIR: tmp(), MEDIA_S3_BUCKET: 'rdv-media', MEDIA_S3_REGION: 'eu-central-1' }).MEDIA_S3).toEqual({
        bucket: 'rdv-media',
        endpoint: undefined,
        region: 'eu-central-1',
        accessKeyId: undefined,
        secretAccessKey: undefined,
        forcePathStyle: false,
        prefix: '',
      });
      expect(loadConfig({ DATA_DIR: tmp(), MEDIA_S3_BUCKET: 'rdv-media', MEDIA_S3_ENDPOINT: 'https://s3.example.com', MEDIA_S3_FORCE_PATH_STYLE: '0' }).MEDIA_S3?.forcePathStyle).toBe(false);
    });

    it('stops at start with the variable named when the S3 settings do not add up', () => {
      expect(() => loadConfig({ DATA_DIR: tmp(), MEDIA_S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/MEDIA_S3_BUCKET: required when any MEDIA_S3_ variable is set/);
      expect(() => loadConfig({ DATA_DIR: tmp(), MEDIA_S3_BUCKET: 'Bad_Bucket' })).toThrow(/MEDIA_S3_BUCKET: /);
      expect(() => loadConfig({ DATA_DIR: tmp(), MEDIA_S3_BUCKET: 'b-1', MEDIA_S3_ENDPOINT: 'ftp://x' })).toThrow(/MEDIA_S3_ENDPOINT: /);
      expect(() => loadConfig({ DATA_DIR: tmp(), MEDIA_S3_BUCKET: 'b-1', MEDIA_S3_ACCESS_KEY_ID: 'key' })).toThrow(/MEDIA_S3_SECRET_ACCESS_KEY: required with MEDIA_S3_ACCESS_KEY_ID/);
      expect(() => loadConfig({ DATA_DIR: tmp(), MEDIA_S3_BUCKET: 'b-1', MEDIA_S3_SECRET_ACCESS_KEY: 'secret' })).toThrow(/MEDIA_S3_ACCESS_KEY_ID: required with MEDIA_S3_SECRET_ACCESS_KEY/);
      expect(() => loadConfig({ DATA_DIR: tmp(), MEDIA_S3_BUCKET: 'b-1', MEDIA_S3_PREFIX: '../up/' })).toThrow(/MEDIA_S3_PREFIX: /);
      expect(() => loadConfig({ DATA_DIR: tmp(), MEDIA_S3_BUCKET: 'b-1', MEDIA_S3_PREFIX: 'no-slash' })).toThrow(/MEDIA_S3_PREFIX: /);
      expect(() => loadConfig({ DATA_DIR: tmp(), MEDIA_S3_BUCKET: 'b-1', MEDIA_S3_FORCE_PATH_STYLE: 'maybe' })).toThrow(/MEDIA_S3_FORCE_PATH_STYLE: /);
    });
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
