import { describe, expect, it } from 'vitest';
import { buildTheme } from '../../themes';

describe('themes', () => {
  it('has the base look: pink primary, pale pink secondary, dark navy, unread = primary', () => {
    const theme = buildTheme(1);
    expect(theme.colors).toMatchObject({ primary: '#e6317a', secondary: '#fde4ee', dark: '#1b2440', unread: '#e6317a' });
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
