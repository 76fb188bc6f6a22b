// The document shell: theme, translations and the error page (SPEC §8).
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useRouteError,
  useRouteLoaderData,
} from '@remix-run/react';
import type { ReactNode } from 'react';
import { FormattedMessage, IntlProvider } from 'react-intl';
import styled, { ThemeProvider } from 'styled-components';
import { buildTheme } from '../themes';
import { GlobalStyle } from './components/app/global-style';
import { useNonce } from './components/app/nonce';
import { messagesFor } from './.server/i18n/messages';
import { localize } from './.server/tenants/localize';
import { DEFAULT_LOCALE } from './shared/locales';

export function loader({ context }: LoaderFunctionArgs) {
  const { tenant, locale } = context;
  return {
    locale,
    messages: messagesFor(locale),
    tenant: {
      id: tenant.id,
      name: tenant.settings.name,
      niche: tenant.settings.niche,
      themeOverrides: tenant.theme.colors ? { colors: tenant.theme.colors } : {},
      logoText: tenant.theme.logo?.text ?? tenant.settings.name,
      locales: tenant.locales,
      description: localize(tenant.settings.description, locale, tenant),
    },
  };
}

export type RootData = ReturnType<typeof loader>;

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? [{ title: data.tenant.name }, { name: 'description', content: data.tenant.description }] : [{ title: 'Error' }];

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  const theme = buildTheme(data?.tenant.niche ?? 1, data?.tenant.themeOverrides);
  const locale = data?.locale ?? DEFAULT_LOCALE;
  const nonce = useNonce();
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={theme.colors.primary} />
        <link rel="icon" href="/icon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body>
        <IntlProvider locale={locale} messages={data?.messages ?? {}} defaultLocale={DEFAULT_LOCALE}>
          <ThemeProvider theme={theme}>
            <GlobalStyle />
            {children}
          </ThemeProvider>
        </IntlProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  useLoaderData<typeof loader>();
  return <Outlet />;
}

const ErrorPage = styled.main`
  min-height: 100vh;
  display: grid;
  place-content: center;
  gap: ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(6)};
  text-align: center;
  background: ${({ theme }) => theme.colors.secondary};
`;

const Status = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.display};
  font-weight: 800;
  color: ${({ theme }) => theme.colors.primary};
`;

const HomeLink = styled(Link)`
  justify-self: center;
  padding: ${({ theme }) => `${theme.space(3)} ${theme.space(6)}`};
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary};
  font-weight: 700;
  text-decoration: none;
`;

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message = isRouteErrorResponse(error)
    ? typeof error.data === 'string' && error.data
      ? error.data
      : error.statusText
    : error instanceof Error && import.meta.env.DEV
      ? error.message
      : null;
  return (
    <ErrorPage>
      <Status>{status}</Status>
      <h1>
        {status === 404 ? (
          <FormattedMessage id="error.notFound" defaultMessage="This page could not be found" />
        ) : (
          message || <FormattedMessage id="error.title" defaultMessage="Error" />
        )}
      </h1>
      <HomeLink to="/" reloadDocument>
        <FormattedMessage id="error.backHome" defaultMessage="Back to the home page" />
      </HomeLink>
    </ErrorPage>
  );
}
