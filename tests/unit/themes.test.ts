import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildTheme, type BuiltColors } from '../../themes';
import { AA_LARGE, AA_TEXT, contrastRatio, ensureContrast, luminance, shiftLightness } from '../../themes/contrast';

describe('themes', () => {
  it('has the base look: pink primary, pale pink secondary, dark navy, unread = primary', () => {
    const theme = buildTheme(1);
    expect(theme.colors).toMatchObject({ brand: '#e6317a', secondary: '#fde4ee', dark: '#1b2440' });
    expect(theme.colors.unread).toBe(theme.colors.primary);
    expect(theme.breakpoints).toEqual({ sm: 576, md: 768, lg: 992, xl: 1200 });
  });

  it('gives every niche its own primary colour, unread following it', () => {
    const primaries = [1, 2, 3, 4, 5, 6, 7].map((niche) => buildTheme(niche).colors.primary);
    expect(new Set(primaries).size).toBe(7);
    for (let niche = 1; niche <= 7; niche++) expect(buildTheme(niche).colors.unread).toBe(buildTheme(niche).colors.primary);
  });

  it('applies tenant overrides on top of the niche theme', () => {
    const theme = buildTheme(7, { colors: { primary: '#123456' } });
    expect(theme.colors.primary).toBe('#123456');
    expect(theme.colors.unread).toBe('#123456');
    expect(theme.colors.dark).toBe(buildTheme(7).colors.dark);
  });
});

describe('contrast', () => {
  it('computes the WCAG ratio: white on black is 21, a colour on itself 1', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#e6317a', '#e6317a')).toBe(1);
    expect(luminance('#ffffff')).toBe(1);
  });

  it('measures the failures the theme had: the base pink with white 4.1:1, pink on the dark navs 3.7 and 2.69', () => {
    expect(contrastRatio('#e6317a', '#ffffff')).toBeCloseTo(4.13, 2);
    expect(contrastRatio('#e6317a', '#1b2440')).toBeCloseTo(3.7, 1);
    expect(contrastRatio('#b84a7a', '#243049')).toBeCloseTo(2.7, 1);
  });

  it('moves a colour only as far as needed and keeps its hue', () => {
    expect(ensureContrast('#123456', ['#ffffff'], AA_TEXT, 'darken')).toBe('#123456');
    const darker = ensureContrast('#e6317a', ['#ffffff'], AA_TEXT, 'darken');
    expect(contrastRatio(darker, '#ffffff')).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrastRatio(shiftLightness(darker, 0.02), '#ffffff')).toBeLessThan(AA_TEXT);
    const hue = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
      return Math.atan2(Math.sqrt(3) * (g! - b!), 2 * r! - g! - b!);
    };
    expect(Math.abs(hue(darker) - hue('#e6317a'))).toBeLessThan(0.05);
  });
});

/** Every pair of the theme where text meets a fill, with the ratio WCAG AA asks for. */
function textPairs(c: BuiltColors): [string, string, string, number][] {
  return [
    ['body text', c.text, c.background, AA_TEXT],
    ['muted text', c.textMuted, c.background, AA_TEXT],
    ['muted text on surface', c.textMuted, c.surface, AA_TEXT],
    ['muted text on secondary', c.textMuted, c.secondary, AA_TEXT],
    ['link text', c.primary, c.background, AA_TEXT],
    ['primary text on a tint', c.primaryOnTint, c.secondary, AA_TEXT],
    ['primary text on the surface', c.primaryOnTint, c.surface, AA_TEXT],
    ['white text on a primary button', c.onPrimary, c.primary, AA_TEXT],
    ['white text on a hovered button', c.onPrimary, c.primaryHover, AA_TEXT],
    ['unread badge', c.onPrimary, c.unread, AA_TEXT],
    ['light button', c.primary, c.background, AA_TEXT],
    ['navigation text', c.onDark, c.dark, AA_TEXT],
    ['active navigation label', c.accentOnDark, c.dark, AA_TEXT],
    ['warning banner', c.dark, c.warning, AA_TEXT],
    ['danger badge', c.onPrimary, c.danger, AA_TEXT],
    ['error text', c.danger, c.background, AA_TEXT],
    ['error note', c.danger, c.dangerSurface, AA_TEXT],
    ['success note', c.success, c.successSurface, AA_TEXT],
    ['hero title over the primary end of its gradient', c.onPrimary, c.primary, AA_LARGE],
  ];
}

const tenants = fs
  .readdirSync('tenants')
  .filter((file) => file.endsWith('.json'))
  .map((file) => JSON.parse(fs.readFileSync(`tenants/${file}`, 'utf8')) as { id: string; settings: { niche: number }; theme: { colors?: Record<string, string> } });

describe.each([
  ...tenants.map((t) => ({ name: t.id, niche: t.settings.niche, colors: t.theme.colors })),
  ...[1, 2, 3, 4, 5, 6, 7].map((niche) => ({ name: `niche ${niche}`, niche, colors: undefined })),
])('the theme of $name', ({ niche, colors }) => {
  const theme = buildTheme(niche, { colors });

  it.each(textPairs(theme.colors))('meets WCAG AA: %s', (_name, foreground, background, ratio) => {
    expect(contrastRatio(foreground, background)).toBeGreaterThanOrEqual(ratio);
  });

  it('keeps its own colour: the accessible primary stays close to the declared one', () => {
    const declared = theme.colors.brand;
    expect(Math.abs(luminance(theme.colors.primary) - luminance(declared))).toBeLessThan(0.06);
    expect(Math.abs(luminance(theme.colors.accentOnDark) - luminance(declared))).toBeLessThan(0.2);
  });
});
