// The document shell: theme, translations, client state, the layout of the current route and the
// error page (docs/product.md §2, §8).
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import type { ClientLoaderFunctionArgs } from '@remix-run/react';
import {
  isRouteErrorResponse,
  Outlet,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from '@remix-run/react';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { buildTheme } from '../themes';
import { needsActivationReminder } from './.server/accounts/activation';
import { now } from './.server/clock';
import { catalogueAsset, catalogueSurface } from './.server/i18n/catalogue-asset';
import { wakeAsset } from './.server/http/wake-asset';
import { effectiveCountry } from './.server/geo/selected-country';
import { localize } from './.server/tenants/localize';
import { countNewLikes } from './.server/likes/likes';
import { countUnread } from './.server/chat/conversations';
import { entryWarningCountries } from './.server/tenants/schema';
import { ClientSync } from './components/app/client-sync';
import type { RootData } from './components/app/root-data';
import { DocumentTitleCounts } from './components/app/document-title';
import { NavigationProgress } from './components/app/navigation-progress';
import { OffersLayer } from './components/offers/offers-layer';
import { AppDocument } from './components/app/document';
import { ErrorPage, ErrorPageGuard } from './components/app/error-page';
import { useNonce } from './components/app/nonce';
import { markHydrated } from './components/modals/modal';
import { ChunkLoadGuard } from './components/app/chunk-load-guard';
import { HYDRATED_EVENT, sleepsFor, WAKE_SCRIPT_ID } from './shared/wake';
import { dismissedPageAlerts } from './state/alerts';
import { Layout as ShellLayout } from './layouts/layouts';
import { AppStateProvider, useAppState } from './state/app-state';
import { DEFAULT_LOCALE, LOCALE_NAMES } from './shared/locales';
import type { LayoutName, RouteHandle, ShellData } from './shared/shell';
import { catalogue, ensureCatalogue } from './shared/translations';
import { MAIL_OFF_REASONS } from './shared/catalogue';

export async function loader({ context, request }: LoaderFunctionArgs): Promise<RootData> {
  const { tenant, locale } = context;
  const { settings } = tenant;
  const shell: ShellData = {
    tenantId: tenant.id,
    name: settings.name,
    logoText: tenant.theme.logo?.text ?? settings.name,
    niche: settings.niche,
    themeOverrides: tenant.theme.colors ? { colors: tenant.theme.colors } : {},
    locale,
    locales: tenant.locales.map((code) => ({ code, name: LOCALE_NAMES[code] })),
    fictionalIcon: settings.fictional_icon,
    fictionalWarning: {
      singular: localize(settings.fictional_warning.singular, locale, tenant),
      plural: localize(settings.fictional_warning.plural, locale, tenant),
    },
    entryWarning: settings.enable_site_entry_popup,
    visitorCountry: null,
    countries: settings.countries,
    entryWarningCountries: { default: entryWarningCountries(settings, 'default'), chat: entryWarningCountries(settings, 'chat') },
    companyName: tenant.company.name,
    description: localize(settings.description, locale, tenant),
  };
  // A member's three shell queries run side by side, not one after the other (docs/decisions/0025).
  const [profile, newLikes, unreadMessages] = await Promise.all([
    context.user?.profile_id
      ? context.db.selectFrom('profiles').select(['name', 'status', 'main_photo_id', 'country']).where('id', '=', context.user.profile_id).executeTakeFirst()
      : undefined,
    // The likes badge (docs/product.md §2): the member's like_new entries.
    countNewLikes(context.db, tenant, { user: context.user }),
    // The messages badge (docs/product.md §2): unread messages over the member's conversations.
    countUnread(context.db, tenant, { user: context.user }),
  ]);
  // A member's own country (their profile's) before the detected one (issue 48 item 13).
  shell.visitorCountry = effectiveCountry(tenant, context.visitor.country, request.headers.get('Cookie'), profile?.country ?? null);
  const user = context.user
    ? { name: profile?.name ?? context.user.email, credits: context.user.credits, paid_user: context.user.paid_user, photo: Boolean(profile?.main_photo_id), mailOff: context.user.notifications_disabled.filter((reason) => (MAIL_OFF_REASONS as readonly string[]).includes(reason)) }
    : null;
  const banners = {
    activation: context.user ? needsActivationReminder(context.user, profile?.status ?? null) : false,
    // The page alerts a member dismissed (their cookies): the server renders the others with the page.
    dismissedAlerts: context.user ? dismissedPageAlerts(request.headers.get('Cookie')) : {},
  };
  // The catalogue is a cached script, not loader data (docs/decisions/0025).
  return { locale, messagesUrl: catalogueAsset(locale, catalogueSurface(new URL(request.url).pathname)).url, wakeUrl: wakeAsset.url, shell, user, ownProfile: context.user?.profile_id ?? null, banners, newLikes, unreadMessages, year: now().getUTCFullYear() };
}

/** A language that changes without a full page load (logging in as a member of another language) loads its catalogue first. */
export async function clientLoader({ serverLoader }: ClientLoaderFunctionArgs) {
  const data = await serverLoader<typeof loader>();
  await ensureCatalogue(data.locale, data.messagesUrl);
  return data;
}

// The root loads again only when what it shows can have changed (state/root-revalidation.ts,
// docs/decisions/0067); a form whose server could not answer keeps its page and shell (action-failure.tsx).
export { rootShouldRevalidate as shouldRevalidate } from './state/root-revalidation';

export const links: LinksFunction = () => [
  { rel: 'icon', href: '/icon.svg', type: 'image/svg+xml' },
  { rel: 'apple-touch-icon', href: '/icons/192.png' },
  { rel: 'manifest', href: '/manifest.webmanifest' },
];

export const meta: MetaFunction<typeof loader> = ({ data, error }) => {
  if (!data) return [{ title: 'Error' }];
  // The error page names itself (docs/product.md §8): "This page could not be found – <site>".
  const status = error ? (isRouteErrorResponse(error) ? error.status : 500) : null;
  const messages = catalogue(data.locale);
  const title =
    status === 404
      ? `${messages['error.notFound'] ?? 'This page could not be found'} – ${data.shell.name}`
      : status
        ? `${messages['error.title'] ?? 'Error'} – ${data.shell.name}`
        : data.shell.name;
  return [{ title }, { name: 'description', content: data.shell.description }];
};


function useLayoutName(): LayoutName {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const layout = (matches[i]?.handle as RouteHandle | undefined)?.layout;
    if (layout) return layout;
  }
  return 'default';
}

/** The deepest route's wish, not on an error page (entry.server's hydratesOnDemand decides alike). */
function useHydratesOnDemand(loggedIn: boolean): boolean {
  const matches = useMatches();
  const error = useRouteError();
  return !error && sleepsFor((matches[matches.length - 1]?.handle as RouteHandle | undefined)?.hydrate, loggedIn);
}

// A tenant's theme, built once per niche and overrides rather than on every render (docs/decisions/0042).
const themes = new Map<string, ReturnType<typeof buildTheme>>();
function themeOf(niche: number, overrides: Parameters<typeof buildTheme>[1]): ReturnType<typeof buildTheme> {
  const key = `${niche}:${JSON.stringify(overrides ?? {})}`;
  let theme = themes.get(key);
  if (!theme) themes.set(key, (theme = buildTheme(niche, overrides)));
  return theme;
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  const theme = themeOf(data?.shell.niche ?? 1, data?.shell.themeOverrides);
  const locale = data?.locale ?? DEFAULT_LOCALE;
  const nonce = useNonce();
  const onDemand = useHydratesOnDemand(Boolean(data?.user));
  // A page that hydrates on demand replays the click that woke it once this has run (wake.ts).
  useEffect(() => {
    markHydrated();
    window.dispatchEvent(new Event(HYDRATED_EVENT));
  }, []);
  return (
    <AppDocument
      locale={locale}
      theme={theme}
      messagesUrl={data?.messagesUrl ?? null}
      afterApp={(nonce) => (onDemand && data ? <script id={WAKE_SCRIPT_ID} src={data.wakeUrl} nonce={nonce} suppressHydrationWarning /> : null)}
    >
      <AppStateProvider initial={{ user: data?.user ?? null, totalNewLikes: data?.newLikes ?? 0, totalUnreadMessages: data?.unreadMessages ?? 0 }}>{children}</AppStateProvider>
      <ChunkLoadGuard nonce={nonce} />
    </AppDocument>
  );
}

export default function App() {
  const data = useRouteLoaderData<typeof loader>('root')!;
  const layout = useLayoutName();
  // The operator console is the staff's tool: none of the members' title counts, refreshes or modals.
  if (layout === 'operator') {
    return (
      <ShellLayout name={layout} shell={data.shell} year={data.year}>
        <NavigationProgress />
        <Outlet />
      </ShellLayout>
    );
  }
  return (
    <ShellLayout name={layout} shell={data.shell} year={data.year} banners={data.banners}>
      <DocumentTitleCounts />
      <ClientSync />
      <NavigationProgress />
      <MemberLayersOnceLoggedIn />
      <OffersLayer />
      <Outlet />
    </ShellLayout>
  );
}

const MemberLayers = lazy(() => import('./components/app/member-layers'));

/**
 * Loaded when a member is logged in, and kept for the tab's life: the layers see the logout through
 * themselves. Rendered only after hydration (they draw nothing until something happens), so that no
 * half-hydrated Suspense boundary meets the state updates of the first moments.
 */
function MemberLayersOnceLoggedIn() {
  const { user } = useSnapshot(useAppState());
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (user) setWanted(true);
  }, [user]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <MemberLayers />
    </Suspense>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const data = useRouteLoaderData<typeof loader>('root');
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message = isRouteErrorResponse(error)
    ? typeof error.data === 'string' && error.data !== 'Not Found'
      ? error.data
      : error.statusText
    : error instanceof Error && import.meta.env.DEV
      ? error.message
      : null;
  const messages = catalogue(data?.locale);
  const page = <ErrorPage status={status} message={message} />;
  return (
    <ErrorPageGuard
      fallbackText={messages['error.renderFailed'] ?? 'An error occurred while showing the error page'}
      homeText={messages['error.backHome'] ?? 'Back to the home page'}
    >
      {data ? (
        <ShellLayout name="default" shell={data.shell} year={data.year}>
          {page}
        </ShellLayout>
      ) : (
        page
      )}
    </ErrorPageGuard>
  );
}
