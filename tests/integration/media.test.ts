// Members' uploads in the media store (docs/decisions/0026), on PGlite and PostgreSQL, on the local
// disk and in an S3-compatible store (s3rver): a photo and a chat picture are stored when accepted,
// removed when refused, repeated or deleted, never half there when the store fails, and an erased
// account takes its photos and its conversations' pictures with it — no one else's.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { activateAccount } from '~/.server/accounts/activation';
import { eraseExpiredAccounts, requestDeletion } from '~/.server/accounts/deletion';
import { signUp } from '~/.server/accounts/signup';
import { createToken } from '~/.server/accounts/tokens';
import { sendMessage } from '~/.server/chat/send';
import { now, setClockForTests } from '~/.server/clock';
import { grantCredits } from '~/.server/credits/ledger';
import type { Database } from '~/.server/db/database';
import type { User } from '~/.server/db/schema';
import { createDiskStorage } from '~/.server/media/disk-storage';
import { createS3Storage } from '~/.server/media/s3-storage';
import type { MediaStorage } from '~/.server/media/storage';
import { deletePhoto, uploadPhoto } from '~/.server/members/photos';
import { loadTenants } from '~/.server/tenants/registry';
import { databaseKinds, migratedDatabase } from '../support/databases';
import { startLocalS3, type LocalS3 } from '../support/s3';

const flirt = loadTenants('tenants').find((t) => t.id === 'flirtlokaal')!;
const png = (colour: string) => sharp({ create: { width: 500, height: 400, channels: 3, background: colour } }).png().toBuffer();
let s3: LocalS3;
const dirs: string[] = [];

beforeAll(async () => {
  s3 = await startLocalS3();
});

afterAll(async () => {
  await s3?.stop();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

afterEach(() => setClockForTests(null));

const stores: { name: string; open: () => MediaStorage }[] = [
  {
    name: 'disk',
    open: () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rdv-media-'));
      dirs.push(dir);
      return createDiskStorage(dir);
    },
  },
  { name: 's3', open: () => createS3Storage(s3.settings(`run-${Math.random().toString(36).slice(2)}/`)) },
];
/** An S3 store nobody answers at (nothing listens on port 9). */
const unreachable = () => createS3Storage({ ...s3.settings(), endpoint: 'http://127.0.0.1:9' });

const cases = databaseKinds.flatMap((database) => stores.map((store) => ({ database, store, name: `${database.name}, ${store.name} store` })));

describe.each(cases)('uploads on $name', ({ database: kind, store }) => {
  let database: Database;
  let drop: () => Promise<void>;
  let media: MediaStorage;
  const db = () => database.db;
  let n = 0;

  beforeAll(async () => {
    ({ database, drop } = await migratedDatabase(kind));
    media = store.open();
    await media.check();
  });

  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  const fresh = (id: number) => db().selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  async function member(name: string, gender: 'male' | 'female' = 'female'): Promise<User> {
    n++;
    const result = await signUp(db(), flirt, { ip: null, origin: 'http://x', locale: 'en' }, {
      email: `${name.toLowerCase()}${n}@example.com`, name, password: 'a good password', date_of_birth: '1990-01-01', gender, seeking: gender === 'male' ? 'female' : 'male',
      country: 'NL', terms: true, orientation_consent: true,
    });
    if (!result.ok) throw new Error(`signup ${name}`);
    const token = await createToken(db(), { tenantId: flirt.id, userId: result.user.id, kind: 'activation' });
    expect(await activateAccount(db(), flirt, token)).toBe(true);
    await grantCredits(db(), 'bonus', { userId: result.user.id, credits: 50, reference: `test:${result.user.id}` });
    return fresh(result.user.id);
  }
  const stored = async (key: string) => {
    const found = await media.get(key);
    if (found && found !== 'not_modified') found.body.destroy();
    return found !== null;
  };
  const picture = async (from: User, to: User, colour: string, clientId?: string) => {
    const sent = await sendMessage(db(), flirt, { user: await fresh(from.id) }, { profile: to.profile_id!, content: { kind: 'photo', bytes: new Uint8Array(await png(colour)) }, clientId }, { media });
    if (!sent.ok) throw new Error(sent.error);
    return sent.message;
  };

  it('stores an accepted profile photo with its thumbnail, and removes both when the member deletes it', async () => {
    const ann = await member('Ann');
    const upload = await uploadPhoto(db(), ann, await png('#e6317a'), media, 'post');
    if (!upload.ok) throw new Error(upload.error);
    expect(await stored(upload.photo.filename)).toBe(true);
    expect(await stored(upload.photo.thumb_filename)).toBe(true);
    const found = await media.get(upload.photo.filename);
    if (!found || found === 'not_modified') throw new Error('not stored');
    const chunks: Buffer[] = [];
    for await (const chunk of found.body) chunks.push(chunk as Buffer);
    expect((await sharp(Buffer.concat(chunks)).metadata()).format).toBe('webp');
    expect(await deletePhoto(db(), ann, upload.photo.id, media)).toEqual({ ok: true });
    expect(await stored(upload.photo.filename)).toBe(false);
    expect(await stored(upload.photo.thumb_filename)).toBe(false);
  });

  it('stores a chat picture once: a repeated send with the same client id leaves no second copy', async () => {
    const bea = await member('Bea');
    const cas = await member('Cas', 'male');
    const first = await picture(bea, cas, '#3a86ff', 'pic-1');
    expect(await stored(first.photo_filename!)).toBe(true);
    expect(await stored(first.photo_thumb_filename!)).toBe(true);
    const again = await sendMessage(db(), flirt, { user: await fresh(bea.id) }, { profile: cas.profile_id!, content: { kind: 'photo', bytes: new Uint8Array(await png('#3a86ff')) }, clientId: 'pic-1' }, { media });
    expect(again).toMatchObject({ ok: true, repeated: true, message: { id: first.id, photo_filename: first.photo_filename } });
    const rows = await db().selectFrom('messages').select('photo_filename').where('sender_profile_id', '=', bea.profile_id!).execute();
    expect(rows).toEqual([{ photo_filename: first.photo_filename }]);
  });

  it('keeps no photo when the store cannot take the files, and still deletes a photo while the store is down', async () => {
    const dan = await member('Dan', 'male');
    await expect(uploadPhoto(db(), dan, await png('#10ac84'), unreachable(), 'post')).rejects.toThrow();
    expect(await db().selectFrom('photos').select('id').where('profile_id', '=', dan.profile_id!).execute()).toEqual([]);
    const kept = await uploadPhoto(db(), dan, await png('#10ac84'), media, 'post');
    if (!kept.ok) throw new Error(kept.error);
    // The member's deletion stands: the row is gone, so the photo is no longer served (media-handler.ts).
    expect(await deletePhoto(db(), dan, kept.photo.id, unreachable())).toEqual({ ok: true });
    expect(await db().selectFrom('photos').select('id').where('id', '=', kept.photo.id).executeTakeFirst()).toBeUndefined();
  });

  it('erases an account\'s photos and the pictures of its conversations, both ways, and nobody else\'s', async () => {
    const eve = await member('Eve');
    const fay = await member('Fay', 'male');
    const gus = await member('Gus', 'male');
    const evesPhoto = await uploadPhoto(db(), eve, await png('#f39c12'), media, 'post');
    const faysPhoto = await uploadPhoto(db(), fay, await png('#8e44ad'), media, 'post');
    if (!evesPhoto.ok || !faysPhoto.ok) throw new Error('upload');
    const fromEve = await picture(eve, fay, '#c0392b');
    const toEve = await picture(fay, eve, '#34495e');
    const elsewhere = await picture(fay, gus, '#16a085');

    await requestDeletion(db(), flirt, await fresh(eve.id), { reason: 'price', origin: 'http://x', locale: 'en' });
    setClockForTests(new Date(now().getTime() + 15 * 24 * 3600_000));
    expect(await eraseExpiredAccounts(db(), media)).toBe(1);

    for (const key of [evesPhoto.photo.filename, evesPhoto.photo.thumb_filename, fromEve.photo_filename!, fromEve.photo_thumb_filename!, toEve.photo_filename!, toEve.photo_thumb_filename!]) {
      expect(await stored(key), key).toBe(false);
    }
    for (const key of [faysPhoto.photo.filename, faysPhoto.photo.thumb_filename, elsewhere.photo_filename!, elsewhere.photo_thumb_filename!]) {
      expect(await stored(key), key).toBe(true);
    }
  });
});
