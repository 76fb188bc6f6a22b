// Serves /media/* from DATA_DIR/media, on tenant hosts only (server.ts mounts it after the tenant is
// known). A demo profile's picture that is not on disk yet is drawn (demo-picture.ts), rendered to
// WebP once, written atomically and served from disk from then on; demo pictures never change and
// are cached for good. A member's photo (u/<profile>/…) answers only on the hosts of the member's
// tenant and only while its row exists, with private caching that revalidates, so a deleted photo
// is gone at once (docs/api.md). A chat photo (c/<sender profile>/…) answers only to the two members
// of its conversation (their session cookie), privately, never cached by a shared cache.
import fs from 'node:fs';
import path from 'node:path';
import type { RequestHandler } from 'express';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import { userForSession } from '../accounts/sessions';
import { today } from '../clock';
import type { DB } from '../db/schema';
import type { Tenant } from '../tenants/schema';
import { ageOn } from '../profiles/age';
import { parseDemoPhotoFilename, portraitSvg, PORTRAIT_SIZE, THUMB_SIZE } from './demo-picture';

const ONE_YEAR_S = 365 * 24 * 60 * 60;

export function mediaHandler(options: { mediaDir: string; db: Kysely<DB> }): RequestHandler {
  const rendering = new Map<string, Promise<boolean>>();

  async function renderDemo(relative: string, file: string): Promise<boolean> {
    const wanted = parseDemoPhotoFilename(relative);
    if (!wanted) return false;
    const profile = await options.db
      .selectFrom('profiles')
      .select(['gender', 'hair_colour', 'birth_date'])
      .where('seed', '=', wanted.seed)
      .executeTakeFirst();
    if (!profile) return false;
    const svg = portraitSvg({
      seed: wanted.seed,
      photo: wanted.photo,
      gender: profile.gender,
      hairColour: profile.hair_colour,
      age: ageOn(profile.birth_date, today()),
    });
    const size = wanted.thumb ? THUMB_SIZE : PORTRAIT_SIZE;
    const image = await sharp(Buffer.from(svg)).resize(size.width, size.height).webp({ quality: 80 }).toBuffer();
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    const temporary = `${file}.${process.pid}.tmp`;
    await fs.promises.writeFile(temporary, image);
    await fs.promises.rename(temporary, file);
    return true;
  }

  return async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    let relative: string;
    try {
      relative = decodeURIComponent(req.path).replace(/^\/+/, '');
    } catch {
      res.status(404).end();
      return;
    }
    const file = path.resolve(options.mediaDir, relative);
    if (!file.startsWith(options.mediaDir + path.sep) || relative.includes('\0')) {
      res.status(404).end();
      return;
    }
    try {
      if (relative.startsWith('u/')) {
        const tenant = res.locals.tenant as Tenant;
        const photo = await options.db
          .selectFrom('photos')
          .innerJoin('profiles', 'profiles.id', 'photos.profile_id')
          .select('photos.id')
          .where((eb) => eb.or([eb('photos.filename', '=', relative), eb('photos.thumb_filename', '=', relative)]))
          .where('profiles.tenant_id', '=', tenant.id)
          .executeTakeFirst();
        if (!photo || !fs.existsSync(file)) {
          res.status(404).set('Cache-Control', 'no-store').type('text/plain').send('Not found');
          return;
        }
        res.sendFile(file, { dotfiles: 'deny', cacheControl: false, headers: { 'Cache-Control': 'private, no-cache' } });
        return;
      }
      if (relative.startsWith('c/')) {
        const tenant = res.locals.tenant as Tenant;
        const user = await userForSession(options.db, tenant, req.get('cookie'));
        const own = user?.profile_id;
        const message = own
          ? await options.db
              .selectFrom('messages')
              .innerJoin('conversations', 'conversations.id', 'messages.conversation_id')
              .select('messages.id')
              .where((eb) => eb.or([eb('messages.photo_filename', '=', relative), eb('messages.photo_thumb_filename', '=', relative)]))
              .where('conversations.tenant_id', '=', tenant.id)
              .where((eb) => eb.or([eb('conversations.profile_low', '=', own), eb('conversations.profile_high', '=', own)]))
              .executeTakeFirst()
          : undefined;
        if (!message || !fs.existsSync(file)) {
          res.status(404).set('Cache-Control', 'no-store').type('text/plain').send('Not found');
          return;
        }
        res.sendFile(file, { dotfiles: 'deny', cacheControl: false, headers: { 'Cache-Control': 'private, max-age=3600' } });
        return;
      }
      if (!fs.existsSync(file)) {
        let job = rendering.get(file);
        if (!job) {
          job = renderDemo(relative, file).finally(() => rendering.delete(file));
          rendering.set(file, job);
        }
        if (!(await job)) {
          res.status(404).type('text/plain').send('Not found');
          return;
        }
      }
      res.sendFile(file, { maxAge: ONE_YEAR_S * 1000, immutable: true, dotfiles: 'deny' });
    } catch (error) {
      next(error);
    }
  };
}
