// The swipe game (docs/product.md §2, §9): one card at a time — photo, name, age, city and the fictional mark —
// liked or passed by the buttons, the arrow keys (→ like, ← pass) or a swipe of the card. Likes
// left today are shown; at 0 the Like button rests and the limit text shows. A like that makes a
// match opens the match modal. More cards load from GET /api/swipe.php when few are left.
import { useCallback, useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import styled, { css } from 'styled-components';
import { useAppState } from '~/state/app-state';
import type { LikesCardBase } from '~/shared/likes';
import { refreshLikes, showMatchModal, type LikeState } from '~/state/likes';
import { ButtonLink } from '../app/buttons';
import { FictionalMark } from '../app/fictional-mark';
import { HeartIcon } from '../app/icons';
import { Alert } from '../forms/fields';
import { Empty, Shortcuts } from './likes-view';

export type SwipeCard = Omit<LikesCardBase, 'like' | 'distance'>;

interface Deck {
  profiles: SwipeCard[];
  remaining: number;
}

/** A drag of the card beyond this many pixels counts as a swipe. */
export const SWIPE_THRESHOLD_PX = 90;
const EXIT_MS = 220;

const Wrap = styled.section`
  display: grid;
  justify-items: center;
  gap: ${({ theme }) => theme.space(4)};
  max-width: 440px;
  margin: 0 auto;
  padding: ${({ theme }) => `${theme.space(5)} ${theme.space(4)} ${theme.space(10)}`};

  h1 {
    margin: 0;
    font-family: ${({ theme }) => theme.fonts.heading};
  }
`;

const Head = styled.div`
  display: grid;
  justify-items: center;
  gap: ${({ theme }) => theme.space(1)};
  text-align: center;

  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;

const Hearts = styled.span`
  display: inline-flex;
  gap: 4px;
  color: ${({ theme }) => theme.colors.primary};

  svg {
    width: 20px;
    height: 20px;
  }

  svg[data-used='true'] {
    opacity: 0.3;
  }

  svg[data-used='false'] {
    fill: currentColor;
  }
`;

const Stack = styled.div`
  position: relative;
  width: 100%;
  aspect-ratio: 4 / 5;
`;

const Behind = styled.div`
  position: absolute;
  inset: 0;
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.secondary};
  box-shadow: ${({ theme }) => theme.shadows.card};
  transform: translateY(10px) scale(0.95);
  overflow: hidden;

  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
    opacity: 0.55;
  }
`;

const Card = styled.article<{ $exit: 'like' | 'pass' | null; $dragging: boolean }>`
  position: absolute;
  inset: 0;
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.dark};
  box-shadow: ${({ theme }) => theme.shadows.raised};
  overflow: hidden;
  touch-action: pan-y;
  user-select: none;
  cursor: grab;
  transition: ${({ $dragging }) => ($dragging ? 'none' : `transform ${EXIT_MS}ms ease-out, opacity ${EXIT_MS}ms ease-out`)};

  ${({ $exit }) =>
    $exit &&
    css`
      opacity: 0;
      transform: translateX(${$exit === 'like' ? 120 : -120}%) rotate(${$exit === 'like' ? 14 : -14}deg) !important;
    `}

  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
    pointer-events: none;
  }

  @media (prefers-reduced-motion: reduce) {
    transition: none;
  }
`;

const Caption = styled.div`
  position: absolute;
  right: 0;
  bottom: 0;
  left: 0;
  display: grid;
  gap: 2px;
  padding: ${({ theme }) => `${theme.space(10)} ${theme.space(5)} ${theme.space(5)}`};
  background: linear-gradient(180deg, transparent, rgba(10, 14, 28, 0.82));
  color: #fff;

  h2 {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space(2)};
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.xxl};
  }

  p {
    margin: 0;
    opacity: 0.9;
  }
`;

const Stamp = styled.span<{ $kind: 'like' | 'pass' }>`
  position: absolute;
  top: ${({ theme }) => theme.space(6)};
  ${({ $kind }) => ($kind === 'like' ? 'left: 24px; transform: rotate(-14deg);' : 'right: 24px; transform: rotate(14deg);')}
  padding: 4px 14px;
  border: 4px solid currentColor;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: rgba(255, 255, 255, 0.85);
  color: ${({ $kind, theme }) => ($kind === 'like' ? theme.colors.success : theme.colors.danger)};
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: 800;
  text-transform: uppercase;
  pointer-events: none;
`;

const NoPhoto = styled.div`
  display: grid;
  place-items: center;
  height: 100%;
  color: ${({ theme }) => theme.colors.onDark};
  font-size: 6rem;
  font-weight: 800;
`;

const Controls = styled.div`
  display: flex;
  justify-content: center;
  gap: ${({ theme }) => theme.space(8)};
`;

const RoundButton = styled.button<{ $kind: 'like' | 'pass' }>`
  display: grid;
  justify-items: center;
  gap: ${({ theme }) => theme.space(1)};
  padding: 0;
  border: 0;
  background: none;
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 700;
  cursor: pointer;

  > span:first-child {
    display: grid;
    place-items: center;
    width: 68px;
    height: 68px;
    border-radius: 50%;
    box-shadow: ${({ theme }) => theme.shadows.raised};
    ${({ $kind, theme }) =>
      $kind === 'like'
        ? css`
            background: ${theme.colors.primary};
            color: ${theme.colors.onPrimary};
          `
        : css`
            background: ${theme.colors.background};
            color: ${theme.colors.textMuted};
            border: 2px solid ${theme.colors.border};
          `}
  }

  svg {
    width: 30px;
    height: 30px;
  }

  &:hover > span:first-child {
    transform: scale(1.05);
  }

  &:disabled {
    cursor: not-allowed;
    opacity: 0.45;
  }

  &:focus-visible {
    outline: none;
  }

  &:focus-visible > span:first-child {
    outline: 3px solid ${({ theme }) => theme.colors.dark};
    outline-offset: 3px;
  }
`;

const Hint = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  text-align: center;
`;

const Warning = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  text-align: center;
`;

const CrossIcon = () => (
  <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={3} strokeLinecap="round" aria-hidden focusable={false}>
    <path d="M6 6l12 12M18 6 6 18" />
  </svg>
);

export function SwipeGame({ deck, limit, fictionalWarning }: { deck: Deck; limit: number; fictionalWarning: string }) {
  const intl = useIntl();
  const state = useAppState();
  const [cards, setCards] = useState<SwipeCard[]>(deck.profiles);
  const [remaining, setRemaining] = useState(deck.remaining);
  const [exit, setExit] = useState<'like' | 'pass' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [drag, setDrag] = useState(0);
  const [dragging, setDragging] = useState(false);
  const busy = useRef(false);
  const seen = useRef(new Set(deck.profiles.map((p) => p.id)));
  const start = useRef<number | null>(null);
  const current = cards[0];
  // One text for the screen and POST /api/swipe.php's 429 daily_limit (docs/api.md; issue 48 item 11).
  const limitText = intl.formatMessage({ id: 'swipe.error.dailyLimit', defaultMessage: "You have used today's {limit} likes in the swipe game. Come back tomorrow for more." }, { limit });

  const loadMore = useCallback(async () => {
    try {
      const response = await fetch('/api/swipe.php', { headers: { Accept: 'application/json' } });
      if (!response.ok) return;
      const next = (await response.json()) as Deck;
      const fresh = next.profiles.filter((p) => !seen.current.has(p.id));
      fresh.forEach((p) => seen.current.add(p.id));
      setRemaining(next.remaining);
      if (fresh.length) setCards((now) => [...now, ...fresh]);
    } catch {
      // The next attempt (after the next swipe) may work.
    }
  }, []);

  const decide = useCallback(
    async (like: boolean) => {
      const card = current;
      if (!card || busy.current) return;
      if (like && remaining <= 0) {
        setNotice(limitText);
        return;
      }
      busy.current = true;
      setNotice(null);
      setExit(like ? 'like' : 'pass');
      const exitDone = new Promise((resolve) => window.setTimeout(resolve, EXIT_MS));
      let keep = false;
      try {
        const response = await fetch('/api/swipe.php', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
          body: JSON.stringify({ profile: card.id, like }),
        });
        const body = (await response.json()) as { state?: LikeState; remaining?: number; message?: string; error?: string };
        if (typeof body.remaining === 'number') setRemaining(body.remaining);
        if (response.ok && body.state) {
          state.likes.states[card.id] = body.state;
          if (like && body.state === 'match') {
            showMatchModal(state.likes, { id: card.id, name: card.name, photo: card.main_image?.filename ?? null, fictional: card.fictional, kind: 'match' });
            void refreshLikes(state);
          }
        } else if (response.status === 429 || response.status >= 500) {
          keep = true;
          setNotice(body.message ?? limitText);
        }
      } catch {
        keep = true;
        setNotice(intl.formatMessage({ id: 'likes.error.failed', defaultMessage: 'That did not work. Please try again.' }));
      }
      await exitDone;
      setExit(null);
      setDrag(0);
      if (!keep) {
        setCards((now) => now.slice(1));
        if (cards.length <= 3) void loadMore();
      }
      busy.current = false;
    },
    [current, remaining, limitText, state, intl, cards.length, loadMore],
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      const target = event.target as HTMLElement | null;
      if (target && /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)) return;
      if (document.querySelector('dialog[open]')) return;
      if (event.key === 'ArrowRight') {
        event.preventDefault();
        void decide(true);
      } else if (event.key === 'ArrowLeft') {
        event.preventDefault();
        void decide(false);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [decide]);

  const onPointerDown = (event: ReactPointerEvent<HTMLElement>) => {
    if (busy.current) return;
    start.current = event.clientX;
    setDragging(true);
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLElement>) => {
    if (start.current !== null) setDrag(event.clientX - start.current);
  };
  const onPointerEnd = () => {
    if (start.current === null) return;
    start.current = null;
    setDragging(false);
    if (Math.abs(drag) >= SWIPE_THRESHOLD_PX) void decide(drag > 0);
    else setDrag(0);
  };

  const stamp = exit ?? (drag >= SWIPE_THRESHOLD_PX / 2 ? 'like' : drag <= -SWIPE_THRESHOLD_PX / 2 ? 'pass' : null);
  const likeLabel = intl.formatMessage({ id: 'likes.swipe.like', defaultMessage: 'Like' });
  const passLabel = intl.formatMessage({ id: 'likes.swipe.pass', defaultMessage: 'Pass' });

  return (
    <Wrap data-testid="swipe-game">
      <Head>
        <h1>
          <FormattedMessage id="likes.swipe.heading" defaultMessage="Swipe game" />
        </h1>
        <p data-testid="swipe-remaining" data-remaining={remaining}>
          <Hearts aria-hidden>
            {Array.from({ length: limit }, (_, i) => (
              <HeartIcon key={i} data-used={i >= remaining} />
            ))}
          </Hearts>{' '}
          <FormattedMessage id="likes.swipe.remaining" defaultMessage="{remaining} of {limit} likes left today" values={{ remaining, limit }} />
        </p>
      </Head>
      {notice ? (
        <Alert $tone="info" role="status" data-testid="swipe-notice">
          {notice}
        </Alert>
      ) : null}
      {current ? (
        <>
          <Stack>
            {cards[1] ? <Behind aria-hidden>{cards[1].main_image ? <img src={cards[1].main_image.filename} alt="" width={440} height={550} /> : null}</Behind> : null}
            <Card
              key={current.id}
              data-testid="swipe-card"
              data-profile={current.id}
              aria-roledescription={intl.formatMessage({ id: 'likes.swipe.card', defaultMessage: 'profile card' })}
              aria-label={`${current.name}, ${current.age}`}
              $exit={exit}
              $dragging={dragging}
              style={exit ? undefined : { transform: `translateX(${drag}px) rotate(${drag / 20}deg)` }}
              onPointerDown={onPointerDown}
              onPointerMove={onPointerMove}
              onPointerUp={onPointerEnd}
              onPointerCancel={onPointerEnd}
            >
              {current.main_image ? <img src={current.main_image.filename} alt="" width={440} height={550} draggable={false} /> : <NoPhoto aria-hidden>{current.name.charAt(0)}</NoPhoto>}
              {stamp ? <Stamp $kind={stamp}>{stamp === 'like' ? likeLabel : passLabel}</Stamp> : null}
              <Caption>
                <h2>
                  {current.name}, {current.age}
                  {current.fictional ? <FictionalMark /> : null}
                </h2>
                {current.city ? <p>{current.city}</p> : null}
              </Caption>
            </Card>
          </Stack>
          {current.fictional ? <Warning>{fictionalWarning}</Warning> : null}
          <Controls>
            <RoundButton type="button" $kind="pass" onClick={() => void decide(false)} data-testid="swipe-pass" aria-keyshortcuts="ArrowLeft">
              <span>
                <CrossIcon />
              </span>
              <span>{passLabel}</span>
            </RoundButton>
            <RoundButton
              type="button"
              $kind="like"
              onClick={() => void decide(true)}
              disabled={remaining <= 0}
              data-testid="swipe-like"
              aria-keyshortcuts="ArrowRight"
            >
              <span>
                <HeartIcon />
              </span>
              <span>{likeLabel}</span>
            </RoundButton>
          </Controls>
          {remaining <= 0 && !notice ? (
            <Alert $tone="info" role="status" data-testid="swipe-limit">
              {limitText}
            </Alert>
          ) : null}
          <Hint>
            <FormattedMessage id="likes.swipe.hint" defaultMessage="Swipe the card, or use the arrow keys: → like, ← pass." />
          </Hint>
        </>
      ) : (
        <Empty data-testid="swipe-empty">
          <HeartIcon />
          <h2>
            <FormattedMessage id="likes.swipe.emptyTitle" defaultMessage="You've seen everyone for now" />
          </h2>
          <p>
            <FormattedMessage id="likes.swipe.emptyText" defaultMessage="New members join every day. Meanwhile, see who likes you or let the match finder suggest someone." />
          </p>
          <Shortcuts>
            <ButtonLink to="/likes">
              <FormattedMessage id="likes.link.likes" defaultMessage="Your likes" />
            </ButtonLink>
            <ButtonLink to="/match-finder" $variant="ghost">
              <FormattedMessage id="likes.link.matchFinder" defaultMessage="Match finder" />
            </ButtonLink>
          </Shortcuts>
        </Empty>
      )}
    </Wrap>
  );
}
