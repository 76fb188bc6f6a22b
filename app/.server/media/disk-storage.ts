// The default media store: files under one folder (DATA_DIR/media). Fine for one instance, or for a
// fleet that shares the folder over a network file system; otherwise use the S3 store.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { assertMediaKey, isMediaKey, matchesEtag, type MediaStorage } from './storage';

export function createDiskStorage(dir: string): MediaStorage {
  const root = path.resolve(dir);
  const fileOf = (key: string) => path.join(root, ...key.split('/'));
  return {
    kind: 'disk',
    async put(key, data) {
      assertMediaKey(key);
      const file = fileOf(key);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      // Written beside and renamed: a reader never sees half a picture.
      const temporary = `${file}.${crypto.randomBytes(6).toString('hex')}.tmp`;
      await fs.promises.writeFile(temporary, data);
      await fs.promises.rename(temporary, file);
    },
    async get(key, options = {}) {
      if (!isMediaKey(key)) return null;
      let handle: fs.promises.FileHandle;
      try {
        handle = await fs.promises.open(fileOf(key), 'r');
      } catch (error) {
        if (['ENOENT', 'ENOTDIR', 'EISDIR'].includes((error as NodeJS.ErrnoException).code ?? '')) return null;
        throw error;
      }
      // The validator comes from the open file, so a file replaced meanwhile cannot mix old and new.
      const stat = await handle.stat().catch(async (error: unknown) => {
        await handle.close();
        throw error;
      });
      if (!stat.isFile()) {
        await handle.close();
        return null;
      }
      const etag = `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
      if (matchesEtag(options.ifNoneMatch, etag)) {
        await handle.close();
        return 'not_modified';
      }
      return { body: handle.createReadStream(), size: stat.size, etag, lastModified: stat.mtime, contentType: contentTypeOf(key) };
    },
    async delete(keys) {
      for (const key of keys) assertMediaKey(key);
      await Promise.all(keys.map((key) => fs.promises.rm(fileOf(key), { force: true })));
    },
    async check() {
      await fs.promises.mkdir(root, { recursive: true });
    },
  };
}

/** Every stored picture is WebP (photos.ts re-encodes uploads); the name says so. */
export function contentTypeOf(key: string): string {
  return key.endsWith('.webp') ? 'image/webp' : 'application/octet-stream';
}
