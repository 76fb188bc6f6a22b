// Four landers built around one strong picture: alonetonight (night sky, who is online now),
// collagelanding (a mosaic of faces), gallery (a grid that invites to see everyone) and iconslanding
// (three promises with icons and a strip of profiles).
import { FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import { Cta, LanderEnd, OnlineDot, Section, useLanderTexts, type LanderData } from './kit';
import { heroText, Intro, LanderGrid, ProfileItems } from './parts';

const Accent = styled.header<{ $image: string | null }>`
  position: relative;
  padding: ${({ theme }) => `${theme.space(12)} ${theme.space(5)}`};
  background: ${({ $image, theme }) => ($image ? `center / cover no-repeat url(${$image}), ${theme.colors.dark}` : `linear-gradient(135deg, ${theme.colors.primary}, ${theme.colors.dark})`)};
  color: #fff;
  text-align: center;

  &::before {
    content: '';
    position: absolute;
    inset: 0;
    background: linear-gradient(180deg, rgba(10, 12, 30, 0.55), rgba(10, 12, 30, 0.75));
  }

  > * {
    position: relative;
  }

  ${heroText}
`;

function Headline({ data }: { data: LanderData }) {
  const texts = useLanderTexts(data);
  return (
    <>
      <h1>{texts.headline}</h1>
      <p>{texts.subline}</p>
    </>
  );
}

const Avatars = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(4)};
  justify-content: center;
  margin: 0 0 ${({ theme }) => theme.space(7)};
  padding: 0;
  list-style: none;

  li {
    display: grid;
    justify-items: center;
    gap: ${({ theme }) => theme.space(1)};
    width: 92px;
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }

  strong {
    font-weight: 400;
  }

  img {
    width: 84px;
    height: 84px;
    border: 3px solid #2bb673;
    border-radius: 50%;
    object-fit: cover;
  }
`;

/** The whole first screen under the logo bar is night sky, its content in the middle: no empty band under a short hero. */
const NightSky = styled(Accent)`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  min-height: calc(100vh - 75px);
  min-height: calc(100svh - 75px);
`;

export function AloneTonight({ data }: { data: LanderData }) {
  return (
    <>
      <NightSky $image={data.accent ?? '/lander-media/accents/night.svg'} data-design="alonetonight">
        <Headline data={data} />
        <Avatars>
          <ProfileItems data={data} size={84} label="name" />
        </Avatars>
        <OnlineDot />
        <p />
        <Cta data={data} />
      </NightSky>
      <LanderEnd data={data} />
    </>
  );
}

const Mosaic = styled.div`
  display: grid;
  grid-template-columns: repeat(3, 1fr);
  grid-auto-rows: 120px;
  gap: 6px;

  @media (min-width: ${({ theme }) => theme.breakpoints.md}px) {
    grid-template-columns: repeat(5, 1fr);
    grid-auto-rows: 170px;
  }

  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
    border-radius: ${({ theme }) => theme.radii.md};
  }

  /* 7 pictures: a large first one and six around it fill 3 columns (the last spans a row) and 5 columns exactly. */
  > :nth-child(1) {
    grid-column: span 2;
    grid-row: span 2;
  }
  > :nth-child(7) {
    grid-column: span 3;

    @media (min-width: ${({ theme }) => theme.breakpoints.md}px) {
      grid-column: auto;
    }
  }
`;

const CollageCard = styled.div`
  max-width: 560px;
  margin: -${({ theme }) => theme.space(12)} auto 0;
  position: relative;
  padding: ${({ theme }) => theme.space(6)};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.background};
  box-shadow: ${({ theme }) => theme.shadows.raised};
  text-align: center;

  h1 {
    margin: 0 0 ${({ theme }) => theme.space(2)};
    color: ${({ theme }) => theme.colors.primary};
    font-size: ${({ theme }) => theme.fontSizes.display};
  }

  p {
    margin: 0 0 ${({ theme }) => theme.space(5)};
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

export function Collage({ data }: { data: LanderData }) {
  const intl = useIntl();
  return (
    <Section data-design="collagelanding">
      <Mosaic>
        {data.profiles.map((profile) => (
          <img key={profile.id} src={profile.photo} alt={intl.formatMessage({ id: 'lander.photoOf', defaultMessage: 'Photo of {name}' }, { name: profile.name })} width={240} height={300} />
        ))}
      </Mosaic>
      <CollageCard>
        <Headline data={data} />
        <Cta data={data} />
      </CollageCard>
      <LanderEnd data={data} />
    </Section>
  );
}

const Grid = styled(LanderGrid)`
  li:nth-child(n + 9) img {
    filter: blur(10px);
  }

  div {
    padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  }

  strong {
    display: block;
  }

  small {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;

const Center = styled.div`
  display: grid;
  justify-items: center;
  gap: ${({ theme }) => theme.space(3)};
  margin-top: ${({ theme }) => theme.space(6)};
  text-align: center;
`;

export function Gallery({ data }: { data: LanderData }) {
  return (
    <Section data-design="gallery">
      <Intro>
        <Headline data={data} />
      </Intro>
      <Grid>
        <ProfileItems data={data} label="caption" />
      </Grid>
      <Center>
        <strong>
          <FormattedMessage id="lander.gallery.more" defaultMessage="Sign up to see every profile" />
        </strong>
        <Cta data={data} />
      </Center>
      <LanderEnd data={data} />
    </Section>
  );
}

const Features = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  margin: 0 0 ${({ theme }) => theme.space(8)};
  padding: 0;
  list-style: none;

  @media (min-width: ${({ theme }) => theme.breakpoints.md}px) {
    grid-template-columns: repeat(3, 1fr);
  }

  li {
    display: grid;
    justify-items: center;
    gap: ${({ theme }) => theme.space(2)};
    padding: ${({ theme }) => theme.space(5)};
    border-radius: ${({ theme }) => theme.radii.lg};
    background: ${({ theme }) => theme.colors.secondary};
    text-align: center;
  }

  svg {
    width: 48px;
    height: 48px;
    color: ${({ theme }) => theme.colors.primary};
  }

  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }

  p {
    margin: 0;
  }
`;

const Strip = styled.ul`
  display: grid;
  grid-template-columns: repeat(4, 1fr);
  gap: ${({ theme }) => theme.space(2)};
  margin: 0 0 ${({ theme }) => theme.space(6)};
  padding: 0;
  list-style: none;

  @media (min-width: ${({ theme }) => theme.breakpoints.md}px) {
    grid-template-columns: repeat(8, 1fr);
  }

  img {
    border-radius: ${({ theme }) => theme.radii.md};
  }
`;

const ICONS = {
  free: 'M12 2a10 10 0 100 20 10 10 0 000-20zm-1 14.5l-4-4 1.4-1.4 2.6 2.6 5.6-5.6L18 9.5l-7 7z',
  real: 'M12 2a7 7 0 00-7 7c0 5.2 7 13 7 13s7-7.8 7-13a7 7 0 00-7-7zm0 9.5A2.5 2.5 0 1112 6a2.5 2.5 0 010 5z',
  discreet: 'M12 1L3 5v6c0 5.5 3.8 10.7 9 12 5.2-1.3 9-6.5 9-12V5l-9-4zm0 11h7c-.5 4.1-3.3 7.8-7 8.9V12H5V6.3l7-3.1V12z',
};

export function Icons({ data }: { data: LanderData }) {
  const features = [
    { key: 'free', title: <FormattedMessage id="lander.icons.free" defaultMessage="Free signup" />, text: <FormattedMessage id="lander.icons.freeText" defaultMessage="Your profile is ready in a minute." /> },
    { key: 'real', title: <FormattedMessage id="lander.icons.near" defaultMessage="Singles near you" />, text: <FormattedMessage id="lander.icons.nearText" defaultMessage="Profiles from your own region." /> },
    { key: 'discreet', title: <FormattedMessage id="lander.icons.discreet" defaultMessage="Safe and discreet" />, text: <FormattedMessage id="lander.icons.discreetText" defaultMessage="Your details stay private." /> },
  ] as const;
  return (
    <>
      <Accent $image={data.accent} data-design="iconslanding">
        <Headline data={data} />
        <Cta data={data} light />
      </Accent>
      <Section>
        <Features>
          {features.map((feature) => (
            <li key={feature.key}>
              <svg viewBox="0 0 24 24" aria-hidden="true">
                <path fill="currentColor" d={ICONS[feature.key]} />
              </svg>
              <h2>{feature.title}</h2>
              <p>{feature.text}</p>
            </li>
          ))}
        </Features>
        <Strip>
          <ProfileItems data={data} />
        </Strip>
        <Center>
          <Cta data={data} />
        </Center>
        <LanderEnd data={data} />
      </Section>
    </>
  );
}
