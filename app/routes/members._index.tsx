// /members: member search with the tenant's filters, result pages and similar profiles. Visitors
// who may not search see the signup prompt (and the signup modal opens).
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData, useSearchParams, type ClientLoaderFunctionArgs } from '@remix-run/react';
import { useEffect } from 'react';
import { defineMessages, FormattedMessage } from 'react-intl';
import { metaMessage, pageMeta } from '~/components/app/page-meta';
import styled from 'styled-components';
import { ButtonLink } from '~/components/app/buttons';
import { Alert } from '~/components/forms/fields';
import { ProfileGrid, type ProfileCardData } from '~/components/members/profile-grid';
import { regionsByCountry } from '~/.server/geo/regions';
import { lenientSearchFilters, searchMembers, PAGE_SIZE, type MemberCard } from '~/.server/members/search';
import { VISITOR_MAX_PAGES } from '~/shared/search-limits';
import { searchViewer } from '~/.server/members/search-viewer';
import { DistanceControl } from '~/components/members/distance-control';
import { Pager } from '~/components/members/pager';
import { SearchFilters } from '~/components/members/search-filters';
import { offeredSearchFilters, searchFormValues } from '~/.server/members/search-page';
import { browserAppState, openSignupModal, useAppState } from '~/state/app-state';
import { filtersFrom, keptSearchView, recordSearchPage } from '~/state/search';
import type { RouteHandle } from '~/shared/shell';
import { fictionalIn } from '~/shared/shell';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { tenant } = context;
  const query = Object.fromEntries(new URL(request.url).searchParams);
  // A bad value in a link (a mistyped region, page 0, a NUL byte) is left out; the rest still searches.
  const { filters, dropped } = lenientSearchFilters(query);
  const viewer = await searchViewer(request, context);
  const result = await searchMembers(context.db, tenant, viewer, filters);
  const toCard = (card: MemberCard): ProfileCardData => ({ ...card, thumb: card.main_image?.thumb_filename ?? null });
  const countries = tenant.settings.countries;
  const regions = Object.fromEntries(countries.map((c) => [c, regionsByCountry(c)[c] ?? []]));
  return {
    allowed: result.ok,
    /** A visitor asked for a page past the visitors' limit (decision 0031). */
    visitorLimit: !result.ok && result.error === 'visitor_limit',
    visitorMaxPages: result.ok ? result.visitorMaxPages : VISITOR_MAX_PAGES,
    /** How many profiles those pages hold. */
    visitorMaxResults: VISITOR_MAX_PAGES * PAGE_SIZE,
    results: result.ok ? result.results.map(toCard) : [],
    similar: result.ok ? result.similar.map(toCard) : [],
    numResults: result.ok ? result.numResults : 0,
    estimated: result.ok && result.numResultsEstimated,
    pageNumber: result.ok ? result.pageNumber : 1,
    pages: result.ok ? Math.min(result.visitorMaxPages ?? Number.POSITIVE_INFINITY, Math.max(1, Math.ceil(result.numResults / PAGE_SIZE))) : 1,
    /** The filters in effect, as the form shows them (refused values left out). */
    values: searchFormValues(result.ok ? result.filters : filters),
    /** The distance filter needs the viewer's location (the Show distances button, or the member's profile). */
    locationKnown: Boolean(viewer.location),
    dropped,
    filters: offeredSearchFilters(tenant, regions),
    countries,
    regions,
    interests: tenant.settings.interests,
  };
}

type MembersData = Awaited<ReturnType<typeof loader>>;

/**
 * Back from a profile (or to a page seen before), the page comes from the search store's kept
 * result pages (docs/product.md §3 Search state) instead of searching again.
 */
export async function clientLoader({ request, serverLoader }: ClientLoaderFunctionArgs) {
  const state = browserAppState();
  const kept = state ? keptSearchView(state.search, new URL(request.url).searchParams) : null;
  if (kept) return kept as MembersData;
  return serverLoader<typeof loader>();
}

// Asleep for visitors until they act (docs/decisions/0042); a member's page hydrates at once.
// The disclaimer speaks of one fictional profile or of several (issue 48 item 10).
export const handle: RouteHandle = {
  hydrate: 'visitors',
  fictionalProfiles: (data) => fictionalIn((data as { results?: { fictional: boolean }[] }).results, (data as { similar?: { fictional: boolean }[] }).similar),
};

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, metaMessage(matches, pageTexts.title), metaMessage(matches, pageTexts.description));

const pageTexts = defineMessages({
  title: { id: 'members.title', defaultMessage: 'Search members' },
  description: { id: 'meta.members.description', defaultMessage: 'Meet the members of {site}: search by age, country and region, see who is near you and sign up for free to get in touch.' },
});

const Wrapper = styled.section`
  max-width: 1140px;
  margin: 0 auto;
  padding: ${({ theme }) => `${theme.space(6)} ${theme.space(4)}`};
`;

/** Under the cards, with the space the grid keeps between its rows. */
const VisitorLimit = styled(Alert)`
  margin-top: ${({ theme }) => theme.space(5)};
`;

/** An estimate shown as what it is: two significant digits. */
function roughly(count: number): number {
  const unit = 10 ** Math.max(0, Math.floor(Math.log10(count)) - 1);
  return Math.round(count / unit) * unit;
}

export default function Members() {
  const data = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const state = useAppState();
  useEffect(() => {
    if (!data.allowed) openSignupModal(state);
  }, [data.allowed, state]);
  useEffect(() => {
    if (data.allowed) recordSearchPage(state.search, filtersFrom(params), data, data);
  }, [data, params, state]);
  const pageLink = (page: number, after?: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(page));
    if (after) next.set('after', String(after));
    else next.delete('after');
    return `?${next.toString()}`;
  };

  if (!data.allowed) {
    return (
      <Wrapper>
        <h1>
          <FormattedMessage id="members.title" defaultMessage="Search members" />
        </h1>
        <Alert $tone="info" data-testid="login-required">
          {data.visitorLimit ? (
            <FormattedMessage
              id="members.visitorLimit"
              defaultMessage="Visitors see the first {pages} pages ({count} profiles). Sign up for free to see every member."
              values={{ pages: VISITOR_MAX_PAGES, count: data.visitorMaxResults }}
            />
          ) : (
            <FormattedMessage id="members.loginRequired" defaultMessage="Log in or sign up for free to search members." />
          )}
        </Alert>
        <p>
          <ButtonLink to="/signup">
            <FormattedMessage id="index.cta.signup" defaultMessage="Sign up for free" />
          </ButtonLink>
        </p>
      </Wrapper>
    );
  }

  return (
    <Wrapper>
      <h1>
        <FormattedMessage id="members.title" defaultMessage="Search members" />
      </h1>
      <SearchFilters key={params.toString()} data={data} />
      {data.dropped.length > 0 ? (
        <Alert $tone="info" data-testid="filters-dropped">
          <FormattedMessage id="members.filtersDropped" defaultMessage="Some search filters in this link were not valid and were left out." />
        </Alert>
      ) : null}
      <p data-testid="num-results">
        {data.estimated ? (
          <FormattedMessage id="members.numResultsAbout" defaultMessage="About {count, number} profiles found" values={{ count: roughly(data.numResults) }} />
        ) : (
          <FormattedMessage id="members.numResults" defaultMessage="{count, plural, one {# profile found} other {# profiles found}}" values={{ count: data.numResults }} />
        )}
      </p>
      {data.filters.distance && data.results.length > 0 ? <DistanceControl hasDistances={data.locationKnown} /> : null}
      {data.results.length === 0 && data.pageNumber > 1 ? (
        <Alert $tone="info" data-testid="page-empty">
          <FormattedMessage id="members.pageEmpty" defaultMessage="There are no more profiles on this page." />{' '}
          <Link to={pageLink(1)}>
            <FormattedMessage id="members.firstPage" defaultMessage="Back to the first page" />
          </Link>
        </Alert>
      ) : null}
      <ProfileGrid profiles={data.results} linked />
      {data.visitorMaxPages !== null && data.numResults > data.visitorMaxResults ? (
        <VisitorLimit $tone="info" data-testid="visitor-limit">
          <FormattedMessage
            id="members.visitorLimit"
            defaultMessage="Visitors see the first {pages} pages ({count} profiles). Sign up for free to see every member."
            values={{ pages: data.visitorMaxPages, count: data.visitorMaxResults }}
          />{' '}
          <Link to="/signup">
            <FormattedMessage id="index.cta.signup" defaultMessage="Sign up for free" />
          </Link>
        </VisitorLimit>
      ) : null}
      {data.pages > 1 && data.pageNumber <= data.pages ? (
        <Pager pageNumber={data.pageNumber} pages={data.pages} lastId={data.results.at(-1)?.id} pageLink={pageLink} />
      ) : null}
      {data.similar.length > 0 ? (
        <section aria-labelledby="similar">
          <h2 id="similar">
            <FormattedMessage id="members.similar" defaultMessage="Similar profiles" />
          </h2>
          <ProfileGrid profiles={data.similar} linked />
        </section>
      ) : null}
    </Wrapper>
  );
}
