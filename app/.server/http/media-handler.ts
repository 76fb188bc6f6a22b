// Serves /media/*: on tenant hosts (server.ts mounts it after the tenant is known), and the demo
// pictures alone on the console's host for the brand wizard's preview (http/network-preview.ts).
//  - Members' uploads come from the media store (storage.ts: the local disk or an S3-compatible
//    store, docs/decisions/0026) after their rule is checked. A member's photo (u/<profile>/…)
//    answers only on the hosts of the member's tenant and only while its row exists, with private
//    caching that revalidates, so a deleted photo is gone at once (docs/decisions/0012). A chat
//    picture (c/<sender profile>/…) answers only to the two members of its conversation (their
//    session cookie), privately, never cached by a shared cache.
//  - A demo profile's picture (demo/…) is drawn (demo-picture.ts) on its first request, rendered to
//    WebP once, kept in this instance's DATA_DIR/media/demo and served from there; it never goes to
//    the store, and never changes, so it is cached for good (public, immutable).
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Request, RequestHandler, Response } from 'express';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import { userForSession } from '../accounts/sessions';
import { today } from '../clock';
import type { DB } from '../db/schema';
import { ageOn } from '../profiles/age';
import { parseDemoPhotoFilename, portraitSvg, PORTRAIT_SIZE, THUMB_SIZE } from '../media/demo-picture';
import { isMediaKey, type MediaStorage } from '../media/storage';
import { logger } from '../observability/logger';
import { requestLocals } from './locals';

const ONE_YEAR_S = 365 * 24 * 60 * 60;
const MEMBER_PHOTO_CACHE = 'private, no-cache';
const CHAT_PICTURE_CACHE = 'private, max-age=3600';

export interface MediaHandlerOptions {
  /** Members' uploads. */
  storage: MediaStorage;
  /** This instance's folder for generated demo pictures (DATA_DIR/media). */
  demoDir: string;
  db: Kysely<DB>;
}

export function mediaHandler(options: MediaHandlerOptions): RequestHandler {
  const { storage, db } = options;
  const demoDir = path.resolve(options.demoDir);
  const rendering = new Map<string, Promise<boolean>>();

  async function renderDemo(wanted: NonNullable<ReturnType<typeof parseDemoPhotoFilename>>, file: string): Promise<boolean> {
    const profile = await db.selectFrom('profiles').select(['gender', 'hair_colour', 'birth_date']).where('seed', '=', wanted.seed).executeTakeFirst();
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

  async function serveDemo(res: Response, relative: string): Promise<void> {
    const wanted = parseDemoPhotoFilename(relative);
    if (!wanted) return notFound(res, 'no-store');
    const file = path.join(demoDir, ...relative.split('/'));
    if (!fs.existsSync(file)) {
      let job = rendering.get(file);
      if (!job) {
        job = renderDemo(wanted, file).finally(() => rendering.delete(file));
        rendering.set(file, job);
      }
      if (!(await job)) return notFound(res, 'no-store');
    }
    res.sendFile(file, { maxAge: ONE_YEAR_S * 1000, immutable: true, dotfiles: 'deny' });
  }

  /** Streams a stored upload whose rule already passed; revalidation answers 304 without the bytes. */
  async function serveStored(req: Request, res: Response, key: string, cacheControl: string): Promise<void> {
    const ifNoneMatch = req.get('if-none-match');
    const found = await storage.get(key, { ifNoneMatch });
    if (found === null) return notFound(res, 'no-store');
    res.set('Cache-Control', cacheControl);
    if (found === 'not_modified') {
      if (ifNoneMatch && !ifNoneMatch.includes(',')) res.set('ETag', ifNoneMatch.trim());
      res.status(304).end();
      return;
    }
    res.set({ 'Content-Type': found.contentType, 'Content-Length': String(found.size), ETag: found.etag, 'Last-Modified': found.lastModified.toUTCString() });
    if (req.method === 'HEAD') {
      found.body.destroy();
      res.end();
      return;
    }
    // A client that hangs up mid-picture ends the pipeline; that is no error of ours.
    await pipeline(found.body, res).catch(() => found.body.destroy());
  }

  return async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    let relative: string;
    try {
      relative = decodeURIComponent(req.path).replace(/^\/+/, '');
    } catch {
      return notFound(res, 'no-store');
    }
    if (!isMediaKey(relative)) return notFound(res, 'no-store');
    // The demo pictures are the same for every site (and the network wizard's preview, which has none).
    const tenant = requestLocals(res).tenant;
    try {
      if (relative.startsWith('demo/')) return await serveDemo(res, relative);
      if (!tenant) return notFound(res, 'no-store');
      if (relative.startsWith('u/')) {
        const photo = await db
          .selectFrom('photos')
          .innerJoin('profiles', 'profiles.id', 'photos.profile_id')
          .select('photos.id')
          .where((eb) => eb.or([eb('photos.filename', '=', relative), eb('photos.thumb_filename', '=', relative)]))
          .where('profiles.tenant_id', '=', tenant.id)
          .executeTakeFirst();
        if (!photo) return notFound(res, 'no-store');
        return await serveStored(req, res, relative, MEMBER_PHOTO_CACHE);
      }
      if (relative.startsWith('c/')) {
        const user = await userForSession(db, tenant, req.get('cookie'));
        const own = user?.profile_id;
        const message = own
          ? await db
              .selectFrom('messages')
              .innerJoin('conversations', 'conversations.id', 'messages.conversation_id')
              .select('messages.id')
              .where((eb) => eb.or([eb('messages.photo_filename', '=', relative), eb('messages.photo_thumb_filename', '=', relative)]))
              .where('conversations.tenant_id', '=', tenant.id)
              .where((eb) => eb.or([eb('conversations.profile_low', '=', own), eb('conversations.profile_high', '=', own)]))
              .executeTakeFirst()
          : undefined;
        if (!message) return notFound(res, 'no-store');
        return await serveStored(req, res, relative, CHAT_PICTURE_CACHE);
      }
      return notFound(res, 'no-store');
    } catch (error) {
      if (res.headersSent) return next(error);
      // The database or the store did not answer: say so, briefly, and let the browser try again.
      logger.error(`media ${relative} (request ${requestLocals(res).requestId ?? 'unknown'}): ${(error as Error).message}`);
      res.status(503).set({ 'Cache-Control': 'no-store', 'Retry-After': '5' }).type('text/plain').send('Service unavailable');
    }
  };
}

function notFound(res: Response, cacheControl: string): void {
  res.status(404).set('Cache-Control', cacheControl).type('text/plain').send('Not found');
}
