// Builds a tenant's theme: base → niche theme → the tenant file's overrides, then the colours that
// carry text are moved just far enough to meet WCAG AA (themes/contrast.ts): darker for text on
// light surfaces and for fills under white text, lighter for accents on the dark navigation.
import { baseTheme, type BuiltColors, type Theme, type ThemeColors, type ThemeOverrides } from './base';
import { AA_TARGET, ensureContrast, shiftLightness } from './contrast';
import { colorsForNiche } from './niches';

export type { BuiltColors, Theme, ThemeColors, ThemeOverrides } from './base';
export { baseTheme } from './base';

export function accessibleColors(declared: ThemeColors, unreadOverridden: boolean): BuiltColors {
  const light = [declared.background, declared.onPrimary];
  const primary = ensureContrast(declared.primary, light, AA_TARGET, 'darken');
  let primaryHover = ensureContrast(declared.primaryHover, light, AA_TARGET, 'darken');
  if (primaryHover === primary) primaryHover = shiftLightness(primary, -0.06);
  return {
    ...declared,
    brand: declared.primary.toLowerCase(),
    primary,
    primaryHover,
    unread: unreadOverridden ? ensureContrast(declared.unread, [declared.onPrimary], AA_TARGET, 'darken') : primary,
    primaryOnTint: ensureContrast(primary, [declared.background, declared.surface, declared.secondary], AA_TARGET, 'darken'),
    accentOnDark: ensureContrast(declared.primary, [declared.dark], AA_TARGET, 'lighten'),
    textMuted: ensureContrast(declared.textMuted, [declared.background, declared.surface, declared.secondary], AA_TARGET, 'darken'),
    danger: ensureContrast(declared.danger, [declared.background, declared.dangerSurface, declared.onPrimary], AA_TARGET, 'darken'),
    success: ensureContrast(declared.success, [declared.background, declared.successSurface], AA_TARGET, 'darken'),
  };
}

export function buildTheme(niche: number, overrides: ThemeOverrides = {}): Theme {
  const declared = { ...colorsForNiche(niche), ...overrides.colors };
  return { ...baseTheme, niche, colors: accessibleColors(declared, Boolean(overrides.colors?.unread)) };
}
