// The network console's own colours — the network's, not any site's: its pages' theme
// (app/network-console/theme.ts) and the frame of its mails (app/.server/network/mail.ts).
export const NETWORK_COLORS = {
  primary: '#0b5cad',
  primaryHover: '#094a8c',
  onPrimary: '#ffffff',
  secondary: '#e6eef8',
  dark: '#1d2430',
  onDark: '#ffffff',
  unread: '#0b5cad',
  text: '#1d2430',
  textMuted: '#5a6475',
  background: '#f4f6f9',
  surface: '#ffffff',
  border: '#d5dbe5',
  danger: '#a4161a',
  dangerSurface: '#fdecec',
  success: '#14532d',
  successSurface: '#e6f4ea',
} as const;
