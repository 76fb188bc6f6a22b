// Media for a fleet (issue 22 item 5, docs/decisions/0026): two server instances on one PostgreSQL,
// one Redis and one S3-compatible store (s3rver on 127.0.0.1), each with its own empty DATA_DIR,
// serve each other's uploads over HTTP under the same rules, and a deletion through either is a
// deletion for both — and for the store.
import sharp from 'sharp';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eraseExpiredAccounts } from '~/.server/accounts/deletion';
import { openDatabase, type Database } from '~/.server/db/database';
import { createS3Storage } from '~/.server/media/s3-storage';
import { seedDemoProfiles } from '~/.server/seed/demo-profiles';
import { buyCredits, signUpMember, type TestMember } from '../support/members';
import { startLocalS3, type LocalS3 } from '../support/s3';
import { request, startServer, type RunningServer } from '../support/server';

const TENANT = 'flirtlokaal';
const PREFIX = 'fleet/';

describe.skipIf(!process.env.DATABASE_URL || !process.env.REDIS_URL)('two servers on one PostgreSQL, Redis and S3 store', () => {
  let s3: LocalS3;
  let a: RunningServer;
  let b: RunningServer;
  let shared: Database;
  let n = 0;

  const host = (server: RunningServer, tenant = TENANT) => `${tenant}.localhost:${server.port}`;
  const get = (server: RunningServer, path: string, member?: TestMember, headers: Record<string, string> = {}, tenant = TENANT) =>
    request(server.port, host(server, tenant), path, { headers: { ...(member ? { cookie: member.session } : {}), ...headers } });

  async function multipart(server: RunningServer, path: string, member: TestMember, fields: Record<string, string>, image: Buffer) {
    const boundary = `----rdv${Date.now()}${n}`;
    const parts: Buffer[] = [];
    for (const [key, value] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`));
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`), image, Buffer.from(`\r\n--${boundary}--\r\n`));
    return request(server.port, host(server), path, {
      method: 'POST',
      body: Buffer.concat(parts),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, origin: `http://${host(server)}`, cookie: member.session },
    });
  }
  async function member(server: RunningServer, name: string, gender: 'male' | 'female'): Promise<TestMember> {
    n++;
    return signUpMember(server, TENANT, { name: `${name}${n}`, country: 'NL', gender, seeking: 'both', ip: `10.22.5.${n}` });
  }
  const png = (colour: string) => sharp({ create: { width: 640, height: 480, channels: 3, background: colour } }).png().toBuffer();

  beforeAll(async () => {
    s3 = await startLocalS3();
    a = await startServer({ TRUST_PROXY: 'loopback', ...s3.env(PREFIX) });
    b = await startServer({ TRUST_PROXY: 'loopback', ...s3.env(PREFIX), DATABASE_URL: a.databaseUrl });
    shared = await openDatabase({ databaseUrl: a.databaseUrl, poolSize: 2 });
  });

  let storeStopped = false;

  afterAll(async () => {
    await shared?.close();
    // B first: A's stop drops the database they share.
    await b?.stop();
    await a?.stop();
    if (!storeStopped) await s3?.stop();
  });

  it('says at start which store it uses', () => {
    for (const server of [a, b]) expect(server.output()).toContain(`media: S3 bucket ${s3.bucket} at ${s3.endpoint}`);
  });

  it('serves a profile photo uploaded through A from B, on its tenant\'s hosts only, and neither serves it once deleted through B', async () => {
    const ann = await member(a, 'Ann', 'female');
    const upload = await multipart(a, '/api/photos.php', ann, {}, await png('#e6317a'));
    expect(upload.status).toBe(201);
    const photo = upload.json<{ photo: { id: number; filename: string; thumb_filename: string } }>().photo;
    expect(await s3.keys()).toEqual(expect.arrayContaining([`${PREFIX}${photo.filename.replace(/^\/media\//, '')}`]));

    const fromA = await get(a, photo.filename);
    const fromB = await get(b, photo.filename);
    for (const res of [fromA, fromB]) {
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('private, no-cache');
    }
    expect(fromB.body.equals(fromA.body)).toBe(true);
    expect((await sharp(fromB.body).metadata()).format).toBe('webp');
    expect((await get(b, photo.thumb_filename)).status).toBe(200);
    // The store's validator is the same on every instance: a browser revalidates with either.
    expect(fromB.headers.etag).toBe(fromA.headers.etag);
    const revalidated = await get(a, photo.filename, undefined, { 'if-none-match': String(fromB.headers.etag) });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.byteLength).toBe(0);
    expect((await get(b, photo.filename, undefined, {}, 'rainbowhearts')).status).toBe(404);

    const removed = await request(b.port, host(b), '/api/photos.php', {
      method: 'DELETE',
      body: JSON.stringify({ photo: photo.id }),
      headers: { 'content-type': 'application/json', origin: `http://${host(b)}`, cookie: ann.session },
    });
    expect(removed.status).toBe(200);
    for (const server of [a, b]) {
      expect((await get(server, photo.filename)).status).toBe(404);
      expect((await get(server, photo.thumb_filename)).status).toBe(404);
    }
    const keys = await s3.keys();
    for (const file of [photo.filename, photo.thumb_filename]) expect(keys).not.toContain(`${PREFIX}${file.replace(/^\/media\//, '')}`);
  });

  it('serves a chat picture sent through A to both members from B, to nobody else, and neither serves it once the account is erased', async () => {
    const bea = await member(a, 'Bea', 'female');
    const cas = await member(b, 'Cas', 'male');
    const stranger = await member(b, 'Dov', 'male');
    await buyCredits(a, TENANT, bea);
    const sent = await multipart(a, '/api/message.php', bea, { profile: String(cas.profileId), client_id: 'fleet-1' }, await png('#3a86ff'));
    expect(sent.status).toBe(201);
    const picture = sent.json<{ message: { photo: { url: string; thumb: string } } }>().message.photo;
    for (const who of [bea, cas]) {
      for (const server of [a, b]) {
        const res = await get(server, picture.url, who);
        expect(res.status).toBe(200);
        expect(res.headers['cache-control']).toBe('private, max-age=3600');
        expect((await sharp(res.body).metadata()).format).toBe('webp');
      }
    }
    expect((await get(b, picture.thumb, cas)).status).toBe(200);
    expect((await get(b, picture.url, stranger)).status).toBe(404);
    expect((await get(b, picture.url)).status).toBe(404);

    // Bea deletes her account through B; 14 days later the erasure round (a scheduled job that one
    // instance of the fleet runs each hour; here run once by the test) erases it with its conversations.
    const deletion = await request(b.port, host(b), '/api/account-delete.php', {
      method: 'POST',
      body: JSON.stringify({ reason: 'found_someone' }),
      headers: { 'content-type': 'application/json', origin: `http://${host(b)}`, cookie: bea.session },
    });
    expect(deletion.status).toBe(200);
    await sql`update users set deletion_requested_at = now() - interval '15 days' where email = ${bea.email}`.execute(shared.db);
    expect(await eraseExpiredAccounts(shared.db, createS3Storage(s3.settings(PREFIX)))).toBe(1);
    for (const server of [a, b]) {
      expect((await get(server, picture.url, cas)).status).toBe(404);
      expect((await get(server, picture.thumb, cas)).status).toBe(404);
    }
    const keys = await s3.keys();
    for (const file of [picture.url, picture.thumb]) expect(keys).not.toContain(`${PREFIX}${file.replace(/^\/media\//, '')}`);
  });

  it('draws demo pictures on each instance, the same bytes on both, and never puts them in the store', async () => {
    await seedDemoProfiles(shared.db, 3);
    const { seed } = await shared.db.selectFrom('profiles').select('seed').where('seed', 'is not', null).orderBy('id').executeTakeFirstOrThrow();
    const path = `/media/demo/${seed}-1.webp`;
    const fromA = await get(a, path);
    const fromB = await get(b, path);
    expect([fromA.status, fromB.status]).toEqual([200, 200]);
    expect(fromB.body.equals(fromA.body)).toBe(true);
    expect(fromA.headers['cache-control']).toMatch(/public.*immutable|immutable.*public|max-age=31536000, immutable/);
    expect((await s3.keys()).filter((key) => key.includes('demo/'))).toEqual([]);
  });

  // Last: it stops the store.
  it('answers 503 with Retry-After, not a server error, while the store does not answer', async () => {
    const eli = await member(a, 'Eli', 'female');
    const upload = await multipart(a, '/api/photos.php', eli, {}, await png('#10ac84'));
    const photo = upload.json<{ photo: { filename: string } }>().photo;
    expect((await get(b, photo.filename)).status).toBe(200);
    await s3.stop();
    storeStopped = true;
    for (const server of [a, b]) {
      const res = await get(server, photo.filename);
      expect(res.status).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.headers['cache-control']).toBe('no-store');
    }
    expect(a.output()).toMatch(/media u\/\d+\/[\w-]+\.webp \(request [\w-]+\): /);
  });
});
