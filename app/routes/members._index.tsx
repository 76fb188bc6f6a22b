// /members: member search with the tenant's filters, result pages and similar profiles. Visitors
// who may not search see the signup prompt (and the signup modal opens).
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData, useSearchParams, type ClientLoaderFunctionArgs } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { metaMessage, pageMeta } from '~/components/app/page-meta';
import styled from 'styled-components';
import { Button, ButtonLink } from '~/components/app/buttons';
import { Alert, CheckRow, SelectField } from '~/components/forms/fields';
import { ProfileGrid, type ProfileCardData } from '~/components/members/profile-grid';
import { fieldLabels, valueLabels } from '~/components/members/profile-labels';
import { regionsByCountry } from '~/.server/geo/regions';
import { lenientSearchFilters, searchMembers, PAGE_SIZE, type MemberCard } from '~/.server/members/search';
import { DISTANCES_KM, VISITOR_MAX_PAGES } from '~/shared/search-limits';
import { searchViewer } from '~/.server/members/search-viewer';
import { DistanceControl } from '~/components/members/distance-control';
import { Pager } from '~/components/members/pager';
import { BODY_TYPES, EYE_COLOURS, HAIR_COLOURS, RELATIONSHIP_STATUSES } from '~/shared/catalogue';
import { regionLabel, regionLabelOf } from '~/shared/region-labels';
import { browserAppState, openSignupModal, useAppState } from '~/state/app-state';
import { filtersFrom, keptSearchView, recordSearchPage } from '~/state/search';

/** Filters offered as a choice of catalogue values (settings.search_fields). */
const CHOICES = { body_type: BODY_TYPES, hair_colour: HAIR_COLOURS, eye_colour: EYE_COLOURS, relationship_status: RELATIONSHIP_STATUSES } as const;
type ChoiceField = keyof typeof CHOICES;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { tenant } = context;
  const query = Object.fromEntries(new URL(request.url).searchParams);
  // A bad value in a link (a mistyped region, page 0, a NUL byte) is left out; the rest still searches.
  const { filters, dropped } = lenientSearchFilters(query);
  const viewer = await searchViewer(request, context);
  const result = await searchMembers(context.db, tenant, viewer, filters);
  const toCard = (card: MemberCard): ProfileCardData => ({ ...card, thumb: card.main_image?.thumb_filename ?? null });
  const fields = tenant.settings.search_fields;
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
    values: {
      gender: filters.gender ?? '',
      country: filters.country ?? '',
      countryregion: filters.countryregion ?? '',
      min_age: filters.min_age ? String(filters.min_age) : '',
      max_age: filters.max_age ? String(filters.max_age) : '',
      body_type: filters.body_type ?? '',
      hair_colour: filters.hair_colour ?? '',
      eye_colour: filters.eye_colour ?? '',
      relationship_status: filters.relationship_status ?? '',
      tattoos: filters.tattoos === undefined ? '' : filters.tattoos ? 'yes' : 'no',
      with_photo: filters.with_photo ?? false,
      interests: filters.interests?.[0] ?? '',
      distance: filters.distance ? String(filters.distance) : '',
    },
    /** The distance filter needs the viewer's location (the Show distances button, or the member's profile). */
    locationKnown: Boolean(viewer.location),
    dropped,
    filters: {
      gender: fields.includes('gender'),
      country: fields.includes('country') && countries.length > 1,
      region: fields.includes('countryregion') && tenant.settings.region_data && countries.some((c) => (regions[c] ?? []).length > 0),
      age: fields.includes('age'),
      distance: fields.includes('distance'),
      choices: (Object.keys(CHOICES) as ChoiceField[]).filter((field) => fields.includes(field)),
      tattoos: fields.includes('tattoos'),
      withPhoto: fields.includes('with_photo'),
      interests: fields.includes('interests'),
    },
    countries,
    regions,
    interests: tenant.settings.interests,
  };
}

type MembersData = Awaited<ReturnType<typeof loader>>;

/**
 * Back from a profile (or to a page seen before), the page comes from the search store's kept
 * result pages (SPEC §3 Search state) instead of searching again.
 */
export async function clientLoader({ request, serverLoader }: ClientLoaderFunctionArgs) {
  const state = browserAppState();
  const kept = state ? keptSearchView(state.search, new URL(request.url).searchParams) : null;
  if (kept) return kept as MembersData;
  return serverLoader<typeof loader>();
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

const PhotoCheck = styled(CheckRow)`
  align-self: center;
  font-size: ${({ theme }) => theme.fontSizes.md};
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
  const { values } = data;
  const [country, setCountry] = useState(values.country);
  useEffect(() => setCountry(values.country), [values.country]);
  useEffect(() => {
    if (!data.allowed) openSignupModal(state);
  }, [data.allowed, state]);
  useEffect(() => {
    if (data.allowed) recordSearchPage(state.search, filtersFrom(params), data, data);
  }, [data, params, state]);
  const regions = new Intl.DisplayNames([intl.locale], { type: 'region' });
  const t = intl.formatMessage;
  const any = t({ id: 'members.filter.anyValue', defaultMessage: 'Any' });
  const regionCountries = (country ? [country] : data.countries).filter((code) => (data.regions[code] ?? []).length > 0);
  const regionFieldLabel = regionLabelOf(regionCountries, t);
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
      <Filters method="get" role="search" data-testid="member-filters" key={params.toString()}>
        {data.filters.gender ? (
          <SelectField id="gender" label={t({ id: 'members.filter.gender', defaultMessage: 'Looking for' })} defaultValue={values.gender}>
            <option value="">{t({ id: 'members.filter.any', defaultMessage: 'Everyone' })}</option>
            <option value="female">{t({ id: 'signup.seeking.female', defaultMessage: 'women' })}</option>
            <option value="male">{t({ id: 'signup.seeking.male', defaultMessage: 'men' })}</option>
          </SelectField>
        ) : null}
        {data.filters.country ? (
          <SelectField
            id="country"
            label={t({ id: 'signup.field.country', defaultMessage: 'Country' })}
            value={country}
            onChange={(event) => setCountry(event.target.value)}
          >
            <option value="">{any}</option>
            {data.countries.map((code) => (
              <option key={code} value={code}>
                {regions.of(code)}
              </option>
            ))}
          </SelectField>
        ) : null}
        {data.filters.region && regionFieldLabel ? (
          <SelectField id="countryregion" label={regionFieldLabel} defaultValue={values.countryregion} key={country}>
            <option value="">{any}</option>
            {regionCountries.length > 1
              ? regionCountries.map((code) => (
                  <optgroup key={code} label={`${regions.of(code) ?? code} – ${t(regionLabel(code)!)}`}>
                    {(data.regions[code] ?? []).map((region) => (
                      <option key={region.code} value={region.code}>
                        {region.name}
                      </option>
                    ))}
                  </optgroup>
                ))
              : (data.regions[regionCountries[0]!] ?? []).map((region) => (
                  <option key={region.code} value={region.code}>
                    {region.name}
                  </option>
                ))}
          </SelectField>
        ) : null}
        {data.filters.age ? (
          <>
            <SelectField id="min_age" label={t({ id: 'members.filter.minAge', defaultMessage: 'Age from' })} defaultValue={values.min_age}>
              <option value="">18</option>
              {AGES.map((age) => (
                <option key={age} value={age}>
                  {age}
                </option>
              ))}
            </SelectField>
            <SelectField id="max_age" label={t({ id: 'members.filter.maxAge', defaultMessage: 'Age to' })} defaultValue={values.max_age}>
              <option value="">99</option>
              {AGES.map((age) => (
                <option key={age} value={age}>
                  {age}
                </option>
              ))}
            </SelectField>
          </>
        ) : null}
        {data.filters.choices.map((field) => (
          <SelectField key={field} id={field} label={t(fieldLabels[field]!)} defaultValue={values[field]}>
            <option value="">{any}</option>
            {CHOICES[field].map((value) => (
              <option key={value} value={value}>
                {t(valueLabels[`${field}.${value}`]!)}
              </option>
            ))}
          </SelectField>
        ))}
        {data.filters.tattoos ? (
          <SelectField id="tattoos" label={t(fieldLabels.tattoos!)} defaultValue={values.tattoos}>
            <option value="">{any}</option>
            <option value="yes">{t({ id: 'members.filter.tattoos.yes', defaultMessage: 'With tattoos' })}</option>
            <option value="no">{t({ id: 'members.filter.tattoos.no', defaultMessage: 'Without tattoos' })}</option>
          </SelectField>
        ) : null}
        {data.filters.interests ? (
          <SelectField id="interests" label={t(fieldLabels.interests!)} defaultValue={values.interests}>
            <option value="">{any}</option>
            {data.interests.map((interest) => (
              <option key={interest} value={interest}>
                {t({ id: `interest.${interest}` })}
              </option>
            ))}
          </SelectField>
        ) : null}
        {data.filters.distance && data.locationKnown ? (
          <SelectField id="distance" label={t({ id: 'members.filter.distance', defaultMessage: 'Distance' })} defaultValue={values.distance}>
            <option value="">{t({ id: 'members.filter.anyDistance', defaultMessage: 'Any distance' })}</option>
            {DISTANCES_KM.map((km) => (
              <option key={km} value={km}>
                {t({ id: 'members.filter.withinKm', defaultMessage: 'Within {km} km' }, { km })}
              </option>
            ))}
          </SelectField>
        ) : null}
        {data.filters.withPhoto ? (
          <PhotoCheck>
            <input type="checkbox" name="with_photo" value="1" defaultChecked={values.with_photo} />
            <span>
              <FormattedMessage id="members.filter.withPhoto" defaultMessage="Only profiles with a photo" />
            </span>
          </PhotoCheck>
        ) : null}
        <Button type="submit">
          <FormattedMessage id="members.filter.submit" defaultMessage="Search" />
        </Button>
      </Filters>
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
      {data.filters.distance && data.results.length > 0 ? <DistanceControl hasDistances={data.results.some((card) => card.distance !== null)} /> : null}
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
        <Alert $tone="info" data-testid="visitor-limit">
          <FormattedMessage
            id="members.visitorLimit"
            defaultMessage="Visitors see the first {pages} pages ({count} profiles). Sign up for free to see every member."
            values={{ pages: data.visitorMaxPages, count: data.visitorMaxResults }}
          />{' '}
          <Link to="/signup">
            <FormattedMessage id="index.cta.signup" defaultMessage="Sign up for free" />
          </Link>
        </Alert>
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
