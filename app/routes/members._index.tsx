// /members: member search with the tenant's filters, result pages and similar profiles. Visitors
// who may not search see the signup prompt (and the signup modal opens).
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData, useSearchParams } from '@remix-run/react';
import { useEffect } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { metaMessage, pageMeta } from '~/components/app/page-meta';
import styled from 'styled-components';
import { Button, ButtonLink } from '~/components/app/buttons';
import { Alert, SelectField } from '~/components/forms/fields';
import { ProfileGrid, type ProfileCardData } from '~/components/members/profile-grid';
import { regionsByCountry } from '~/.server/geo/regions';
import { searchMembers, PAGE_SIZE, type MemberCard } from '~/.server/members/search';
import { searchViewer } from '~/.server/members/search-viewer';
import { DistanceControl } from '~/components/members/distance-control';
import { Pager } from '~/components/members/pager';
import { openSignupModal, useAppState } from '~/state/app-state';
import { filtersFrom, recordSearchPage } from '~/state/search';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { tenant } = context;
  const query = Object.fromEntries(new URL(request.url).searchParams);
  const result = await searchMembers(context.db, tenant, await searchViewer(request, context), query);
  const toCard = (card: MemberCard): ProfileCardData => ({ ...card, thumb: card.main_image?.thumb_filename ?? null });
  const fields = tenant.settings.search_fields;
  return {
    allowed: result.ok,
    results: result.ok ? result.results.map(toCard) : [],
    similar: result.ok ? result.similar.map(toCard) : [],
    numResults: result.ok ? result.numResults : 0,
    estimated: result.ok && result.numResultsEstimated,
    pageNumber: result.ok ? result.pageNumber : 1,
    pages: result.ok ? Math.max(1, Math.ceil(result.numResults / PAGE_SIZE)) : 1,
    filters: {
      gender: fields.includes('gender'),
      country: fields.includes('country') && tenant.settings.countries.length > 1,
      region: fields.includes('countryregion') && tenant.settings.region_data,
      age: fields.includes('age'),
    },
    countries: tenant.settings.countries,
    regions: Object.fromEntries(tenant.settings.countries.map((c) => [c, regionsByCountry(c)[c] ?? []])),
  };
}

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

const Filters = styled(Form)`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space(3)};
  align-items: end;
  margin-bottom: ${({ theme }) => theme.space(6)};
  padding: ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};

  @media (min-width: ${({ theme }) => theme.breakpoints.lg}px) {
    grid-template-columns: repeat(6, minmax(0, 1fr));
  }
`;

const AGES = Array.from({ length: 82 }, (_, i) => 18 + i);

/** An estimate shown as what it is: two significant digits. */
function roughly(count: number): number {
  const unit = 10 ** Math.max(0, Math.floor(Math.log10(count)) - 1);
  return Math.round(count / unit) * unit;
}

export default function Members() {
  const data = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const intl = useIntl();
  const state = useAppState();
  useEffect(() => {
    if (!data.allowed) openSignupModal(state);
  }, [data.allowed, state]);
  useEffect(() => {
    if (data.allowed) recordSearchPage(state.search, filtersFrom(params), data);
  }, [data, params, state]);
  const regions = new Intl.DisplayNames([intl.locale], { type: 'region' });
  const country = params.get('country') ?? '';
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
          <FormattedMessage id="members.loginRequired" defaultMessage="Log in or sign up for free to search members." />
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
      <Filters method="get" role="search" data-testid="member-filters">
        {data.filters.gender ? (
          <SelectField id="gender" label={intl.formatMessage({ id: 'members.filter.gender', defaultMessage: 'Looking for' })} defaultValue={params.get('gender') ?? ''}>
            <option value="">{intl.formatMessage({ id: 'members.filter.any', defaultMessage: 'Everyone' })}</option>
            <option value="female">{intl.formatMessage({ id: 'signup.seeking.female', defaultMessage: 'women' })}</option>
            <option value="male">{intl.formatMessage({ id: 'signup.seeking.male', defaultMessage: 'men' })}</option>
          </SelectField>
        ) : null}
        {data.filters.country ? (
          <SelectField id="country" label={intl.formatMessage({ id: 'signup.field.country', defaultMessage: 'Country' })} defaultValue={country}>
            <option value="">{intl.formatMessage({ id: 'members.filter.any', defaultMessage: 'Everyone' })}</option>
            {data.countries.map((code) => (
              <option key={code} value={code}>
                {regions.of(code)}
              </option>
            ))}
          </SelectField>
        ) : null}
        {data.filters.region ? (
          <SelectField id="countryregion" label={intl.formatMessage({ id: 'signup.field.region', defaultMessage: 'Region' })} defaultValue={params.get('countryregion') ?? ''}>
            <option value="">{intl.formatMessage({ id: 'members.filter.any', defaultMessage: 'Everyone' })}</option>
            {(country ? [country] : data.countries).flatMap((code) =>
              (data.regions[code] ?? []).map((region) => (
                <option key={region.code} value={region.code}>
                  {region.name}
                </option>
              )),
            )}
          </SelectField>
        ) : null}
        {data.filters.age ? (
          <>
            <SelectField id="min_age" label={intl.formatMessage({ id: 'members.filter.minAge', defaultMessage: 'Age from' })} defaultValue={params.get('min_age') ?? ''}>
              <option value="">18</option>
              {AGES.map((age) => (
                <option key={age} value={age}>
                  {age}
                </option>
              ))}
            </SelectField>
            <SelectField id="max_age" label={intl.formatMessage({ id: 'members.filter.maxAge', defaultMessage: 'Age to' })} defaultValue={params.get('max_age') ?? ''}>
              <option value="">99</option>
              {AGES.map((age) => (
                <option key={age} value={age}>
                  {age}
                </option>
              ))}
            </SelectField>
          </>
        ) : null}
        <Button type="submit">
          <FormattedMessage id="members.filter.submit" defaultMessage="Search" />
        </Button>
      </Filters>
      <p data-testid="num-results">
        {data.estimated ? (
          <FormattedMessage id="members.numResultsAbout" defaultMessage="About {count, number} profiles found" values={{ count: roughly(data.numResults) }} />
        ) : (
          <FormattedMessage id="members.numResults" defaultMessage="{count, plural, one {# profile found} other {# profiles found}}" values={{ count: data.numResults }} />
        )}
      </p>
      {data.results.length > 0 ? <DistanceControl hasDistances={data.results.some((card) => card.distance !== null)} /> : null}
      {data.results.length === 0 && data.pageNumber > 1 ? (
        <Alert $tone="info" data-testid="page-empty">
          <FormattedMessage id="members.pageEmpty" defaultMessage="There are no more profiles on this page." />{' '}
          <Link to={pageLink(1)}>
            <FormattedMessage id="members.firstPage" defaultMessage="Back to the first page" />
          </Link>
        </Alert>
      ) : null}
      <ProfileGrid profiles={data.results} linked />
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
