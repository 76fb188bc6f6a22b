// One theme per niche (docs/product.md §9 niches 1–7), each derived from the base so every token exists.
import { baseColors, type ThemeColors } from './base';

/** Colour changes per niche; unread always follows primary. */
export const nicheColors: Record<number, Partial<ThemeColors>> = {
  1: {},
  2: { primary: '#c2185b', primaryHover: '#a0134a', secondary: '#fbe3ec', dark: '#2a1b3d', text: '#2a1b3d' },
  3: { primary: '#b0123a', primaryHover: '#8e0e2f', secondary: '#f6e1e6', dark: '#151515', text: '#1d1d1f' },
  4: { primary: '#e0457b', primaryHover: '#c2335f', secondary: '#ffe6ef', dark: '#3a1f3d', text: '#3a1f3d' },
  5: { primary: '#c45c86', primaryHover: '#a8476f', secondary: '#f7e8ee', dark: '#243049', text: '#243049' },
  6: { primary: '#d81b60', primaryHover: '#b0124c', secondary: '#fce4ec', dark: '#222a47', text: '#222a47' },
  7: { primary: '#7b3fe4', primaryHover: '#6530c4', secondary: '#efe7fd', dark: '#18203a', text: '#18203a' },
};

export function colorsForNiche(niche: number): ThemeColors {
  const merged = { ...baseColors, ...nicheColors[niche] };
  return { ...merged, unread: merged.primary };
}
