// The match finder page (docs/decisions/0015): the member's choices (ages, area, photos) and the
// profiles that fit best, each with its score and the reasons for it, and its like state.
import { Link, useLoaderData, useNavigation } from '@remix-run/react';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import type { Area, LikesCardBase, MatchReason } from '~/shared/likes';
import { Button } from '../app/buttons';
import { Alert, SelectField } from '../forms/fields';
import { FilterPanel, PanelCheck } from '../forms/filter-panel';
import { ProfileGrid } from '../members/profile-grid';
import { LikeControl, Pill } from './like-control';
import { LikeModal } from './like-modal';
import { Empty, GameLinks, Intro, PageHead, PageWrap } from './likes-view';

interface MatchFinderData {
  choices: { min_age: number; max_age: number; area: Area; photo: boolean };
  matches: (LikesCardBase & { score: number; reasons: MatchReason[] })[];
  regionName: string | null;
  country: string;
  multipleCountries: boolean;
  /** The member's profile lacks interests or a place: the page suggests adding them. */
  incomplete: boolean;
}

const Choices = styled(FilterPanel)`
  > :nth-child(3),
  > :nth-child(4),
  > button {
    grid-column: 1 / -1;
  }

  @media (min-width: ${({ theme }) => theme.breakpoints.lg}px) {
    grid-template-columns: 1fr 1fr 2fr auto auto;

    > :nth-child(3),
    > :nth-child(4),
    > button {
      grid-column: auto;
    }
  }
`;

const Reasons = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 4px;
  margin: 0 0 ${({ theme }) => theme.space(2)};
  padding: 0;
  list-style: none;

  li {
    padding: 1px ${({ theme }) => theme.space(2)};
    border-radius: ${({ theme }) => theme.radii.pill};
    background: ${({ theme }) => theme.colors.background};
    color: ${({ theme }) => theme.colors.text};
    font-size: ${({ theme }) => theme.fontSizes.xs};
  }
`;

const AGES = Array.from({ length: 82 }, (_, i) => 18 + i);

function reasonText(reason: MatchReason, intl: ReturnType<typeof useIntl>): string {
  switch (reason.kind) {
    case 'likes_you':
      return intl.formatMessage({ id: 'likes.reason.likesYou', defaultMessage: 'Likes you' });
    case 'same_city':
      return intl.formatMessage({ id: 'likes.reason.sameCity', defaultMessage: 'Lives in your town' });
    case 'same_region':
      return intl.formatMessage({ id: 'likes.reason.sameRegion', defaultMessage: 'In your region' });
    case 'nearby':
      return intl.formatMessage(
        { id: 'members.distance', defaultMessage: '{distance} away' },
        { distance: intl.formatNumber(reason.km, { style: 'unit', unit: 'kilometer', maximumFractionDigits: 0 }) },
      );
    case 'similar_age':
      return intl.formatMessage({ id: 'likes.reason.similarAge', defaultMessage: 'Close in age' });
    case 'interests':
      return intl.formatMessage(
        { id: 'likes.reason.interests', defaultMessage: 'You both like {interests}' },
        { interests: intl.formatList(reason.shared.map((interest) => intl.formatMessage({ id: `interest.${interest}` })), { type: 'conjunction' }) },
      );
  }
}

export function MatchFinder() {
  const data = useLoaderData<MatchFinderData>();
  const intl = useIntl();
  const navigation = useNavigation();
  const countryName = new Intl.DisplayNames([intl.locale], { type: 'region' }).of(data.country) ?? data.country;
  const areas: { value: Area; label: string }[] = [
    ...(data.regionName ? [{ value: 'region' as const, label: intl.formatMessage({ id: 'likes.finder.area.region', defaultMessage: 'In {region}' }, { region: data.regionName }) }] : []),
    { value: 'country', label: intl.formatMessage({ id: 'likes.finder.area.country', defaultMessage: 'In {country}' }, { country: countryName }) },
    ...(data.multipleCountries ? [{ value: 'all' as const, label: intl.formatMessage({ id: 'likes.finder.area.all', defaultMessage: 'In all our countries' }) }] : []),
  ];
  const best = data.matches[0];
  return (
    <PageWrap data-testid="match-finder">
      <PageHead>
        <h1>
          <FormattedMessage id="likes.finder.heading" defaultMessage="Match finder" />
        </h1>
        <GameLinks current="match-finder" />
      </PageHead>
      <Intro>
        <FormattedMessage
          id="likes.finder.intro"
          defaultMessage="Profiles that fit you best: each is looking for someone like you. The score counts closeness in age, shared interests, how near you live, a photo, and whether they already like you."
        />
      </Intro>
      {data.incomplete ? (
        <Alert $tone="info" data-testid="finder-profile-hint">
          <FormattedMessage
            id="likes.finder.completeProfile"
            defaultMessage="Add your interests and where you live on <link>My profile</link>: the match finder then finds better matches."
            values={{ link: (text: ReactNode) => <Link to="/profile">{text}</Link> }}
          />
        </Alert>
      ) : null}
      <Choices method="get" data-testid="finder-choices">
        <SelectField id="min_age" label={intl.formatMessage({ id: 'likes.finder.minAge', defaultMessage: 'Age from' })} defaultValue={data.choices.min_age} key={`min-${data.choices.min_age}`}>
          {AGES.map((age) => (
            <option key={age} value={age}>
              {age}
            </option>
          ))}
        </SelectField>
        <SelectField id="max_age" label={intl.formatMessage({ id: 'likes.finder.maxAge', defaultMessage: 'Age to' })} defaultValue={data.choices.max_age} key={`max-${data.choices.max_age}`}>
          {AGES.map((age) => (
            <option key={age} value={age}>
              {age}
            </option>
          ))}
        </SelectField>
        <SelectField id="area" label={intl.formatMessage({ id: 'likes.finder.area', defaultMessage: 'Where' })} defaultValue={data.choices.area} key={`area-${data.choices.area}`}>
          {areas.map((area) => (
            <option key={area.value} value={area.value}>
              {area.label}
            </option>
          ))}
        </SelectField>
        <PanelCheck>
          <input type="hidden" name="photo" value="0" />
          <input type="checkbox" name="photo" value="1" defaultChecked={data.choices.photo} key={`photo-${String(data.choices.photo)}`} />
          <FormattedMessage id="likes.finder.photo" defaultMessage="Only with a photo" />
        </PanelCheck>
        <Button type="submit" disabled={navigation.state === 'loading'}>
          <FormattedMessage id="likes.finder.submit" defaultMessage="Find matches" />
        </Button>
      </Choices>
      {data.matches.length ? (
        <ProfileGrid
          profiles={data.matches.map((match) => ({ ...match, thumb: match.main_image?.thumb_filename ?? null }))}
          linked
          flag={(match) => (
            <Pill $tone="dark" data-testid="match-score">
              <FormattedMessage id="likes.finder.score" defaultMessage="{score}% match" values={{ score: match.score }} />
            </Pill>
          )}
          footer={(match) => (
            <>
              {match.reasons.some((reason) => reason.kind !== 'likes_you') ? (
                <Reasons aria-label={intl.formatMessage({ id: 'likes.finder.why', defaultMessage: 'Why this profile' })}>
                  {/* "Likes you" shows in the like state below. */}
                  {match.reasons.filter((reason) => reason.kind !== 'likes_you').map((reason) => (
                    <li key={reason.kind}>{reasonText(reason, intl)}</li>
                  ))}
                </Reasons>
              ) : null}
              <LikeControl profile={{ id: match.id, name: match.name, photo: match.main_image?.filename ?? null, fictional: match.fictional }} initial={match.like} />
            </>
          )}
        />
      ) : (
        <Empty data-testid="finder-empty">
          <h2>
            <FormattedMessage id="likes.finder.emptyTitle" defaultMessage="Nobody fits these choices yet" />
          </h2>
          <p>
            <FormattedMessage id="likes.finder.emptyText" defaultMessage="Try a wider age range or a larger area." />
          </p>
        </Empty>
      )}
      <LikeModal profile={best ? { id: best.id, name: best.name, photo: best.main_image?.filename ?? null, fictional: best.fictional } : null} />
    </PageWrap>
  );
}
