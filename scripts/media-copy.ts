// npm run media:copy — copies members' uploads from DATA_DIR/media to the store of MEDIA_S3_*, before
// an installation starts with the store (docs/decisions/0026). Safe to run again: what the store has
// is left alone.
import { loadConfig } from '../app/.server/config';
import { copyUploadsToStore } from '../app/.server/media/copy-to-store';
import { localMediaDir, openMediaStorage } from '../app/.server/media/open-storage';

const config = loadConfig();
if (!config.MEDIA_S3) {
  console.error('MEDIA_S3_BUCKET is not set: there is no store to copy to (the uploads are on the disk already).');
  process.exit(1);
}
const store = openMediaStorage(config);
const report = await store
  .check()
  .then(() =>
    copyUploadsToStore(localMediaDir(config), store, (done, total) => {
      if (done % 500 === 0 || done === total) console.log(`${done} / ${total}`);
    }),
  )
  .catch((error: Error) => {
    console.error(error.message);
    process.exit(1);
  });
console.log(`${report.copied} copied, ${report.present} already in bucket ${config.MEDIA_S3.bucket}${report.skipped.length ? `, ${report.skipped.length} left alone (not an upload): ${report.skipped.slice(0, 5).join(' ')}` : ''}`);
