// npm run bench:screening (and npm run bench) — photos screened per second by the bundled model
// (docs/decisions/0065): the whole work of one screening job minus the database — sharp decodes the
// stored WebP and resizes it to 224 × 224, MobileNetV2 classifies it on TensorFlow.js's WebAssembly
// backend. One photo at a time, as the job worker runs them. The model's one-off load is timed apart.
import sharp from 'sharp';
import { encodePhoto } from '../app/.server/members/photos';
import { createPhotoClassifier, loadBundledModel, modelInput } from '../app/.server/trust/photo-classifier';

const PHOTOS = Number(process.env.BENCH_PHOTOS ?? 40);

/** A 1200 × 900 "photo": noise over a gradient with a shaded shape, stored as the upload stores it (WebP, at most 1600 px). */
async function storedPhoto(seed: number): Promise<Buffer> {
  const width = 1200;
  const height = 900;
  const pixels = Buffer.alloc(width * height * 3);
  let state = seed;
  for (let i = 0; i < pixels.length; i++) {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    pixels[i] = (((i % (width * 3)) / 14 + (state % 30) + seed * 17) & 255);
  }
  const encoded = await encodePhoto(await sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 85 }).toBuffer(), { width: 240, height: 240, fit: 'cover' });
  if (!encoded.ok) throw new Error(encoded.error);
  return encoded.full.data;
}

const photos = await Promise.all(Array.from({ length: 8 }, (_, i) => storedPhoto(i + 1)));

let loadMs = 0;
const classifier = createPhotoClassifier(async () => {
  const started = performance.now();
  const model = await loadBundledModel();
  loadMs = performance.now() - started;
  return model;
});
await classifier.classify(photos[0]!); // loads the model; not counted

const prepare: number[] = [];
const started = performance.now();
for (let i = 0; i < PHOTOS; i++) {
  const photo = photos[i % photos.length]!;
  const t = performance.now();
  await modelInput(photo);
  prepare.push(performance.now() - t);
  await classifier.classify(photo);
}
const seconds = (performance.now() - started) / 1000;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

console.log('\nphoto screening (nsfwjs MobileNetV2, tfjs WebAssembly backend, one photo at a time)');
console.log(`  model load (once per process)     ${loadMs.toFixed(0)} ms`);
console.log(`  photos screened                   ${PHOTOS} (stored WebP, 1200 × 900)`);
console.log(`  sharp decode + resize (median)    ${median(prepare).toFixed(1)} ms`);
console.log(`  per photo, all in                 ${((seconds * 1000) / PHOTOS).toFixed(0)} ms`);
console.log(`  photos screened per second        ${(PHOTOS / seconds).toFixed(1)}`);
