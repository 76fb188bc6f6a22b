// A local S3-compatible server for the tests (s3rver from the npm registry): on 127.0.0.1, any free
// port, its objects in a temporary folder, one bucket made at start.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { S3Settings } from '../../app/.server/config';

export interface LocalS3 {
  endpoint: string;
  bucket: string;
  /** The settings our store takes, with an optional key prefix. */
  settings: (prefix?: string) => S3Settings;
  /** The MEDIA_S3_* environment of a server that should use this store. */
  env: (prefix?: string) => Record<string, string>;
  /** Every key in the bucket, sorted (as the store sees them, prefix included). */
  keys: () => Promise<string[]>;
  stop: () => Promise<void>;
}

export const S3_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

export async function startLocalS3(bucket = 'rdv-media'): Promise<LocalS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'rdv-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const settings = (prefix = ''): S3Settings => ({ endpoint, region: 'us-east-1', bucket, ...S3_CREDENTIALS, forcePathStyle: true, prefix });
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: S3_CREDENTIALS });
  return {
    endpoint,
    bucket,
    settings,
    env: (prefix = '') => ({
      MEDIA_S3_ENDPOINT: endpoint,
      MEDIA_S3_BUCKET: bucket,
      MEDIA_S3_ACCESS_KEY_ID: S3_CREDENTIALS.accessKeyId,
      MEDIA_S3_SECRET_ACCESS_KEY: S3_CREDENTIALS.secretAccessKey,
      MEDIA_S3_PREFIX: prefix,
    }),
    async keys() {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (listed.Contents ?? []).map((object) => object.Key!).sort();
    },
    async stop() {
      client.destroy();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
