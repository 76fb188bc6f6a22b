// Colour contrast (WCAG 2.x): relative luminance, contrast ratio, and the smallest change of a
// colour's lightness (hue and saturation kept) that reaches a ratio — so a tenant's colours stay
// recognisably theirs while text and fills meet AA.

/** WCAG AA for normal text (and for white text on a filled button). */
export const AA_TEXT = 4.5;
/** What buildTheme aims for: AA with a little room, so rounding in a checker never tips it under. */
export const AA_TARGET = 4.6;
/** WCAG AA for large text and for the edges of controls (1.4.11). */
export const AA_LARGE = 3;

function channels(hex: string): [number, number, number] {
  const value = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!value) throw new Error(`not a colour like #e6317a: ${hex}`);
  const n = Number.parseInt(value[1]!, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex(rgb: [number, number, number]): string {
  return `#${rgb.map((c) => Math.round(Math.min(255, Math.max(0, c))).toString(16).padStart(2, '0')).join('')}`;
}

/** Relative luminance, 0 (black) to 1 (white). */
export function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

function toHsl(hex: string): [number, number, number] {
  const [r, g, b] = channels(hex).map((c) => c / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === r ? (g - b) / d + (g < b ? 6 : 0) : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return [h / 6, s, l];
}

function fromHsl([h, s, l]: [number, number, number]): string {
  if (s === 0) return toHex([l * 255, l * 255, l * 255]);
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const hue = (t: number) => {
    const x = t < 0 ? t + 1 : t > 1 ? t - 1 : t;
    if (x < 1 / 6) return p + (q - p) * 6 * x;
    if (x < 1 / 2) return q;
    if (x < 2 / 3) return p + (q - p) * (2 / 3 - x) * 6;
    return p;
  };
  return toHex([hue(h + 1 / 3) * 255, hue(h) * 255, hue(h - 1 / 3) * 255]);
}

/** The colour with its HSL lightness moved by `delta` (-1 to 1). */
export function shiftLightness(hex: string, delta: number): string {
  const [h, s, l] = toHsl(hex);
  return fromHsl([h, s, Math.min(1, Math.max(0, l + delta))]);
}

/**
 * The colour itself when it already reaches `ratio` against every colour of `against`; otherwise
 * the nearest darker (or lighter) colour of the same hue and saturation that does.
 */
export function ensureContrast(hex: string, against: readonly string[], ratio: number, direction: 'darken' | 'lighten'): string {
  const meets = (colour: string) => against.every((other) => contrastRatio(colour, other) >= ratio);
  if (meets(hex)) return hex.toLowerCase();
  const step = direction === 'darken' ? -0.005 : 0.005;
  let colour = hex;
  for (let i = 1; i <= 200; i++) {
    colour = shiftLightness(hex, step * i);
    if (meets(colour)) return colour;
  }
  return direction === 'darken' ? '#000000' : '#ffffff';
}
