// Photo screening with the model nsfwjs ships (issue 47 part 2, docs/decisions/0065) on both
// databases, with pictures made here by sharp: a drawing and "photos" of objects. The job scores an
// upload and stores the five classes with it; the tenant's policy holds, publishes or leaves it; the
// moderation queue puts held photos first and orders by risk; a model that does not load or classify
// leaves the photo in the ordinary queue, never published. The model loads once, with no network.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '~/.server/db/database';
import type { User } from '~/.server/db/schema';
import { createDiskStorage } from '~/.server/media/disk-storage';
import { encodePhoto, uploadPhoto } from '~/.server/members/photos';
import { viewProfile } from '~/.server/members/profile';
import { loadTenants } from '~/.server/tenants/registry';
import type { Tenant } from '~/.server/tenants/schema';
import { createPhotoClassifier, loadBundledModel } from '~/.server/trust/photo-classifier';
import { approvePhoto, photoQueue } from '~/.server/trust/photo-review';
import { queueUnscreenedPhotos, screenPhoto, uploadScreening } from '~/.server/trust/photo-screening';
import type { PhotoScores } from '~/shared/photo-screening';
import { databaseKinds, migratedDatabase } from '../support/databases';
import { confirmedMember, operatorOn } from '../support/operators';

const tenants = loadTenants('tenants');
const byId = (id: string) => tenants.find((t) => t.id === id)!;
const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'screening-'));
const media = createDiskStorage(mediaDir);
const prefix = (id: string) => byId(id).settings.cdn_prefix;

/** A flat-coloured drawing: a smiling face over a block, as a child would draw it. */
const drawing = () =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="320"><rect width="320" height="320" fill="#fdf6e3"/><circle cx="160" cy="150" r="90" fill="#ffd166" stroke="#222" stroke-width="6"/><circle cx="130" cy="130" r="10"/><circle cx="190" cy="130" r="10"/><path d="M115 180 q45 40 90 0" stroke="#222" stroke-width="6" fill="none"/><rect x="60" y="250" width="200" height="40" fill="#06d6a0" stroke="#222" stroke-width="6"/></svg>`,
    ),
  )
    .png()
    .toBuffer();
/** A "photo" of an object: a shaded ball on a wooden table against a wall, with sensor noise, as a JPEG. */
async function photoOf(object: 'ball' | 'vase'): Promise<Buffer> {
  const thing =
    object === 'ball'
      ? `<defs><radialGradient id="g" cx="0.35" cy="0.35" r="0.7"><stop offset="0" stop-color="#fafafa"/><stop offset="0.5" stop-color="#4a7fc1"/><stop offset="1" stop-color="#0b1d3a"/></radialGradient></defs><circle cx="160" cy="170" r="80" fill="url(#g)"/>`
      : `<defs><radialGradient id="g" cx="0.5" cy="0.45" r="0.6"><stop offset="0" stop-color="#f2c4a5"/><stop offset="1" stop-color="#b97a57"/></radialGradient></defs><ellipse cx="110" cy="170" rx="80" ry="110" fill="url(#g)"/><ellipse cx="215" cy="170" rx="80" ry="110" fill="url(#g)"/>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="320"><rect width="320" height="200" fill="${object === 'ball' ? '#c9ccd1' : '#5a2a2a'}"/><rect y="200" width="320" height="120" fill="#6b4f34"/>${thing}</svg>`;
  const { data, info } = await sharp(Buffer.from(svg)).raw().toBuffer({ resolveWithObject: true });
  let seed = 7;
  for (let i = 0; i < data.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    data[i] = Math.max(0, Math.min(255, data[i]! + ((seed % 25) - 12)));
  }
  return sharp(data, { raw: info }).blur(0.8).jpeg({ quality: 85 }).toBuffer();
}

// One model for the whole file, counting its loads: the model loads once per classifier (per process on the server).
let loads = 0;
const classifier = createPhotoClassifier(() => {
  loads += 1;
  return loadBundledModel();
});
const pictures: Record<'drawing' | 'ball' | 'vase', { bytes: Buffer; scores: PhotoScores }> = {} as never;

beforeAll(async () => {
  // No network: a fetch would mean the model came from somewhere else than the package.
  const fetchSpy = vi.spyOn(globalThis, 'fetch').mockRejectedValue(new Error('no network in this test'));
  for (const [name, make] of [['drawing', drawing], ['ball', () => photoOf('ball')], ['vase', () => photoOf('vase')]] as const) {
    const bytes = await make();
    // Scored as the store keeps it: the upload re-encodes every photo to WebP (members/photos.ts).
    const stored = await encodePhoto(bytes, { width: 240, height: 240, fit: 'cover' });
    if (!stored.ok) throw new Error(stored.error);
    pictures[name] = { bytes, scores: await classifier.classify(stored.full.data) };
  }
  expect(fetchSpy).not.toHaveBeenCalled();
  fetchSpy.mockRestore();
}, 120_000);

afterAll(() => fs.rmSync(mediaDir, { recursive: true, force: true }));

it('loads the bundled model once, offline, and scores generated pictures as harmless', () => {
  expect(loads).toBe(1);
  for (const { scores } of Object.values(pictures)) {
    expect(Object.keys(scores).sort()).toEqual(['drawing', 'hentai', 'neutral', 'porn', 'sexy']);
    expect(Object.values(scores).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 3);
    expect(scores.porn + scores.hentai + scores.sexy).toBeLessThan(0.05);
  }
  // The skin-coloured shapes worry the model more than the blue ball (the queue test below relies on it).
  expect(pictures.vase.scores.porn).toBeGreaterThan(pictures.ball.scores.porn);
});

describe.each(databaseKinds)('photo screening on $name', (kind) => {
  let database: Database;
  let drop: () => Promise<void>;
  const db = () => database.db;
  const sent: number[] = [];
  const jobs = {
    send: async (_name: string, data?: object) => {
      sent.push((data as { photo: number }).photo);
      return null;
    },
  };

  beforeAll(async () => {
    ({ database, drop } = await migratedDatabase(kind));
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  async function visibleMember(tenant: Tenant, name: string) {
    const user = await confirmedMember(db(), tenant, name);
    await db().updateTable('profiles').set({ status: 'active' }).where('id', '=', user.profile_id).execute();
    return user;
  }
  async function upload(tenant: Tenant, user: User, picture: keyof typeof pictures, screened = true) {
    const result = await uploadPhoto(db(), user, pictures[picture].bytes, media, tenant.settings.photo_moderation, screened ? uploadScreening(tenant, jobs as never) : undefined);
    if (!result.ok) throw new Error(result.error);
    return result.photo.id;
  }
  const row = (id: number) => db().selectFrom('photos').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const mainOf = async (profileId: number) => (await db().selectFrom('profiles').select('main_photo_id').where('id', '=', profileId).executeTakeFirstOrThrow()).main_photo_id;
  const screen = (tenantOf: (id: string) => Tenant | undefined, id: number, using = classifier) => screenPhoto(db(), { tenant: tenantOf, media, classifier: using }, { photo: id });

  it('queues a job per upload and stores the five scores with the photo; a clearly harmless one is published at once where the tenant allows it', async () => {
    // FlirtLokaal as it would be with `publish_below` on.
    const flirt: Tenant = { ...byId('flirtlokaal'), photo_screening: { required: false, hold: {}, publish_below: 0.05 } };
    const tenantOf = (id: string) => (id === flirt.id ? flirt : byId(id));
    const owner = await visibleMember(flirt, 'Harmless');
    const viewer = await confirmedMember(db(), flirt, 'Viewer');
    const id = await upload(flirt, owner, 'ball');
    expect(sent).toContain(id);
    expect(await row(id)).toMatchObject({ screening: 'waiting', public: false, screen_scores: null });
    expect(await screen(tenantOf, id)).toBe('published');
    const screened = await row(id);
    expect(screened).toMatchObject({ screening: 'published', public: true, review: 'pending', screen_reason: null });
    for (const [name, score] of Object.entries(pictures.ball.scores)) expect(screened.screen_scores![name as keyof PhotoScores]).toBeCloseTo(score, 5);
    expect(await mainOf(owner.profile_id)).toBe(id);
    const seen = await viewProfile(db(), flirt, { user: { ...viewer, paid_user: true } }, owner.profile_id);
    expect(seen.ok && seen.profile.photos).toHaveLength(1);
    // A second run of the job changes nothing.
    expect(await screen(tenantOf, id)).toBe('skipped');

    // A pre site without publish_below keeps it for the moderator, now with its scores.
    const bella = byId('bellacurva');
    const other = await visibleMember(bella, 'Curvy');
    const waiting = await upload(bella, other, 'drawing');
    expect(await screen(byId, waiting)).toBe('passed');
    expect(await row(waiting)).toMatchObject({ screening: 'passed', public: false });
    expect(await mainOf(other.profile_id)).toBeNull();
    const moderator = await operatorOn(db(), ['bellacurva'], 'Mod', ['moderation']);
    const [entry] = await photoQueue(db(), moderator, prefix);
    expect(entry).toMatchObject({ id: waiting, screening: { state: 'passed', reason: null, scores: { drawing: expect.any(Number), neutral: expect.any(Number) } } });
  });

  it('holds a photo above the tenant\'s threshold out of sight until a moderator approves it, with the reason, and puts the queue in order of risk', async () => {
    // Herzklopfen (post, screening required) with its porn threshold between the two pictures' scores.
    const threshold = Math.sqrt(pictures.ball.scores.porn * pictures.vase.scores.porn);
    const herz = byId('herzklopfen');
    const strict: Tenant = { ...herz, photo_screening: { required: true, hold: { porn: threshold }, publish_below: null } };
    const tenantOf = (id: string) => (id === herz.id ? strict : byId(id));
    const owner = await visibleMember(herz, 'Vase');
    const held = await upload(strict, owner, 'vase');
    // Required: a post site does not show it before it was screened.
    expect(await row(held)).toMatchObject({ screening: 'waiting', public: false });
    expect(await mainOf(owner.profile_id)).toBeNull();
    const passer = await visibleMember(herz, 'Ball');
    const passed = await upload(strict, passer, 'ball');
    const oldUnscreened = await upload(strict, await visibleMember(herz, 'Old'), 'drawing', false);
    expect(await screen(tenantOf, held)).toBe('held');
    expect(await screen(tenantOf, passed)).toBe('published');

    expect(await row(held)).toMatchObject({ screening: 'held', public: false, screen_reason: { class: 'porn', score: expect.closeTo(pictures.vase.scores.porn, 5), threshold: expect.closeTo(threshold, 5) } });
    expect(await mainOf(owner.profile_id)).toBeNull();
    expect(await row(passed)).toMatchObject({ public: true });
    expect(await mainOf(passer.profile_id)).toBe(passed);

    const moderator = await operatorOn(db(), ['herzklopfen'], 'Mod', ['moderation']);
    const queue = await photoQueue(db(), moderator, prefix);
    // Held first; then what has no scores (here one uploaded before screening), oldest first; then the screened rest by risk.
    expect(queue.map((p) => p.id)).toEqual([held, oldUnscreened, passed]);
    expect(queue[0]!.screening).toMatchObject({ state: 'held', reason: { class: 'porn' } });
    expect(queue[1]!.screening).toBeNull();
    // The start-up sweep queues the unscreened one.
    sent.length = 0;
    expect(await queueUnscreenedPhotos(db(), jobs as never)).toBeGreaterThanOrEqual(1);
    expect(sent).toContain(oldUnscreened);

    // Only a moderator publishes a held photo.
    expect(await approvePhoto(db(), moderator, { photo: held })).toEqual({ ok: true });
    expect(await row(held)).toMatchObject({ public: true, review: 'approved' });
    expect(await mainOf(owner.profile_id)).toBe(held);
  });

  it('hides a photo that a post site without required screening showed at once when screening holds it', async () => {
    const herz = byId('herzklopfen');
    const relaxed: Tenant = { ...herz, photo_screening: { required: false, hold: { porn: Math.sqrt(pictures.ball.scores.porn * pictures.vase.scores.porn) }, publish_below: null } };
    const owner = await visibleMember(herz, 'Shown');
    const first = await upload(relaxed, owner, 'ball');
    const second = await upload(relaxed, owner, 'vase');
    expect(await row(second)).toMatchObject({ public: true });
    await db().updateTable('profiles').set({ main_photo_id: second }).where('id', '=', owner.profile_id).execute();
    expect(await screen(() => relaxed, second)).toBe('held');
    expect(await row(second)).toMatchObject({ public: false });
    // The main photo falls back to the one others may still see.
    expect(await mainOf(owner.profile_id)).toBe(first);
  });

  it('leaves a photo the model could not screen in the ordinary queue, never published, and tries to load the model again for the next one', async () => {
    const herz = byId('herzklopfen');
    let attempts = 0;
    const broken = createPhotoClassifier(async () => {
      attempts += 1;
      throw new Error('the model files are missing');
    });
    const owner = await visibleMember(herz, 'Unscreened');
    const id = await upload(herz, owner, 'ball');
    expect(await screen(byId, id, broken)).toBe('failed');
    expect(await row(id)).toMatchObject({ screening: 'failed', public: false, review: 'pending', screen_scores: null });
    expect(await mainOf(owner.profile_id)).toBeNull();
    const moderator = await operatorOn(db(), ['herzklopfen'], 'Mod', ['moderation']);
    expect((await photoQueue(db(), moderator, prefix)).find((p) => p.id === id)).toMatchObject({ public: false, screening: { state: 'failed', scores: null } });
    const next = await upload(herz, owner, 'drawing');
    expect(await screen(byId, next, broken)).toBe('failed');
    expect(attempts).toBe(2);

    // A photo whose file is gone from the store fails the same way, with the real model.
    const lost = await upload(herz, owner, 'drawing');
    await media.delete([(await row(lost)).filename]);
    expect(await screen(byId, lost)).toBe('failed');
    expect(await row(lost)).toMatchObject({ screening: 'failed', public: false });
  });

  it('lets a moderator\'s decision taken before the job ran stand', async () => {
    const flirt = byId('flirtlokaal');
    const owner = await visibleMember(flirt, 'Decided');
    const id = await upload(flirt, owner, 'ball');
    const moderator = await operatorOn(db(), ['flirtlokaal'], 'Mod', ['moderation']);
    expect(await approvePhoto(db(), moderator, { photo: id })).toEqual({ ok: true });
    expect(await screen(byId, id)).toBe('skipped');
    expect(await row(id)).toMatchObject({ review: 'approved', screening: 'waiting', screen_scores: null });
  });
});
