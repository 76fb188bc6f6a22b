// Builds a tenant's theme: base → niche theme → the tenant file's overrides.
import { baseTheme, type Theme, type ThemeOverrides } from './base';
import { colorsForNiche } from './niches';

export type { Theme, ThemeColors, ThemeOverrides } from './base';
export { baseTheme } from './base';

export function buildTheme(niche: number, overrides: ThemeOverrides = {}): Theme {
  const colors = { ...colorsForNiche(niche), ...overrides.colors };
  if (!overrides.colors?.unread) colors.unread = colors.primary;
  return { ...baseTheme, niche, colors };
}
