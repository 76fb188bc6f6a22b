// A grid of profile cards: picture, name and age, city, and the fictional mark where it applies;
// pages may add a flag over the picture (e.g. a new like) and a footer under the card (e.g. the like
// state and its button), both outside the card's link.
import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';

export interface ProfileCardData {
  id: number;
  name: string;
  age: number;
  city: string | null;
  fictional: boolean;
  /** Thumbnail URL, or null without a photo. */
  thumb: string | null;
  /** km from the viewer, when both locations are known. */
  distance?: number | null;
}

/** A list of cards: two columns on a phone, four from md (the landers' grids too). */
export const CardGrid = styled.ul`
  display: grid;
  grid-template-columns: repeat(2, 1fr);
  gap: ${({ theme }) => theme.space(3)};
  margin: 0;
  padding: 0;
  list-style: none;

  @media (min-width: ${({ theme }) => theme.breakpoints.md}px) {
    grid-template-columns: repeat(4, 1fr);
  }
`;

const Grid = styled(CardGrid)`
  @media (min-width: ${({ theme }) => theme.breakpoints.md}px) {
    gap: ${({ theme }) => theme.space(5)};
  }
`;

const Card = styled.li`
  position: relative;
  display: flex;
  flex-direction: column;
  overflow: hidden;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.secondary};
  box-shadow: ${({ theme }) => theme.shadows.card};

  /* The picture and the placeholder of a card without one are both 4:5 (the img's height attribute
     would otherwise win over the ratio): every name of a row starts at the same height (issue 48 item 18). */
  img {
    display: block;
    width: 100%;
    height: auto;
    aspect-ratio: 4 / 5;
    object-fit: cover;
  }
`;

const Caption = styled.div`
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};

  strong {
    display: block;
  }

  span {
    display: block;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;

const FictionalBadge = styled.span`
  position: absolute;
  top: ${({ theme }) => theme.space(2)};
  right: ${({ theme }) => theme.space(2)};
  display: grid;
  place-items: center;
  width: 26px;
  height: 26px;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.dark};
  color: ${({ theme }) => theme.colors.onDark};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 700;
`;

const CardLink = styled(Link)`
  display: block;
  color: inherit;
  text-decoration: none;
`;

const Flag = styled.div`
  position: absolute;
  top: ${({ theme }) => theme.space(2)};
  left: ${({ theme }) => theme.space(2)};
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(1)};
  pointer-events: none;
`;

const Footer = styled.div`
  margin-top: auto;
  padding: 0 ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(3)};
`;

interface ProfileGridProps<T extends ProfileCardData> {
  profiles: T[];
  /** Each card opens the profile: /members/{id}, or where `hrefFor` says. */
  linked?: boolean;
  hrefFor?: (profile: T) => string;
  /** Shown over the picture, e.g. a new-like flag. */
  flag?: (profile: T) => ReactNode;
  /** Shown under the caption, outside the link, e.g. the like state and its button. */
  footer?: (profile: T) => ReactNode;
}

export function ProfileGrid<T extends ProfileCardData>({ profiles, linked = false, hrefFor, flag, footer }: ProfileGridProps<T>) {
  const intl = useIntl();
  const fictionalLabel = intl.formatMessage({ id: 'profile.fictional', defaultMessage: 'Fictional profile' });
  return (
    <Grid>
      {profiles.map((profile) => {
        const flagged = flag?.(profile);
        const below = footer?.(profile);
        return (
          <Card key={profile.id} data-testid="profile-card">
            {linked ? (
              <CardLink to={hrefFor ? hrefFor(profile) : `/members/${profile.id}`}>
                <CardBody profile={profile} fictionalLabel={fictionalLabel} />
              </CardLink>
            ) : (
              <CardBody profile={profile} fictionalLabel={fictionalLabel} />
            )}
            {flagged ? <Flag>{flagged}</Flag> : null}
            {below ? <Footer>{below}</Footer> : null}
          </Card>
        );
      })}
    </Grid>
  );
}

function CardBody({ profile, fictionalLabel }: { profile: ProfileCardData; fictionalLabel: string }) {
  const intl = useIntl();
  const distance =
    profile.distance != null
      ? intl.formatMessage(
          { id: 'members.distance', defaultMessage: '{distance} away' },
          { distance: intl.formatNumber(profile.distance, { style: 'unit', unit: 'kilometer', maximumFractionDigits: 0 }) },
        )
      : null;
  return (
    <>
      {profile.thumb ? <img src={profile.thumb} alt="" width={240} height={300} loading="lazy" /> : <Placeholder aria-hidden>{profile.name.charAt(0)}</Placeholder>}
      {profile.fictional ? (
        <FictionalBadge role="img" title={fictionalLabel} aria-label={fictionalLabel}>
          F
        </FictionalBadge>
      ) : null}
      <Caption>
        <strong>
          {profile.name}, {profile.age}
        </strong>
        <span>{profile.city}</span>
        {distance ? <span data-testid="distance">{distance}</span> : null}
      </Caption>
    </>
  );
}

const Placeholder = styled.div`
  display: grid;
  place-items: center;
  aspect-ratio: 4 / 5;
  background: ${({ theme }) => theme.colors.secondary};
  color: ${({ theme }) => theme.colors.primary};
  font-size: 3rem;
  font-weight: 800;
`;
