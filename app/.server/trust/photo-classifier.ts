// The photo classifier (docs/decisions/0065): nsfwjs's MobileNetV2 model, which ships inside the npm
// package as JavaScript modules (model topology and base64 weights, ~3.6 MB) and so loads with no
// network, on TensorFlow.js's WebAssembly backend (its .wasm files ship in
// @tensorflow/tfjs-backend-wasm; no native download at install). sharp decodes the stored photo and
// resizes it to the model's 224 × 224 input. The model loads lazily, once per process: the first
// photo screened pays ~0.6 s, every later one ~60–180 ms of one core.
import sharp from 'sharp';
import type { PhotoScores, ScreeningClass } from '~/shared/photo-screening';
import { MAX_INPUT_PIXELS } from '../members/photos';

/** The model's input edge. */
export const MODEL_SIZE = 224;

/** nsfwjs's class names → ours. */
const CLASS_NAMES: Record<string, ScreeningClass> = { Drawing: 'drawing', Hentai: 'hentai', Neutral: 'neutral', Porn: 'porn', Sexy: 'sexy' };

/** What the classifier needs of a loaded model: scores for one 224 × 224 RGB picture. */
export interface LoadedModel {
  classify(rgb: Uint8Array, size: number): Promise<{ className: string; probability: number }[]>;
}

export interface PhotoClassifier {
  /** The five scores of an image (any format sharp reads); rejects when the model cannot load or the image cannot be read. */
  classify(image: Uint8Array): Promise<PhotoScores>;
}

/** Loads the bundled model on the WebAssembly backend (the packages are imported here, not at start). */
export async function loadBundledModel(): Promise<LoadedModel> {
  const tf = await import('@tensorflow/tfjs');
  await import('@tensorflow/tfjs-backend-wasm');
  if (!(await tf.setBackend('wasm'))) throw new Error('the TensorFlow.js WebAssembly backend did not start');
  await tf.ready();
  const { load } = await import('nsfwjs/core');
  const { MobileNetV2Model } = await import('nsfwjs/models/mobilenet_v2');
  const net = await load('MobileNetV2', { modelDefinitions: [MobileNetV2Model], size: MODEL_SIZE });
  return {
    async classify(rgb, size) {
      const input = tf.tensor3d(rgb, [size, size, 3], 'int32');
      try {
        return await net.classify(input, 5);
      } finally {
        input.dispose();
      }
    },
  };
}

/** The picture as the model's input: decoded, turned upright, squeezed whole into 224 × 224, RGB. */
export async function modelInput(image: Uint8Array): Promise<Uint8Array> {
  const { data } = await sharp(image, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
    .rotate()
    .resize(MODEL_SIZE, MODEL_SIZE, { fit: 'fill' })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
}

/**
 * A classifier whose model is loaded by `load` on its first use and kept; a load that fails is
 * forgotten, so the next photo tries again (the failed photo stays in the ordinary queue).
 */
export function createPhotoClassifier(load: () => Promise<LoadedModel> = loadBundledModel): PhotoClassifier {
  let model: Promise<LoadedModel> | null = null;
  return {
    async classify(image) {
      const input = await modelInput(image);
      model ??= load().catch((error: unknown) => {
        model = null;
        throw error;
      });
      const classes = await (await model).classify(input, MODEL_SIZE);
      const scores: PhotoScores = { drawing: 0, hentai: 0, neutral: 0, porn: 0, sexy: 0 };
      for (const { className, probability } of classes) {
        const name = CLASS_NAMES[className];
        if (name) scores[name] = probability;
      }
      if (Object.values(scores).every((score) => score === 0)) throw new Error('the model gave no scores');
      return scores;
    },
  };
}

/** The process's classifier: the server's screening job uses it, so the model loads at most once per process. */
export const photoClassifier = createPhotoClassifier();
