// Picks the media store from the configuration (docs/decisions/0026): the S3-compatible store when
// MEDIA_S3_BUCKET is set, else DATA_DIR/media on the local disk.
import path from 'node:path';
import type { Config } from '../config';
import { createDiskStorage } from './disk-storage';
import { createS3Storage } from './s3-storage';
import type { MediaStorage } from './storage';

/** DATA_DIR/media: the disk store's folder, and every instance's cache of generated demo pictures. */
export function localMediaDir(config: Pick<Config, 'DATA_DIR'>): string {
  return path.join(config.DATA_DIR, 'media');
}

export function openMediaStorage(config: Pick<Config, 'DATA_DIR' | 'MEDIA_S3'>): MediaStorage {
  return config.MEDIA_S3 ? createS3Storage(config.MEDIA_S3) : createDiskStorage(localMediaDir(config));
}
