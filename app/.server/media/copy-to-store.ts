// Moving an installation's uploads from the local disk to the configured store (npm run media:copy,
// docs/decisions/0026): every member photo and chat picture under DATA_DIR/media/u and /c is put
// under the same key, unless the store has it already, so the copy can run again after a break.
// Demo pictures are not copied: they are a per-instance cache.
import fs from 'node:fs';
import path from 'node:path';
import { contentTypeOf } from './disk-storage';
import { isMediaKey, type MediaStorage } from './storage';

export interface CopyReport {
  copied: number;
  present: number;
  /** Files whose names are no media key (temporary files, strays): left alone. */
  skipped: string[];
}

/** The upload keys under `dir`: u/… and c/… files, as media keys. */
export async function uploadKeysOnDisk(dir: string): Promise<{ keys: string[]; skipped: string[] }> {
  const keys: string[] = [];
  const skipped: string[] = [];
  for (const top of ['u', 'c']) {
    const root = path.join(dir, top);
    if (!fs.existsSync(root)) continue;
    for (const entry of await fs.promises.readdir(root, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const key = path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
      (isMediaKey(key) && key.endsWith('.webp') ? keys : skipped).push(key);
    }
  }
  return { keys: keys.sort(), skipped: skipped.sort() };
}

export async function copyUploadsToStore(dir: string, store: MediaStorage, onProgress: (done: number, total: number) => void = () => {}): Promise<CopyReport> {
  const { keys, skipped } = await uploadKeysOnDisk(dir);
  const report: CopyReport = { copied: 0, present: 0, skipped };
  for (const [index, key] of keys.entries()) {
    const existing = await store.get(key);
    if (existing !== null) {
      if (existing !== 'not_modified') existing.body.destroy();
      report.present++;
    } else {
      await store.put(key, await fs.promises.readFile(path.join(dir, ...key.split('/'))), contentTypeOf(key));
      report.copied++;
    }
    onProgress(index + 1, keys.length);
  }
  return report;
}
