// The HTML document both Remix apps render (app/root.tsx for the sites, app/network-console/root.tsx
// for the console): the head with the page's meta, links and language catalogue script, then the app
// in its translations, kept styles and theme, and Remix's scripts with the request's nonce.
import { Links, Meta, Scripts, ScrollRestoration } from '@remix-run/react';
import type { ReactNode } from 'react';
import { RawIntlProvider } from 'react-intl';
import { ThemeProvider, type DefaultTheme } from 'styled-components';
import type { Locale } from '~/shared/locales';
import { CATALOGUE_SCRIPT_ID, sharedIntl } from '~/shared/translations';
import { GlobalStyle } from './global-style';
import { KeptStyles } from './kept-styles';
import { useNonce } from './nonce';

export interface AppDocumentProps {
  locale: Locale;
  theme: DefaultTheme;
  /** The language catalogue's script (absent on an error page whose root loader failed). */
  messagesUrl: string | null;
  /** More of the head, before Remix's meta and links. */
  head?: ReactNode;
  /** After the app, before Remix's scripts (the wake script of a sleeping page). */
  afterApp?: (nonce: string) => ReactNode;
  children: ReactNode;
}

export function AppDocument({ locale, theme, messagesUrl, head, afterApp, children }: AppDocumentProps) {
  const nonce = useNonce();
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={theme.colors.dark} />
        {head}
        <Meta />
        <Links />
        {messagesUrl ? <script id={CATALOGUE_SCRIPT_ID} src={messagesUrl} async nonce={nonce} suppressHydrationWarning /> : null}
      </head>
      <body>
        <RawIntlProvider value={sharedIntl(locale)}>
          <KeptStyles>
            <ThemeProvider theme={theme}>
              <GlobalStyle />
              {children}
            </ThemeProvider>
          </KeptStyles>
        </RawIntlProvider>
        {afterApp?.(nonce)}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}
