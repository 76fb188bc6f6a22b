// Styled pieces the lander designs share (issue 27 item 5): the grid of profile cards (the same
// two-then-four columns as the members' grid, app/components/members/profile-grid.tsx), the centred
// headline block and a profile's caption.
import styled, { css } from 'styled-components';
import { CardGrid } from '~/components/members/profile-grid';
import type { LanderProfile } from '~/shared/lander-types';
import { Photo, ProfileName, type LanderData } from './kit';

/** Profile cards, two columns on a phone and four from md; each `li` a card. */
export const LanderGrid = styled(CardGrid)`
  li {
    overflow: hidden;
    border-radius: ${({ theme }) => theme.radii.md};
    background: ${({ theme }) => theme.colors.background};
    box-shadow: ${({ theme }) => theme.shadows.card};
  }
`;

/** The large white headline and subline over a picture or a film (hero landers, the video film). */
export const heroText = css`
  h1 {
    max-width: 20ch;
    margin: 0 auto ${({ theme }) => theme.space(3)};
    font-size: ${({ theme }) => theme.fontSizes.display};
    line-height: 1.15;

    @media (min-width: ${({ theme }) => theme.breakpoints.md}px) {
      font-size: 3.25rem;
    }
  }

  p {
    max-width: 36rem;
    margin: 0 auto ${({ theme }) => theme.space(6)};
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`;

/** The centred headline and subline over a grid or a stack. */
export const Intro = styled.div`
  margin-bottom: ${({ theme }) => theme.space(6)};
  text-align: center;

  h1 {
    margin: 0 0 ${({ theme }) => theme.space(2)};
    font-size: ${({ theme }) => theme.fontSizes.display};
  }

  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/** Name, age (and the fictional mark) over the city. */
export function ProfileCaption({ profile, data }: { profile: LanderProfile; data: LanderData }) {
  return (
    <div>
      <strong>
        <ProfileName profile={profile} data={data} />
      </strong>
      <small>{profile.city}</small>
    </div>
  );
}

/**
 * One list item per profile: its picture — a square thumbnail of `size` px, or a card's 4:5 photo
 * without one — then its name (`label="name"`), its name over its city (`"caption"`) or nothing.
 */
export function ProfileItems({ data, profiles = data.profiles, size, label }: { data: LanderData; profiles?: LanderProfile[]; size?: number; label?: 'name' | 'caption' }) {
  return profiles.map((profile) => (
    <li key={profile.id}>
      {size ? <img src={profile.thumb} alt="" width={size} height={size} /> : <Photo src={profile.thumb} alt="" width={240} height={300} />}
      {label === 'name' ? (
        <strong>
          <ProfileName profile={profile} data={data} />
        </strong>
      ) : label === 'caption' ? (
        <ProfileCaption profile={profile} data={data} />
      ) : null}
    </li>
  ));
}
