// The media store (docs/decisions/0026), the same contract on both backends: the local disk and an
// S3-compatible store (s3rver on 127.0.0.1, as in CI).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyUploadsToStore } from '~/.server/media/copy-to-store';
import { createDiskStorage } from '~/.server/media/disk-storage';
import { createS3Storage } from '~/.server/media/s3-storage';
import type { MediaStorage, StoredMedia } from '~/.server/media/storage';
import { startLocalS3, type LocalS3 } from '../support/s3';

let s3: LocalS3;
const diskDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rdv-media-store-'));

beforeAll(async () => {
  s3 = await startLocalS3();
});

afterAll(async () => {
  await s3?.stop();
  fs.rmSync(diskDir, { recursive: true, force: true });
});

const backends: { name: string; open: () => MediaStorage }[] = [
  { name: 'disk', open: () => createDiskStorage(diskDir) },
  { name: 's3', open: () => createS3Storage(s3.settings()) },
];

async function read(storage: MediaStorage, key: string, ifNoneMatch?: string): Promise<(Omit<StoredMedia, 'body'> & { text: string }) | 'not_modified' | null> {
  const found = await storage.get(key, { ifNoneMatch });
  if (found === null || found === 'not_modified') return found;
  const { body, ...rest } = found;
  return { ...rest, text: await text(body) };
}

describe.each(backends)('the $name media store', ({ open }) => {
  it('gives back what was stored, with its type, size and a validator', async () => {
    const storage = open();
    await storage.check();
    await storage.put('u/7/first.webp', Buffer.from('a picture'), 'image/webp');
    const found = await read(storage, 'u/7/first.webp');
    expect(found).toMatchObject({ text: 'a picture', size: 9, contentType: 'image/webp', etag: expect.stringMatching(/^(W\/)?".+"$/) });
    expect((found as { lastModified: Date }).lastModified).toBeInstanceOf(Date);
  });

  it('answers not_modified to the current validator only', async () => {
    const storage = open();
    await storage.put('c/8/chat.webp', Buffer.from('first version'), 'image/webp');
    const first = (await read(storage, 'c/8/chat.webp')) as { etag: string };
    expect(await read(storage, 'c/8/chat.webp', first.etag)).toBe('not_modified');
    expect(await read(storage, 'c/8/chat.webp', '"something-else"')).toMatchObject({ text: 'first version' });
    await storage.put('c/8/chat.webp', Buffer.from('a second, longer version'), 'image/webp');
    expect(await read(storage, 'c/8/chat.webp', first.etag)).toMatchObject({ text: 'a second, longer version' });
  });

  it('deletes, and a deleted or never stored key is simply absent', async () => {
    const storage = open();
    await storage.put('u/9/a.webp', Buffer.from('a'), 'image/webp');
    await storage.put('u/9/a-thumb.webp', Buffer.from('thumb'), 'image/webp');
    await storage.delete(['u/9/a.webp', 'u/9/a-thumb.webp', 'u/9/never-there.webp']);
    expect(await storage.get('u/9/a.webp')).toBeNull();
    expect(await storage.get('u/9/a-thumb.webp')).toBeNull();
    expect(await storage.get('u/404/nothing.webp')).toBeNull();
    await storage.delete([]);
  });

  it('never takes a key that could leave its place', async () => {
    const storage = open();
    for (const key of ['../outside.webp', 'u/../../x', '/etc/passwd', '', 'u//a.webp', '.hidden', 'u/1/a.webp\0', 'u\\1\\a.webp']) {
      await expect(storage.put(key, Buffer.from('x'), 'image/webp'), key).rejects.toThrow(/not a media key/);
      expect(await storage.get(key), key).toBeNull();
      await expect(storage.delete([key]), key).rejects.toThrow(/not a media key/);
    }
  });
});

describe('the disk store', () => {
  it('keeps the layout of DATA_DIR/media, so pictures stored before the interface are still found', async () => {
    fs.mkdirSync(path.join(diskDir, 'u', '12'), { recursive: true });
    fs.writeFileSync(path.join(diskDir, 'u', '12', 'older.webp'), 'stored the old way');
    expect(await read(createDiskStorage(diskDir), 'u/12/older.webp')).toMatchObject({ text: 'stored the old way' });
    await createDiskStorage(diskDir).put('c/12/newer.webp', Buffer.from('x'), 'image/webp');
    expect(fs.existsSync(path.join(diskDir, 'c', '12', 'newer.webp'))).toBe(true);
  });
});

describe('the S3 store', () => {
  it('puts every key under MEDIA_S3_PREFIX, so installations sharing a bucket never meet', async () => {
    const blue = createS3Storage(s3.settings('blue/'));
    const green = createS3Storage(s3.settings('green/media/'));
    await blue.put('u/1/p.webp', Buffer.from('blue'), 'image/webp');
    await green.put('u/1/p.webp', Buffer.from('green'), 'image/webp');
    expect(await s3.keys()).toEqual(expect.arrayContaining(['blue/u/1/p.webp', 'green/media/u/1/p.webp']));
    expect(await read(blue, 'u/1/p.webp')).toMatchObject({ text: 'blue' });
    await green.delete(['u/1/p.webp']);
    expect(await green.get('u/1/p.webp')).toBeNull();
    expect(await read(blue, 'u/1/p.webp')).toMatchObject({ text: 'blue' });
  });

  it('says at start which setting is wrong: a missing bucket, a store that does not answer', async () => {
    await expect(createS3Storage({ ...s3.settings(), bucket: 'no-such-bucket' }).check()).rejects.toThrow(/MEDIA_S3_BUCKET: bucket "no-such-bucket" .* \(no such bucket\)/);
    await expect(createS3Storage({ ...s3.settings(), endpoint: 'http://127.0.0.1:9' }).check()).rejects.toThrow(/MEDIA_S3_BUCKET: bucket "rdv-media" at http:\/\/127\.0\.0\.1:9 is not usable/);
  });

  it('takes an installation\'s uploads from the disk (npm run media:copy), once, and leaves demo pictures and strays alone', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rdv-media-copy-'));
    const disk = createDiskStorage(dir);
    await disk.put('u/3/photo.webp', Buffer.from('photo'), 'image/webp');
    await disk.put('u/3/photo-thumb.webp', Buffer.from('thumb'), 'image/webp');
    await disk.put('c/4/chat.webp', Buffer.from('chat'), 'image/webp');
    await disk.put('demo/77-1.webp', Buffer.from('demo'), 'image/webp');
    fs.writeFileSync(path.join(dir, 'u', '3', 'photo.webp.1a2b.tmp'), 'half');
    const store = createS3Storage(s3.settings('copied/'));
    expect(await copyUploadsToStore(dir, store)).toEqual({ copied: 3, present: 0, skipped: ['u/3/photo.webp.1a2b.tmp'] });
    expect((await s3.keys()).filter((key) => key.startsWith('copied/'))).toEqual(['copied/c/4/chat.webp', 'copied/u/3/photo-thumb.webp', 'copied/u/3/photo.webp']);
    expect(await read(store, 'u/3/photo.webp')).toMatchObject({ text: 'photo', contentType: 'image/webp' });
    expect(await copyUploadsToStore(dir, store)).toMatchObject({ copied: 0, present: 3 });
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
