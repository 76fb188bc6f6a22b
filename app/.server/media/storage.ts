// Where members' uploaded pictures live (docs/decisions/0026): profile photos (u/<profile>/…) and chat
// pictures (c/<sender profile>/…) are written, read and deleted through this interface only. Two
// backends: the local disk (DATA_DIR/media, the default) and any S3-compatible store (MEDIA_S3_*),
// so that every instance of a fleet serves every upload. Generated demo pictures are not stored
// here: they are a per-instance cache (media-handler.ts).
import type { Readable } from 'node:stream';
import { logger } from '../observability/logger';

export interface StoredMedia {
  body: Readable;
  /** Bytes. */
  size: number;
  /** A validator for conditional requests (If-None-Match), quoted, as HTTP sends it. */
  etag: string;
  lastModified: Date;
  contentType: string;
}

export interface MediaStorage {
  readonly kind: 'disk' | 's3';
  /** Stores `data` under `key`, replacing what was there. Throws when the store cannot take it. */
  put(key: string, data: Uint8Array, contentType: string): Promise<void>;
  /**
   * The object and its stream, 'not_modified' when `ifNoneMatch` names its current validator, null
   * when there is no such object. Throws when the store cannot be reached.
   */
  get(key: string, options?: { ifNoneMatch?: string }): Promise<StoredMedia | 'not_modified' | null>;
  /** Removes the objects; keys that do not exist are no error. Throws when the store cannot be reached. */
  delete(keys: readonly string[]): Promise<void>;
  /** Checks at start-up that the store answers (S3: the bucket exists and the keys may use it). */
  check(): Promise<void>;
}

/**
 * A key the stores accept: up to five segments of letters, digits, `_`, `-` and `.`, none starting
 * with a dot (so never `..`). Keys come from our own code (u/12/abc.webp), but a request path is
 * checked with this too before any store sees it.
 */
export function isMediaKey(key: string): boolean {
  return key.length <= 400 && /^(?:[\w-][\w.-]{0,127}\/){0,4}[\w-][\w.-]{0,127}$/.test(key);
}

export function assertMediaKey(key: string): void {
  if (!isMediaKey(key)) throw new Error(`not a media key: ${JSON.stringify(key.slice(0, 80))}`);
}

/** Does an If-None-Match header name this validator? Weak comparison (RFC 9110 §13.1.2), `*` included. */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => bare(tag) === bare(etag));
}

/**
 * Deletes files whose rows are already gone. Those files are unreachable already (the serving rules
 * need the row), so a store that fails now does not undo what the member did: the failure is logged
 * with the keys, for the operator to remove them (docs/decisions/0026), and the caller goes on.
 */
export async function deleteUnreachable(media: MediaStorage, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  try {
    await media.delete(keys);
  } catch (error) {
    logger.error(`media: could not delete ${keys.join(' ')} from the ${media.kind} store: ${(error as Error).message}`);
  }
}
