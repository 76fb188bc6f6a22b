// The base look (docs/product.md §9, docs/architecture.md §7): pink primary, pale pink secondary, dark navy; unread = primary.
export interface ThemeColors {
  /**
   * The pink (or niche colour) for fills with onPrimary text and for text on the background: the
   * declared colour, darkened where needed for WCAG AA (buildTheme).
   */
  primary: string;
  primaryHover: string;
  onPrimary: string;
  secondary: string;
  dark: string;
  onDark: string;
  unread: string;
  warning: string;
  danger: string;
  success: string;
  text: string;
  textMuted: string;
  background: string;
  surface: string;
  border: string;
  /** Background of error and success notes. */
  dangerSurface: string;
  successSurface: string;
}

/** Tokens buildTheme derives from the declared colours (not set in tenant files). */
export interface DerivedColors {
  /** The declared primary as the tenant chose it: decoration only (borders, gradients, bars). */
  brand: string;
  /** Primary as text on the pale surfaces (secondary, surface) at 4.5:1. */
  primaryOnTint: string;
  /** The primary hue light enough for text on the dark navigation and footer at 4.5:1. */
  accentOnDark: string;
}

export type BuiltColors = ThemeColors & DerivedColors;

export interface Theme {
  niche: number;
  colors: BuiltColors;
  /** Min-width breakpoints in px (docs/product.md §9). */
  breakpoints: { sm: number; md: number; lg: number; xl: number };
  space: (step: number) => string;
  radii: { sm: string; md: string; lg: string; pill: string };
  fonts: { body: string; heading: string };
  fontSizes: { xs: string; sm: string; md: string; lg: string; xl: string; xxl: string; display: string };
  shadows: { card: string; raised: string };
}

export type ThemeOverrides = { colors?: Partial<ThemeColors> };

export const baseColors: ThemeColors = {
  primary: '#e6317a',
  primaryHover: '#c81f63',
  onPrimary: '#ffffff',
  secondary: '#fde4ee',
  dark: '#1b2440',
  onDark: '#ffffff',
  unread: '#e6317a',
  warning: '#f0a202',
  danger: '#d62839',
  success: '#1f9d55',
  text: '#1b2440',
  textMuted: '#5b6478',
  background: '#ffffff',
  surface: '#fff7fa',
  border: '#ecd5df',
  dangerSurface: '#fdecee',
  successSurface: '#e8f7ee',
};

export const baseTheme: Omit<Theme, 'colors'> = {
  niche: 1,
  breakpoints: { sm: 576, md: 768, lg: 992, xl: 1200 },
  space: (step) => `${step * 4}px`,
  radii: { sm: '6px', md: '12px', lg: '20px', pill: '999px' },
  fonts: {
    body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    heading: "'Trebuchet MS', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  },
  fontSizes: { xs: '0.75rem', sm: '0.875rem', md: '1rem', lg: '1.125rem', xl: '1.375rem', xxl: '1.75rem', display: '2.25rem' },
  shadows: { card: '0 1px 3px rgba(27, 36, 64, 0.12)', raised: '0 8px 24px rgba(27, 36, 64, 0.18)' },
};
