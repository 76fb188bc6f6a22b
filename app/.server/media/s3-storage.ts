// The media store of a fleet: any S3-compatible object store (AWS S3, MinIO, Ceph, R2, …) through the
// AWS SDK. The bucket stays private: pictures are still served by our /media handler, which applies
// the serving rules first (docs/decisions/0012, 0026) and streams the object.
import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, PutObjectCommand, S3Client, type S3ServiceException } from '@aws-sdk/client-s3';
import type { S3Settings } from '../config';
import { assertMediaKey, isMediaKey, type MediaStorage } from './storage';

/** Deletions run this many at a time: DeleteObject per key works on every S3-compatible store. */
const DELETE_CONCURRENCY = 8;

export function createS3Storage(settings: S3Settings, client = s3Client(settings)): MediaStorage {
  const Bucket = settings.bucket;
  const Key = (key: string) => settings.prefix + key;
  return {
    kind: 's3',
    async put(key, data, contentType) {
      assertMediaKey(key);
      await client.send(new PutObjectCommand({ Bucket, Key: Key(key), Body: data, ContentType: contentType, ContentLength: data.byteLength }));
    },
    async get(key, options = {}) {
      if (!isMediaKey(key)) return null;
      try {
        // One validator is passed on (browsers send the one they were given); a list or `*` gets the object.
        const single = options.ifNoneMatch && !/[,*]/.test(options.ifNoneMatch) ? options.ifNoneMatch.trim().replace(/^W\//, '') : undefined;
        const object = await client.send(new GetObjectCommand({ Bucket, Key: Key(key), IfNoneMatch: single }));
        return {
          body: object.Body as Readable,
          size: object.ContentLength ?? 0,
          etag: object.ETag ?? '""',
          lastModified: object.LastModified ?? new Date(0),
          contentType: object.ContentType ?? 'application/octet-stream',
        };
      } catch (error) {
        const status = (error as S3ServiceException).$metadata?.httpStatusCode;
        if (status === 304) return 'not_modified';
        if (status === 404 || (error as Error).name === 'NoSuchKey') return null;
        throw error;
      }
    },
    async delete(keys) {
      for (const key of keys) assertMediaKey(key);
      const queue = [...keys];
      const worker = async () => {
        for (let key = queue.shift(); key !== undefined; key = queue.shift()) await client.send(new DeleteObjectCommand({ Bucket, Key: Key(key) }));
      };
      await Promise.all(Array.from({ length: Math.min(DELETE_CONCURRENCY, queue.length) }, worker));
    },
    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (error) {
        const status = (error as S3ServiceException).$metadata?.httpStatusCode;
        const why = status === 404 ? 'no such bucket' : status === 403 ? 'access denied' : (error as Error).message || (error as Error).name;
        throw new Error(`MEDIA_S3_BUCKET: bucket "${Bucket}" at ${settings.endpoint ?? `AWS ${settings.region}`} is not usable (${why})`);
      }
    },
  };
}

function s3Client(settings: S3Settings): S3Client {
  return new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.accessKeyId && settings.secretAccessKey ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } : undefined,
    // Checksums only where the API demands them: several S3-compatible stores refuse the SDK's
    // default trailing CRC32 headers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A store that hangs must not hold a member's request for minutes.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 20_000 },
    maxAttempts: 3,
  });
}
