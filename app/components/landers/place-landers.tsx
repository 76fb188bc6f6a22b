// maplanding: a map of the profiles nearest to the visitor's city (offline GeoIP; rendered on the
// server, the render cache keys the page on that city: docs/decisions/0035). socialnetwork: a feed
// of posts with a side column.
import { FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import type { LanderProfile } from '~/shared/lander-types';
import { Cta, LanderEnd, OnlineDot, Photo, ProfileName, Section, useLanderTexts, type LanderData } from './kit';
import { ProfileItems } from './parts';

const MapLayout = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(6)};

  @media (min-width: ${({ theme }) => theme.breakpoints.lg}px) {
    grid-template-columns: minmax(0, 3fr) minmax(0, 2fr);
    align-items: start;
  }

  h1 {
    margin: 0 0 ${({ theme }) => theme.space(2)};
    font-size: ${({ theme }) => theme.fontSizes.display};
  }

  > div > p {
    margin: 0 0 ${({ theme }) => theme.space(5)};
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const MapBox = styled.div`
  position: relative;
  aspect-ratio: 4 / 3;
  overflow: hidden;
  border-radius: ${({ theme }) => theme.radii.lg};
  background:
    radial-gradient(circle at 50% 50%, rgba(255, 255, 255, 0.9) 0 6%, transparent 6.5%),
    repeating-radial-gradient(circle at 50% 50%, ${({ theme }) => theme.colors.secondary} 0 38px, ${({ theme }) => theme.colors.surface} 38px 76px);
  box-shadow: ${({ theme }) => theme.shadows.card};
`;

const Pin = styled.span`
  position: absolute;
  width: 52px;
  height: 52px;
  margin: -26px 0 0 -26px;
  border: 3px solid ${({ theme }) => theme.colors.primary};
  border-radius: 50%;
  overflow: hidden;
  background: ${({ theme }) => theme.colors.background};
  box-shadow: ${({ theme }) => theme.shadows.raised};

  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;

const You = styled.span`
  position: absolute;
  left: 50%;
  top: 50%;
  padding: 2px 10px;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.dark};
  color: ${({ theme }) => theme.colors.onDark};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 700;
  transform: translate(-50%, -50%);
`;

const NearList = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  margin: 0 0 ${({ theme }) => theme.space(5)};
  padding: 0;
  list-style: none;

  li {
    display: grid;
    grid-template-columns: 56px 1fr;
    gap: ${({ theme }) => theme.space(3)};
    align-items: center;
    padding: ${({ theme }) => theme.space(2)};
    border-radius: ${({ theme }) => theme.radii.md};
    background: ${({ theme }) => theme.colors.background};
    box-shadow: ${({ theme }) => theme.shadows.card};
  }

  img {
    width: 56px;
    height: 56px;
    border-radius: 50%;
    object-fit: cover;
  }

  small {
    display: block;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;

/** Places pins around the centre: by bearing and distance from it, squeezed into the map. */
function pinsOf(profiles: LanderProfile[], near: { lat: number; lon: number } | null) {
  const centre = near ?? (profiles[0]?.lat != null ? { lat: profiles[0].lat, lon: profiles[0].lon! } : { lat: 0, lon: 0 });
  return profiles.slice(0, 8).map((profile, index) => {
    const dy = (profile.lat ?? centre.lat) - centre.lat;
    const dx = ((profile.lon ?? centre.lon) - centre.lon) * Math.cos((centre.lat * Math.PI) / 180);
    const angle = dx === 0 && dy === 0 ? (index * Math.PI) / 4 : Math.atan2(dy, dx);
    // Rings by rank, so near profiles sit near the middle and none hides under "you".
    const radius = 18 + (index % 4) * 7;
    return { profile, left: 50 + Math.cos(angle) * radius * 0.9, top: 50 - Math.sin(angle) * radius };
  });
}

export function MapLander({ data }: { data: LanderData }) {
  const texts = useLanderTexts(data);
  const intl = useIntl();
  const profiles = data.profiles;
  return (
    <Section data-design="maplanding">
      <MapLayout>
        <MapBox role="img" aria-label={intl.formatMessage({ id: 'lander.map.label', defaultMessage: 'Map of singles around you' })}>
          {pinsOf(profiles, data.near).map(({ profile, left, top }) => (
            <Pin key={profile.id} style={{ left: `${left}%`, top: `${top}%` }}>
              <img src={profile.thumb} alt="" width={52} height={52} />
            </Pin>
          ))}
          <You>
            <FormattedMessage id="lander.map.you" defaultMessage="You" />
          </You>
        </MapBox>
        <div>
          <h1>{texts.headline}</h1>
          <p>{texts.subline}</p>
          <NearList data-testid="map-profiles">
            <ProfileItems data={data} profiles={profiles.slice(0, 4)} size={56} label="caption" />
          </NearList>
          <Cta data={data} />
        </div>
      </MapLayout>
      <LanderEnd data={data} />
    </Section>
  );
}

const Feed = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(6)};
  max-width: 980px;
  margin: 0 auto;

  @media (min-width: ${({ theme }) => theme.breakpoints.lg}px) {
    grid-template-columns: minmax(0, 1fr) 300px;
    align-items: start;
  }
`;

const Post = styled.article`
  max-width: 560px;
  margin: 0 auto ${({ theme }) => theme.space(5)};
  overflow: hidden;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.background};

  header {
    display: flex;
    gap: ${({ theme }) => theme.space(3)};
    align-items: center;
    padding: ${({ theme }) => theme.space(3)};
  }

  header img {
    width: 40px;
    height: 40px;
    border-radius: 50%;
    object-fit: cover;
  }

  header small {
    display: block;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }

  footer {
    display: flex;
    gap: ${({ theme }) => theme.space(2)};
    padding: ${({ theme }) => theme.space(3)};
  }

  footer a {
    padding: ${({ theme }) => `${theme.space(2)} ${theme.space(4)}`};
    border-radius: ${({ theme }) => theme.radii.pill};
    background: ${({ theme }) => theme.colors.secondary};
    color: ${({ theme }) => theme.colors.text};
    font-weight: 600;
    text-decoration: none;
  }

  p {
    margin: 0;
    padding: 0 ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(3)};
  }
`;

const Side = styled.aside`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(5)};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.secondary};

  @media (min-width: ${({ theme }) => theme.breakpoints.lg}px) {
    position: sticky;
    top: ${({ theme }) => theme.space(4)};
    order: 2;
  }

  h1 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }

  p {
    margin: 0;
  }
`;

export function SocialNetwork({ data }: { data: LanderData }) {
  const texts = useLanderTexts(data);
  const intl = useIntl();
  return (
    <Section data-design="socialnetwork">
      <Feed>
        <Side>
          <h1>{texts.headline}</h1>
          <p>{texts.subline}</p>
          <Cta data={data} wide={false} />
        </Side>
        <div data-testid="feed">
          {data.profiles.map((profile) => (
            <Post key={profile.id}>
              <header>
                <img src={profile.thumb} alt="" width={40} height={40} />
                <div>
                  <strong>
                    <ProfileName profile={profile} data={data} />
                  </strong>
                  <small>
                    <FormattedMessage id="lander.feed.shared" defaultMessage="shared a new photo" />
                    {profile.city ? ` · ${profile.city}` : ''}
                  </small>
                </div>
              </header>
              <Photo src={profile.photo} alt={intl.formatMessage({ id: 'lander.photoOf', defaultMessage: 'Photo of {name}' }, { name: profile.name })} width={480} height={600} loading="lazy" />
              <footer>
                <Cta data={data} wide={false} testId="feed-like">
                  ♥ <FormattedMessage id="lander.feed.like" defaultMessage="Like" />
                </Cta>
                <Cta data={data} wide={false} light testId="feed-comment">
                  <FormattedMessage id="lander.feed.comment" defaultMessage="Comment" />
                </Cta>
              </footer>
              <p>
                <OnlineDot />
              </p>
            </Post>
          ))}
        </div>
      </Feed>
      <LanderEnd data={data} />
    </Section>
  );
}
