// Renders demo portraits (the same drawings as the demo profiles, docs/decisions/0004) to PNG frames
// for the lander videos; scripts/make-lander-media.sh turns them into video. Usage:
//   node --import tsx scripts/render-lander-frames.ts <out-dir>
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { PORTRAIT_SIZE, portraitSvg } from '../app/.server/media/demo-picture';

const out = process.argv[2] ?? 'tmp-frames';
fs.mkdirSync(out, { recursive: true });
const people = [
  { seed: 11, gender: 'female', hairColour: 'blonde', age: 29 },
  { seed: 23, gender: 'male', hairColour: 'brown', age: 34 },
  { seed: 37, gender: 'female', hairColour: 'red', age: 41 },
  { seed: 52, gender: 'male', hairColour: 'black', age: 27 },
  { seed: 68, gender: 'female', hairColour: 'black', age: 36 },
] as const;
let index = 0;
for (const person of people) {
  for (const photo of [1, 2]) {
    index++;
    const svg = portraitSvg({ ...person, photo });
    await sharp(Buffer.from(svg)).resize(PORTRAIT_SIZE.width, PORTRAIT_SIZE.height).png().toFile(path.join(out, `frame-${String(index).padStart(2, '0')}.png`));
  }
}
console.log(`${index} frames in ${out}`);
