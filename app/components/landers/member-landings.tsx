// The three member landings (/members/{id}/landing, /landing2, /landing3): one profile shown to a
// visitor as a lander, each ending in the signup modal that posts to /members/{id}/signup — so the
// new member lands in this profile's chat, their signup message already there.
import { FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import { openSignupModal, useAppState } from '~/state/app-state';
import { Cta, LanderEnd, OnlineDot, Photo, ProfileName, Section, useLanderTexts, type LanderData } from './kit';
import { Tags } from '~/components/members/tags';
import { Intro } from './parts';

type WithProfile = LanderData & { profile: NonNullable<LanderData['profile']> };

function MessageCta({ data }: { data: WithProfile }) {
  return (
    <Cta data={data}>
      <FormattedMessage id="landing.cta" defaultMessage="Send {name} a message" values={{ name: data.profile.name }} />
    </Cta>
  );
}

const Split = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(6)};
  align-items: center;

  @media (min-width: ${({ theme }) => theme.breakpoints.md}px) {
    grid-template-columns: minmax(0, 2fr) minmax(0, 3fr);
  }

  img {
    border-radius: ${({ theme }) => theme.radii.lg};
    box-shadow: ${({ theme }) => theme.shadows.raised};
  }

  h1 {
    margin: ${({ theme }) => theme.space(2)} 0;
    font-size: ${({ theme }) => theme.fontSizes.display};
  }

  p {
    margin: 0 0 ${({ theme }) => theme.space(5)};
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`;

const Chips = styled(Tags)`
  margin: 0 0 ${({ theme }) => theme.space(5)};
`;

function Interests({ data }: { data: WithProfile }) {
  const intl = useIntl();
  if (!data.profile.interests.length) return null;
  return (
    <Chips aria-label={intl.formatMessage({ id: 'landing.interests', defaultMessage: 'Interests' })}>
      {data.profile.interests.map((interest) => (
        <li key={interest}>{intl.formatMessage({ id: `interest.${interest}`, defaultMessage: interest })}</li>
      ))}
    </Chips>
  );
}

/** landing: the profile's big photo beside who they are and one call to action. */
export function Landing({ data }: { data: WithProfile }) {
  const { profile } = data;
  const intl = useIntl();
  return (
    <Section data-design="landing">
      <Split>
        <Photo src={profile.photos[0] ?? data.profiles[0]?.photo} alt={intl.formatMessage({ id: 'lander.photoOf', defaultMessage: 'Photo of {name}' }, { name: profile.name })} width={480} height={600} />
        <div>
          <OnlineDot />
          <h1>
            <ProfileName profile={profile} data={data} />
          </h1>
          <p>
            {profile.city ? `${profile.city} · ` : ''}
            <FormattedMessage id="landing.lead" defaultMessage="{name} is on {site}. Sign up for free to start a conversation." values={{ name: profile.name, site: data.site }} />
          </p>
          <Interests data={data} />
          <MessageCta data={data} />
        </div>
      </Split>
      <LanderEnd data={data} />
    </Section>
  );
}

const Banner = styled.header<{ $image: string | null }>`
  height: 200px;
  background: ${({ $image, theme }) => ($image ? `center / cover no-repeat url(${$image})` : `linear-gradient(135deg, ${theme.colors.primary}, ${theme.colors.dark})`)};
`;

const ProfileHead = styled.div`
  display: grid;
  justify-items: center;
  gap: ${({ theme }) => theme.space(2)};
  margin-top: -80px;
  text-align: center;

  img {
    width: 160px;
    height: 160px;
    border: 6px solid ${({ theme }) => theme.colors.background};
    border-radius: 50%;
    object-fit: cover;
    box-shadow: ${({ theme }) => theme.shadows.raised};
  }

  h1 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.display};
  }

  p {
    max-width: 32rem;
    margin: 0 0 ${({ theme }) => theme.space(3)};
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Composer = styled.a`
  display: block;
  width: min(100%, 520px);
  margin: ${({ theme }) => theme.space(5)} auto 0;
  padding: ${({ theme }) => theme.space(4)};
  border: 2px dashed ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  color: ${({ theme }) => theme.colors.textMuted};
  text-align: left;
  text-decoration: none;
`;

/** landing2: a profile page with the variant's banner, and a message box that opens the signup. */
export function Landing2({ data }: { data: WithProfile }) {
  const { profile } = data;
  const texts = useLanderTexts(data);
  const state = useAppState();
  return (
    <>
      <Banner $image={data.accent} data-design="landing2" />
      <Section>
        <ProfileHead>
          <img src={profile.photos[0] ?? data.profiles[0]?.thumb} alt="" width={160} height={160} />
          <h1>
            <ProfileName profile={profile} data={data} />
          </h1>
          <OnlineDot />
          {profile.city ? <span>{profile.city}</span> : null}
          <p>{texts.subline}</p>
          <Interests data={data} />
          <MessageCta data={data} />
          <Composer href={`/members/${profile.id}/signup`} onClick={(event) => {
              event.preventDefault();
              openSignupModal(state);
            }}
          >
            <FormattedMessage id="landing.composer" defaultMessage="Write {name} your first message…" values={{ name: profile.name }} />
          </Composer>
        </ProfileHead>
        <LanderEnd data={data} />
      </Section>
    </>
  );
}

const Photos = styled.ul`
  display: grid;
  grid-template-columns: repeat(2, 1fr);
  gap: ${({ theme }) => theme.space(3)};
  margin: 0 0 ${({ theme }) => theme.space(6)};
  padding: 0;
  list-style: none;

  @media (min-width: ${({ theme }) => theme.breakpoints.md}px) {
    grid-template-columns: repeat(4, 1fr);
  }

  img {
    border-radius: ${({ theme }) => theme.radii.md};
  }
`;

const Title3 = styled(Intro)`
  margin-bottom: ${({ theme }) => theme.space(5)};
`;

/** landing3: the variant's headline over the profile's photos, then similar profiles and the call to action. */
export function Landing3({ data }: { data: WithProfile }) {
  const { profile } = data;
  const texts = useLanderTexts(data);
  const intl = useIntl();
  const photos = profile.photos.length ? profile.photos : data.profiles.slice(0, 1).map((other) => other.photo);
  return (
    <Section data-design="landing3">
      <Title3>
        <h1>{texts.headline}</h1>
        <p>
          <FormattedMessage id="landing.photos" defaultMessage="Photos of {name}" values={{ name: profile.name }} />
        </p>
      </Title3>
      <Photos>
        {photos.map((photo, index) => (
          <li key={photo}>
            <Photo src={photo} alt={index === 0 ? intl.formatMessage({ id: 'lander.photoOf', defaultMessage: 'Photo of {name}' }, { name: profile.name }) : ''} width={480} height={600} />
          </li>
        ))}
        {data.profiles.slice(0, Math.max(0, 4 - photos.length)).map((other) => (
          <li key={other.id}>
            <Photo src={other.thumb} alt="" width={240} height={300} />
          </li>
        ))}
      </Photos>
      <Title3>
        <h2>
          <ProfileName profile={profile} data={data} />
        </h2>
        <Interests data={data} />
        <MessageCta data={data} />
      </Title3>
      <LanderEnd data={data} />
    </Section>
  );
}
