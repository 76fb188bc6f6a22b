// Photo moderation on both databases (issue 25 item 3, decision 0029): on a `pre` tenant a member's
// new photo is their own until a moderator approves it — not on their profile for others, never the
// main photo that search, chats and likes show; on a `post` tenant it is visible at once and reviewed
// after. Rejecting deletes the photo and its files, lets the next photo become the main one and tells
// the member why; only moderators of the photo's tenant see the queue or decide, and of two deciding
// at once exactly one does.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '~/.server/db/database';
import type { User } from '~/.server/db/schema';
import { createDiskStorage } from '~/.server/media/disk-storage';
import { setMainPhoto, uploadPhoto } from '~/.server/members/photos';
import { viewProfile } from '~/.server/members/profile';
import { loadTenants } from '~/.server/tenants/registry';
import { approvePhoto, dismissPhotoRejections, ownPhotos, photoQueue, photoRejections, rejectPhoto } from '~/.server/trust/photo-review';
import { databaseKinds, migratedDatabase } from '../support/databases';
import { confirmedMember, operatorOn } from '../support/operators';

const tenants = loadTenants('tenants');
const flirt = tenants.find((t) => t.id === 'flirtlokaal')!;
const herz = tenants.find((t) => t.id === 'herzklopfen')!;
const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'moderation-'));
const media = createDiskStorage(mediaDir);
const png = (colour: string) => sharp({ create: { width: 300, height: 300, channels: 3, background: colour } }).png().toBuffer();
const prefix = (id: string) => tenants.find((t) => t.id === id)!.settings.cdn_prefix;

afterAll(() => fs.rmSync(mediaDir, { recursive: true, force: true }));

it('the demo tenants choose a photo moderation mode, both modes in use', () => {
  expect(flirt.settings.photo_moderation).toBe('pre');
  expect(herz.settings.photo_moderation).toBe('post');
});

describe.each(databaseKinds)('photo moderation on $name', (kind) => {
  let database: Database;
  let drop: () => Promise<void>;
  const db = () => database.db;

  beforeAll(async () => {
    ({ database, drop } = await migratedDatabase(kind));
  });

  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  const mainOf = async (profileId: number) => (await db().selectFrom('profiles').select('main_photo_id').where('id', '=', profileId).executeTakeFirstOrThrow()).main_photo_id;
  /** A confirmed member whose profile others may see (signup leaves it disabled until the e-mail is confirmed). */
  async function visibleMember(tenant: typeof flirt, name: string) {
    const user = await confirmedMember(db(), tenant, name);
    await db().updateTable('profiles').set({ status: 'active' }).where('id', '=', user.profile_id).execute();
    return user;
  }
  async function upload(user: User, mode: 'pre' | 'post', colour = '#e6317a') {
    const result = await uploadPhoto(db(), user, await png(colour), media, mode);
    if (!result.ok) throw new Error(result.error);
    return result.photo;
  }

  it('keeps a new photo on a pre tenant to its owner until a moderator approves it', async () => {
    const owner = await visibleMember(flirt, 'Owner');
    const viewer = await confirmedMember(db(), flirt, 'Viewer');
    const photo = await upload(owner, 'pre');
    // The owner sees it at once, marked as waiting.
    expect((await ownPhotos(db(), flirt, owner)).photos).toEqual([expect.objectContaining({ id: photo.id, hidden: true })]);
    const own = await viewProfile(db(), flirt, { user: owner }, owner.profile_id);
    expect(own.ok && own.profile.photos.map((p) => p.filename)).toEqual([flirt.settings.cdn_prefix + photo.filename]);
    // Nobody else does: not on the profile, and it is not the main photo that search, chats and likes join.
    const seen = await viewProfile(db(), flirt, { user: { ...viewer, paid_user: true } }, owner.profile_id);
    expect(seen.ok && seen.profile.photos).toEqual([]);
    expect(seen.ok && seen.profile.main_image).toBeNull();
    expect(await mainOf(owner.profile_id)).toBeNull();
    // Nor can the owner make it the main photo yet.
    expect(await setMainPhoto(db(), owner, photo.id)).toEqual({ ok: false, error: 'pending_review' });

    const moderator = await operatorOn(db(), ['flirtlokaal'], 'Mod', ['moderation']);
    const queue = await photoQueue(db(), moderator, prefix);
    expect(queue).toContainEqual(expect.objectContaining({ id: photo.id, public: false, profile: { id: owner.profile_id, name: expect.any(String) } }));
    expect(await approvePhoto(db(), moderator, { photo: photo.id })).toEqual({ ok: true });
    expect(await approvePhoto(db(), moderator, { photo: photo.id })).toEqual({ ok: false, error: 'not_found' });
    expect(await mainOf(owner.profile_id)).toBe(photo.id);
    const after = await viewProfile(db(), flirt, { user: viewer }, owner.profile_id);
    expect(after.ok && after.profile.photos.map((p) => p.filename)).toEqual([flirt.settings.cdn_prefix + photo.filename]);
    expect((await photoQueue(db(), moderator, prefix)).map((p) => p.id)).not.toContain(photo.id);
    const audit = await db().selectFrom('operator_audit').select(['action', 'detail']).where('operator_id', '=', moderator.id).execute();
    expect(audit).toEqual([{ action: 'photo_approve', detail: { photo: photo.id, profile: owner.profile_id } }]);
  });

  it('shows a new photo on a post tenant at once and still queues it for review', async () => {
    const owner = await visibleMember(herz, 'Poster');
    const viewer = await confirmedMember(db(), herz, 'Looker');
    const photo = await upload(owner, 'post');
    expect(await mainOf(owner.profile_id)).toBe(photo.id);
    const seen = await viewProfile(db(), herz, { user: viewer }, owner.profile_id);
    expect(seen.ok && seen.profile.photos).toHaveLength(1);
    const moderator = await operatorOn(db(), ['herzklopfen'], 'Mod', ['moderation']);
    expect(await photoQueue(db(), moderator, prefix)).toContainEqual(expect.objectContaining({ id: photo.id, public: true }));
  });

  it('deletes a rejected photo and its files, falls back to the next main photo and tells the member why', async () => {
    const owner = await confirmedMember(db(), herz, 'Rejected');
    const first = await upload(owner, 'post', '#111111');
    const second = await upload(owner, 'post', '#222222');
    expect(await setMainPhoto(db(), owner, first.id)).toEqual({ ok: true });
    const moderator = await operatorOn(db(), ['herzklopfen'], 'Mod', ['moderation']);
    expect(await approvePhoto(db(), moderator, { photo: second.id })).toEqual({ ok: true });
    expect(fs.existsSync(path.join(mediaDir, first.filename))).toBe(true);

    expect(await rejectPhoto(db(), moderator, media, { photo: first.id, reason: 'someone_else' })).toEqual({ ok: true });
    expect(await db().selectFrom('photos').select('id').where('id', '=', first.id).executeTakeFirst()).toBeUndefined();
    expect(fs.existsSync(path.join(mediaDir, first.filename))).toBe(false);
    expect(fs.existsSync(path.join(mediaDir, first.thumb_filename))).toBe(false);
    expect(await mainOf(owner.profile_id)).toBe(second.id);
    expect(await photoRejections(db(), herz, owner)).toEqual([{ id: expect.any(Number), reason: 'someone_else', at: expect.any(String) }]);
    await dismissPhotoRejections(db(), herz, owner);
    expect(await photoRejections(db(), herz, owner)).toEqual([]);
    const audit = await db().selectFrom('operator_audit').select(['action', 'detail']).where('operator_id', '=', moderator.id).where('action', '=', 'photo_reject').execute();
    expect(audit).toEqual([{ action: 'photo_reject', detail: { photo: first.id, profile: owner.profile_id, reason: 'someone_else' } }]);

    // The last photo rejected: no main photo at all, rather than a photo nobody may see.
    const lone = await confirmedMember(db(), flirt, 'Lone');
    const only = await upload(lone, 'pre');
    const flirtModerator = await operatorOn(db(), ['flirtlokaal'], 'Mod', ['moderation']);
    expect(await rejectPhoto(db(), flirtModerator, media, { photo: only.id, reason: 'nudity' })).toEqual({ ok: true });
    expect(await mainOf(lone.profile_id)).toBeNull();
  });

  it('keeps the queue to moderators of the photo\'s tenant', async () => {
    const owner = await confirmedMember(db(), flirt, 'Private');
    const photo = await upload(owner, 'pre');
    const answerer = await operatorOn(db(), ['flirtlokaal'], 'Answer', ['answering']);
    const elsewhere = await operatorOn(db(), ['herzklopfen'], 'Mod', ['moderation']);
    for (const operator of [answerer, elsewhere]) {
      expect((await photoQueue(db(), operator, prefix)).map((p) => p.id)).not.toContain(photo.id);
      expect(await approvePhoto(db(), operator, { photo: photo.id })).toEqual({ ok: false, error: 'not_found' });
      expect(await rejectPhoto(db(), operator, media, { photo: photo.id, reason: 'nudity' })).toEqual({ ok: false, error: 'not_found' });
    }
    expect(await db().selectFrom('photos').select(['review', 'public']).where('id', '=', photo.id).executeTakeFirst()).toEqual({ review: 'pending', public: false });
  });

  it('lets exactly one of several moderators deciding at once decide', async () => {
    const owner = await confirmedMember(db(), flirt, 'Race');
    const photo = await upload(owner, 'pre');
    const moderators = await Promise.all([1, 2, 3, 4].map((i) => operatorOn(db(), ['flirtlokaal'], `Race${i}`, ['moderation'])));
    const results = await Promise.all(
      moderators.map((moderator, i) => (i % 2 ? rejectPhoto(db(), moderator, media, { photo: photo.id, reason: 'offensive' }) : approvePhoto(db(), moderator, { photo: photo.id }))),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    const audit = await db().selectFrom('operator_audit').select('action').where('operator_id', 'in', moderators.map((m) => m.id)).execute();
    expect(audit).toHaveLength(1);
  });
});
