// The floor's document: a styled heading, a translated text and one loader value.
import { Links, Meta, Outlet, Scripts } from '@remix-run/react';
import { IntlProvider } from 'react-intl';
import { createGlobalStyle } from 'styled-components';

const Global = createGlobalStyle`body { margin: 0; font-family: sans-serif; }`;

export default function App() {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <Meta />
        <Links />
      </head>
      <body>
        <IntlProvider locale="en" messages={{ 'floor.greeting': 'Hello, {name}' }}>
          <Global />
          <Outlet />
        </IntlProvider>
        <Scripts />
      </body>
    </html>
  );
}
