// The base look (SPEC §9, DESIGN §7): pink primary, pale pink secondary, dark navy; unread = primary.
export interface ThemeColors {
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
}

export interface Theme {
  niche: number;
  colors: ThemeColors;
  /** Min-width breakpoints in px (SPEC §9). */
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
};

export const baseTheme: Theme = {
  niche: 1,
  colors: baseColors,
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
