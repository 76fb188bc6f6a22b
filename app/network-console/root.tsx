// The network console's document (docs/decisions/0072): its own theme, its own catalogue, the
// header and sections of the signed-in staff member, and the error page. Served on ADMIN_HOST only.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { isRouteErrorResponse, Outlet, useRouteError, useRouteLoaderData } from '@remix-run/react';
import type { ReactNode } from 'react';
import { consoleOf } from '~/.server/network/console-context';
import { catalogueAsset } from '~/.server/i18n/catalogue-asset';
import { AppDocument } from '~/components/app/document';
import { ErrorPage, ErrorPageGuard } from '~/components/app/error-page';
import { ConsoleShell } from '~/components/network/console-shell';
import { DEFAULT_LOCALE } from '~/shared/locales';
import { catalogue } from '~/shared/translations';
import { consoleTheme } from './theme';

export async function loader({ context }: LoaderFunctionArgs) {
  const { locale, actor } = consoleOf(context);
  return { locale, messagesUrl: catalogueAsset(locale, 'network').url, actor: actor ? { name: actor.name, role: actor.role } : null };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const messages = catalogue(data?.locale);
  return [{ title: messages['network.title'] ?? 'Network console' }, { name: 'robots', content: 'noindex' }];
};

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  return (
    <AppDocument locale={data?.locale ?? DEFAULT_LOCALE} theme={consoleTheme} messagesUrl={data?.messagesUrl ?? null} head={<link rel="icon" href="data:," />}>
      {children}
    </AppDocument>
  );
}

export default function Console() {
  const data = useRouteLoaderData<typeof loader>('root')!;
  return (
    <ConsoleShell actor={data.actor}>
      <Outlet />
    </ConsoleShell>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const data = useRouteLoaderData<typeof loader>('root');
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message = isRouteErrorResponse(error) && typeof error.data === 'string' && error.data !== 'Not Found' ? error.data : null;
  const messages = catalogue(data?.locale);
  return (
    <ErrorPageGuard fallbackText={messages['error.renderFailed'] ?? 'An error occurred while showing the error page'} homeText={messages['error.backHome'] ?? 'Back to the home page'}>
      <ConsoleShell actor={data?.actor ?? null}>
        <ErrorPage status={status} message={message} />
      </ConsoleShell>
    </ErrorPageGuard>
  );
}
