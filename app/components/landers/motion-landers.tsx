// The landers that move: video (a story-style player of portraits), transitionsvideolanding (a
// full-width cross-fading film behind the headline) and tinderswipe (a stack of cards to swipe; after
// a few the signup modal asks the visitor to join). Videos are muted, looping, and show their poster
// first: `preload="none"` until the page has painted, so they never hold up the first paint.
import { useState, type PointerEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import { openSignupModal, useAppState } from '~/state/app-state';
import { Cta, LanderEnd, OnlineDot, ProfileName, Section, useLanderTexts, type LanderData } from './kit';
import { heroText, Intro, LanderGrid, ProfileItems } from './parts';

/** Muted, looping, poster first: the page's wake script starts it after the first paint (wake.ts), unless the visitor prefers reduced motion. */
function LanderVideo({ name, label }: { name: 'story' | 'transitions'; label: string }) {
  return (
    <video muted loop playsInline preload="none" data-autoplay="" poster={`/lander-media/video/${name}-poster.webp`} width={480} height={600} aria-label={label}>
      <source src={`/lander-media/video/${name}.webm`} type="video/webm" />
      <source src={`/lander-media/video/${name}.mp4`} type="video/mp4" />
    </video>
  );
}

const Player = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(6)};
  align-items: center;

  @media (min-width: ${({ theme }) => theme.breakpoints.md}px) {
    grid-template-columns: minmax(0, 360px) minmax(0, 1fr);
  }
`;

const Phone = styled.div`
  position: relative;
  width: min(100%, 360px);
  margin: 0 auto;
  overflow: hidden;
  border: 8px solid ${({ theme }) => theme.colors.dark};
  border-radius: 28px;
  background: ${({ theme }) => theme.colors.dark};
  box-shadow: ${({ theme }) => theme.shadows.raised};

  video {
    display: block;
    width: 100%;
    height: auto;
    aspect-ratio: 4 / 5;
    object-fit: cover;
  }

  > div {
    position: absolute;
    inset: auto 0 0;
    padding: ${({ theme }) => theme.space(4)};
    background: linear-gradient(180deg, transparent, rgba(0, 0, 0, 0.7));
    color: #fff;
  }
`;

const Copy = styled.div`
  h1 {
    margin: 0 0 ${({ theme }) => theme.space(3)};
    font-size: ${({ theme }) => theme.fontSizes.display};
  }

  p {
    margin: 0 0 ${({ theme }) => theme.space(5)};
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`;

const Faces = styled.ul`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
  margin: 0 0 ${({ theme }) => theme.space(5)};
  padding: 0;
  list-style: none;

  img {
    width: 56px;
    height: 56px;
    border-radius: 50%;
    object-fit: cover;
  }
`;

export function Video({ data }: { data: LanderData }) {
  const texts = useLanderTexts(data);
  const intl = useIntl();
  return (
    <Section data-design="video">
      <Player>
        <Phone>
          <LanderVideo name="story" label={intl.formatMessage({ id: 'lander.video.label', defaultMessage: 'A short film of profiles on {site}' }, { site: data.site })} />
          <div>
            <OnlineDot />
          </div>
        </Phone>
        <Copy>
          <h1>{texts.headline}</h1>
          <p>{texts.subline}</p>
          <Faces>
            <ProfileItems data={data} size={56} />
          </Faces>
          <Cta data={data} />
        </Copy>
      </Player>
      <LanderEnd data={data} />
    </Section>
  );
}

const Film = styled.header`
  position: relative;
  display: grid;
  min-height: 520px;
  overflow: hidden;
  background: ${({ theme }) => theme.colors.dark};
  color: #fff;

  video {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
    object-fit: cover;
    opacity: 0.6;
  }

  > div {
    position: relative;
    align-self: end;
    padding: ${({ theme }) => `${theme.space(10)} ${theme.space(5)}`};
    background: linear-gradient(180deg, transparent, rgba(0, 0, 0, 0.75));
    text-align: center;
  }

  ${heroText}
`;

const Row = styled(LanderGrid)`
  strong {
    display: block;
    padding: ${({ theme }) => theme.space(2)};
  }
`;

export function TransitionsVideo({ data }: { data: LanderData }) {
  const texts = useLanderTexts(data);
  const intl = useIntl();
  return (
    <>
      <Film data-design="transitionsvideolanding">
        <LanderVideo name="transitions" label={intl.formatMessage({ id: 'lander.video.label', defaultMessage: 'A short film of profiles on {site}' }, { site: data.site })} />
        <div>
          <h1>{texts.headline}</h1>
          <p>{texts.subline}</p>
          <Cta data={data} light />
        </div>
      </Film>
      <Section>
        <Row>
          <ProfileItems data={data} label="name" />
        </Row>
        <LanderEnd data={data} />
      </Section>
    </>
  );
}

/** Swipes before the signup modal asks the visitor to join. */
export const SWIPES_BEFORE_SIGNUP = 3;

const Deck = styled.div`
  position: relative;
  width: min(100%, 340px);
  aspect-ratio: 4 / 5;
  margin: 0 auto ${({ theme }) => theme.space(5)};
`;

const Card = styled.figure<{ $depth: number }>`
  position: absolute;
  inset: 0;
  margin: 0;
  overflow: hidden;
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.secondary};
  box-shadow: ${({ theme }) => theme.shadows.raised};
  transform: translateY(${({ $depth }) => $depth * 8}px) scale(${({ $depth }) => 1 - $depth * 0.04});
  transition: transform 0.25s ease-out, opacity 0.25s;
  touch-action: pan-y;
  user-select: none;

  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
    pointer-events: none;
  }

  figcaption {
    position: absolute;
    inset: auto 0 0;
    padding: ${({ theme }) => theme.space(4)};
    background: linear-gradient(180deg, transparent, rgba(0, 0, 0, 0.75));
    color: #fff;
    font-size: ${({ theme }) => theme.fontSizes.xl};
    font-weight: 700;
  }
`;

const Buttons = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(6)};
  justify-content: center;
  margin-bottom: ${({ theme }) => theme.space(5)};

  button {
    display: grid;
    place-items: center;
    width: 64px;
    height: 64px;
    border: 0;
    border-radius: 50%;
    background: ${({ theme }) => theme.colors.background};
    box-shadow: ${({ theme }) => theme.shadows.raised};
    font-size: 1.75rem;
    cursor: pointer;
  }

  button:last-child {
    background: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.onPrimary};
  }
`;

export function TinderSwipe({ data }: { data: LanderData }) {
  const texts = useLanderTexts(data);
  const state = useAppState();
  const intl = useIntl();
  const [swiped, setSwiped] = useState(0);
  const [drag, setDrag] = useState<{ id: number; startX: number; dx: number } | null>(null);
  const cards = data.profiles.slice(swiped, swiped + 3);

  const swipe = () => {
    const next = swiped + 1;
    setSwiped(next);
    setDrag(null);
    if (next >= SWIPES_BEFORE_SIGNUP) openSignupModal(state);
  };
  const down = (event: PointerEvent<HTMLElement>) => setDrag({ id: event.pointerId, startX: event.clientX, dx: 0 });
  const move = (event: PointerEvent<HTMLElement>) => drag && drag.id === event.pointerId && setDrag({ ...drag, dx: event.clientX - drag.startX });
  const up = () => (drag && Math.abs(drag.dx) > 80 ? swipe() : setDrag(null));

  return (
    <Section data-design="tinderswipe">
      <Intro>
        <h1>{texts.headline}</h1>
        <p>
          <FormattedMessage id="lander.swipe.hint" defaultMessage="Swipe right on the people you like" />
        </p>
      </Intro>
      <Deck aria-live="polite">
        {cards
          .map((profile, depth) => (
            <Card
              key={profile.id}
              $depth={depth}
              data-testid={depth === 0 ? 'swipe-card' : undefined}
              style={depth === 0 && drag ? { transform: `translateX(${drag.dx}px) rotate(${drag.dx / 20}deg)`, transition: 'none' } : undefined}
              onPointerDown={depth === 0 ? down : undefined}
              onPointerMove={depth === 0 ? move : undefined}
              onPointerUp={depth === 0 ? up : undefined}
              onPointerCancel={() => setDrag(null)}
            >
              <img src={profile.photo} alt="" width={480} height={600} draggable={false} />
              <figcaption>
                <ProfileName profile={profile} data={data} />
              </figcaption>
            </Card>
          ))
          .reverse()}
      </Deck>
      <Buttons>
        <button type="button" onClick={swipe} aria-label={intl.formatMessage({ id: 'lander.swipe.pass', defaultMessage: 'Pass' })} data-testid="swipe-pass">
          ✕
        </button>
        <button type="button" onClick={swipe} aria-label={intl.formatMessage({ id: 'lander.swipe.like', defaultMessage: 'Like' })} data-testid="swipe-like">
          ♥
        </button>
      </Buttons>
      <Intro>
        <p>{texts.subline}</p>
      </Intro>
      <div style={{ textAlign: 'center' }}>
        <Cta data={data} />
      </div>
      <LanderEnd data={data} />
    </Section>
  );
}
