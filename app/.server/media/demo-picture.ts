// Generated illustrations for fictional demo profiles: a friendly, non-explicit portrait drawn as
// SVG from the profile's traits and a seed, rendered to WebP by sharp on first request and then
// kept on disk (docs/decisions/0004-demo-pictures.md). Nothing is downloaded.
import { createRandom } from '../random';

export interface PortraitTraits {
  seed: number;
  /** 1-based photo number; each gives a different scene of the same person. */
  photo: number;
  gender: 'male' | 'female';
  hairColour: string | null;
  age: number;
}

export const PORTRAIT_SIZE = { width: 480, height: 600 } as const;
export const THUMB_SIZE = { width: 240, height: 300 } as const;

const HAIR: Record<string, string> = {
  black: '#2b2220',
  brown: '#6b4226',
  blonde: '#e0bb62',
  red: '#b5522b',
  grey: '#a3a3a8',
  white: '#e9e6df',
  other: '#7a4b8c',
};
const SKIN = ['#f6d7c3', '#eec1a2', '#e0a985', '#c98d66', '#a86f4c', '#8a5638', '#6b4029'];
const BACKDROPS: [string, string][] = [
  ['#fde4ee', '#f7b4cf'],
  ['#e3f0ff', '#a9c8f5'],
  ['#e8f7ee', '#a6dcbc'],
  ['#fff3d9', '#f6cf7c'],
  ['#efe7fd', '#c3a9f1'],
  ['#ffe9e0', '#f5b39a'],
  ['#e0f6f7', '#93d3d8'],
];
const SHIRTS = ['#e6317a', '#1b2440', '#2e86de', '#10ac84', '#f39c12', '#8e44ad', '#c0392b', '#34495e', '#16a085', '#d35400'];

function shade(hex: string, amount: number): string {
  const value = parseInt(hex.slice(1), 16);
  const channel = (shift: number) => Math.max(0, Math.min(255, ((value >> shift) & 255) + amount));
  return `#${((channel(16) << 16) | (channel(8) << 8) | channel(0)).toString(16).padStart(6, '0')}`;
}

export function portraitSvg(traits: PortraitTraits): string {
  const person = createRandom(traits.seed * 7919 + 17);
  const scene = createRandom(traits.seed * 104729 + traits.photo * 31);
  const skin = person.pick(SKIN);
  const skinShade = shade(skin, -28);
  const hair = traits.hairColour === 'bald' ? null : (HAIR[traits.hairColour ?? 'brown'] ?? HAIR.brown!);
  const longHair = traits.gender === 'female' ? person.chance(0.85) : person.chance(0.08);
  const beard = traits.gender === 'male' && hair !== null && person.chance(0.35);
  const glasses = person.chance(traits.age > 50 ? 0.55 : 0.2) && scene.chance(0.8);
  const [bgFrom, bgTo] = scene.pick(BACKDROPS);
  const shirt = scene.pick(SHIRTS);
  const tilt = scene.int(-6, 6);
  const smile = scene.int(14, 26);
  const bubbles = Array.from({ length: 6 }, () => {
    const r = scene.int(18, 70);
    return `<circle cx="${scene.int(0, 480)}" cy="${scene.int(0, 380)}" r="${r}" fill="#ffffff" opacity="${(scene.int(15, 40) / 100).toFixed(2)}"/>`;
  }).join('');
  const wrinkles =
    traits.age >= 55
      ? `<path d="M178 238 q12 -6 24 0 M278 238 q12 -6 24 0" stroke="${skinShade}" stroke-width="3" fill="none" stroke-linecap="round"/>`
      : '';
  const backHair =
    hair && longHair
      ? `<path d="M138 250 C120 140 180 100 240 100 C300 100 360 140 342 250 C350 330 360 400 330 440 L150 440 C120 400 130 330 138 250 Z" fill="${hair}"/>`
      : '';
  const topHair = hair
    ? longHair
      ? `<path d="M142 250 C135 150 190 118 240 118 C300 118 350 152 338 250 C330 200 300 172 262 168 C250 190 210 200 176 196 C160 210 150 228 142 250 Z" fill="${hair}"/>`
      : `<path d="M146 236 C138 150 196 122 240 122 C296 120 346 150 334 236 C326 196 300 178 240 180 C186 178 158 196 146 236 Z" fill="${hair}"/>`
    : '';
  const beardPath = beard
    ? `<path d="M158 290 C165 360 205 372 240 372 C275 372 315 360 322 290 C310 330 290 338 240 338 C190 338 170 330 158 290 Z" fill="${hair}" opacity="0.9"/>`
    : '';
  const glassesPath = glasses
    ? `<g fill="none" stroke="#23232b" stroke-width="5"><circle cx="205" cy="262" r="24"/><circle cx="275" cy="262" r="24"/><path d="M229 262 h22"/></g>`
    : '';
  const earrings =
    traits.gender === 'female' && scene.chance(0.5)
      ? `<circle cx="147" cy="300" r="6" fill="#f6c945"/><circle cx="333" cy="300" r="6" fill="#f6c945"/>`
      : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="600" viewBox="0 0 480 600">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${bgFrom}"/><stop offset="1" stop-color="${bgTo}"/></linearGradient></defs>
<rect width="480" height="600" fill="url(#bg)"/>${bubbles}
<g transform="rotate(${tilt} 240 420)">
${backHair}
<path d="M40 680 C45 480 150 428 240 428 C330 428 435 480 440 680 Z" fill="${shirt}"/>
<path d="M200 428 C210 452 270 452 280 428" fill="${shade(shirt, -30)}"/>
<rect x="207" y="330" width="66" height="110" rx="30" fill="${skinShade}"/>
<ellipse cx="147" cy="268" rx="16" ry="24" fill="${skin}"/><ellipse cx="333" cy="268" rx="16" ry="24" fill="${skin}"/>
<ellipse cx="240" cy="255" rx="94" ry="116" fill="${skin}"/>
${topHair}${beardPath}
<path d="M186 232 q19 -10 38 0 M256 232 q19 -10 38 0" stroke="${hair ?? skinShade}" stroke-width="6" fill="none" stroke-linecap="round"/>
<ellipse cx="205" cy="263" rx="8" ry="10" fill="#2a2a33"/><ellipse cx="275" cy="263" rx="8" ry="10" fill="#2a2a33"/>
<circle cx="208" cy="259" r="2.5" fill="#fff"/><circle cx="278" cy="259" r="2.5" fill="#fff"/>
${wrinkles}
<path d="M236 275 q4 22 -6 30 q8 4 16 0" stroke="${skinShade}" stroke-width="4" fill="none" stroke-linecap="round"/>
<circle cx="185" cy="305" r="17" fill="#ff8aa8" opacity="0.25"/><circle cx="295" cy="305" r="17" fill="#ff8aa8" opacity="0.25"/>
<path d="M${240 - smile} 318 Q240 ${330 + smile / 2} ${240 + smile} 318" stroke="#9b2d45" stroke-width="6" fill="none" stroke-linecap="round"/>
${glassesPath}${earrings}
</g>
</svg>`;
}

/** demo/<seed>-<photo>.webp and demo/<seed>-<photo>-thumb.webp */
export function demoPhotoFilenames(seed: number, photo: number): { filename: string; thumb: string } {
  return { filename: `demo/${seed}-${photo}.webp`, thumb: `demo/${seed}-${photo}-thumb.webp` };
}

export function parseDemoPhotoFilename(relative: string): { seed: number; photo: number; thumb: boolean } | null {
  const match = /^demo\/(\d{1,9})-(\d{1,2})(-thumb)?\.webp$/.exec(relative);
  if (!match) return null;
  return { seed: Number(match[1]), photo: Number(match[2]), thumb: Boolean(match[3]) };
}
