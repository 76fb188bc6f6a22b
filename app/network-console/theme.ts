// The network console's look (docs/decisions/0072): the app's base theme in the console's own
// colours — the network's, not any site's — with every text colour checked for WCAG AA like a site's.
import { NETWORK_COLORS } from '~/shared/network-colors';
import { buildTheme } from '../../themes';

export const consoleTheme = buildTheme(1, { colors: { ...NETWORK_COLORS } });
