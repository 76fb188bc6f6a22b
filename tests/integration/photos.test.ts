// Photo uploads in the domain layer: accepted formats re-encoded without metadata, refusals for
// non-images, oversize files and pixel floods, and the 3 / 25 limits of docs/product.md §5.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '~/.server/accounts/signup';
import type { Database } from '~/.server/db/database';
import type { User } from '~/.server/db/schema';
import { createDiskStorage } from '~/.server/media/disk-storage';
import { deletePhoto, ACCEPTED_TYPES, HEIC_READABLE, MAX_UPLOAD_BYTES, setMainPhoto, sniffImageType, uploadPhoto } from '~/.server/members/photos';
import { loadTenants } from '~/.server/tenants/registry';
import { databaseKinds, migratedDatabase } from '../support/databases';

const flirt = loadTenants('tenants').find((t) => t.id === 'flirtlokaal')!;
const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-'));
const media = createDiskStorage(mediaDir);
let database: Database;
let n = 0;

async function member(paid = false): Promise<User> {
  n++;
  const result = await signUp(database.db, flirt, { ip: null, origin: 'http://x', locale: 'en' }, {
    email: `p${n}@example.com`, name: `Photo${n}`, password: 'a good password', date_of_birth: '1990-01-01',
    gender: 'female', seeking: 'male', country: 'NL', terms: true, orientation_consent: true,
  });
  if (!result.ok) throw new Error('signup');
  return database.db.updateTable('users').set({ paid_user: paid }).where('id', '=', result.user.id).returningAll().executeTakeFirstOrThrow();
}

const png = (w = 800, h = 600) => sharp({ create: { width: w, height: h, channels: 3, background: '#e6317a' } }).png().toBuffer();

beforeAll(async () => {
  // PGlite from the migrated template (tests/support/databases.ts).
  ({ database } = await migratedDatabase(databaseKinds[0]!));
});

afterAll(async () => {
  await database.close();
  fs.rmSync(mediaDir, { recursive: true, force: true });
});

describe('photo uploads', () => {
  it('recognises images by their first bytes, not by their name', async () => {
    expect(sniffImageType(await png())).toBe('png');
    expect(sniffImageType(await sharp(await png()).jpeg().toBuffer())).toBe('jpeg');
    expect(sniffImageType(await sharp(await png()).webp().toBuffer())).toBe('webp');
    expect(sniffImageType(Buffer.from('%PDF-1.7 not an image'))).toBeNull();
  });

  it('re-encodes a JPEG to WebP with a thumbnail and drops its metadata (location included)', async () => {
    const user = await member();
    const jpeg = await sharp(await png(2400, 1800)).jpeg().withExif({ IFD0: { Copyright: 'secret camera', ImageDescription: 'home address' } }).toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const result = await uploadPhoto(database.db, user, jpeg, media, 'post');
    if (!result.ok) throw new Error(result.error);
    const stored = fs.readFileSync(path.join(mediaDir, result.photo.filename));
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(Math.max(meta.width!, meta.height!)).toBe(1600);
    const thumb = await sharp(fs.readFileSync(path.join(mediaDir, result.photo.thumb_filename))).metadata();
    expect([thumb.width, thumb.height]).toEqual([240, 300]);
    const profile = await database.db.selectFrom('profiles').select('main_photo_id').where('id', '=', user.profile_id!).executeTakeFirstOrThrow();
    expect(profile.main_photo_id).toBe(result.photo.id);
  });

  it('refuses what is not an image, a truncated image, an oversize file and a pixel flood', async () => {
    const user = await member();
    expect(await uploadPhoto(database.db, user, Buffer.from('hello, this is text'), media, 'post')).toEqual({ ok: false, error: 'not_image' });
    const truncated = (await png()).subarray(0, 100);
    expect(await uploadPhoto(database.db, user, truncated, media, 'post')).toEqual({ ok: false, error: 'not_image' });
    expect(await uploadPhoto(database.db, user, new Uint8Array(MAX_UPLOAD_BYTES + 1), media, 'post')).toEqual({ ok: false, error: 'too_large' });
    const flood = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: '#000' } }).png({ compressionLevel: 9, palette: true }).toBuffer();
    expect(flood.byteLength).toBeLessThan(MAX_UPLOAD_BYTES);
    expect(await uploadPhoto(database.db, user, flood, media, 'post')).toEqual({ ok: false, error: 'too_many_pixels' });
  });

  it('says so when a HEIC photo cannot be read by this build, and offers HEIC in the picker only where it can', async () => {
    const user = await member();
    // An iPhone photo's first bytes: a 'ftyp' box of brand 'heic', followed by nothing decodable.
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic\0\0\0\0mif1heic', 'latin1'), Buffer.alloc(64)]);
    expect(await uploadPhoto(database.db, user, heic, media, 'post')).toEqual({ ok: false, error: HEIC_READABLE ? 'not_image' : 'heic_unsupported' });
    expect(ACCEPTED_TYPES.includes('image/heic')).toBe(HEIC_READABLE);
    expect(ACCEPTED_TYPES).toContain('image/jpeg');
  });

  it('keeps free members to 3 photos and premium members to 25', async () => {
    const free = await member(false);
    for (let i = 0; i < 3; i++) expect((await uploadPhoto(database.db, free, await png(), media, 'post')).ok).toBe(true);
    expect(await uploadPhoto(database.db, free, await png(), media, 'post')).toEqual({ ok: false, error: 'premium_only' });
    const premium = await member(true);
    for (let i = 0; i < 25; i++) expect((await uploadPhoto(database.db, premium, await png(200, 200), media, 'post')).ok).toBe(true);
    // A premium member's album is full: not a premium feature they lack (issue 26).
    expect(await uploadPhoto(database.db, premium, await png(200, 200), media, 'post')).toEqual({ ok: false, error: 'photo_limit' });
  });

  it('changes the main photo and deletes only the member\'s own photos', async () => {
    const owner = await member();
    const other = await member();
    const a = await uploadPhoto(database.db, owner, await png(), media, 'post');
    const b = await uploadPhoto(database.db, owner, await png(), media, 'post');
    if (!a.ok || !b.ok) throw new Error();
    expect(await setMainPhoto(database.db, owner, b.photo.id)).toEqual({ ok: true });
    expect(await deletePhoto(database.db, other, b.photo.id, media)).toEqual({ ok: false, error: 'not_found' });
    expect(await deletePhoto(database.db, owner, b.photo.id, media)).toEqual({ ok: true });
    expect(fs.existsSync(path.join(mediaDir, b.photo.filename))).toBe(false);
    const profile = await database.db.selectFrom('profiles').select('main_photo_id').where('id', '=', owner.profile_id!).executeTakeFirstOrThrow();
    expect(profile.main_photo_id).toBe(a.photo.id);
  });
});

describe.each(databaseKinds)('the photo limit under concurrent uploads (%s)', (kind) => {
  let own: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ database: own, drop } = await migratedDatabase(kind));
  });

  afterAll(async () => {
    await own?.close();
    await drop?.();
  });

  async function ownMember(paid: boolean): Promise<User> {
    n++;
    const result = await signUp(own.db, flirt, { ip: null, origin: 'http://x', locale: 'en' }, {
      email: `c${n}@example.com`, name: `Conc${n}`, password: 'a good password', date_of_birth: '1990-01-01',
      gender: 'female', seeking: 'male', country: 'NL', terms: true, orientation_consent: true,
    });
    if (!result.ok) throw new Error('signup');
    return own.db.updateTable('users').set({ paid_user: paid }).where('id', '=', result.user.id).returningAll().executeTakeFirstOrThrow();
  }

  it('accepts exactly 3 of 8 uploads a free member sends at the same moment, and removes the refused files', async () => {
    const user = await ownMember(false);
    const image = await png(400, 500);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-'));
    const results = await Promise.all(Array.from({ length: 8 }, () => uploadPhoto(own.db, user, image, createDiskStorage(dir), 'post')));
    expect(results.filter((r) => r.ok)).toHaveLength(3);
    expect(results.filter((r) => !r.ok && r.error === 'premium_only')).toHaveLength(5);
    const rows = await own.db.selectFrom('photos').select('filename').where('profile_id', '=', user.profile_id!).execute();
    expect(rows).toHaveLength(3);
    expect(fs.readdirSync(path.join(dir, 'u', String(user.profile_id))).sort()).toEqual(rows.flatMap((r) => [r.filename.split('/').pop(), r.filename.split('/').pop()!.replace('.webp', '-thumb.webp')]).sort());
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
