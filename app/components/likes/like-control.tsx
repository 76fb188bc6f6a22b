// The like state on a card (docs/product.md §4 like states), each with its own label: none → a Like button,
// liked → a pressed Liked button (takes the like back), liked by them → "Likes you" and a Like back
// button, match → a Match label. A like back opens the match modal.
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import styled, { css } from 'styled-components';
import { useSnapshot } from 'valtio';
import { useAppState } from '~/state/app-state';
import { refreshLikes, showMatchModal, type LikeState } from '~/state/likes';
import { HeartIcon } from '../app/icons';

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
  min-height: 36px;
`;

export const Pill = styled.span<{ $tone?: 'primary' | 'success' | 'muted' | 'dark' }>`
  display: inline-flex;
  align-items: center;
  gap: 4px;
  padding: 2px ${({ theme }) => theme.space(2)};
  border-radius: ${({ theme }) => theme.radii.pill};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 700;
  line-height: 1.6;
  ${({ $tone = 'primary', theme }) =>
    $tone === 'primary'
      ? css`
          background: ${theme.colors.primary};
          color: ${theme.colors.onPrimary};
        `
      : $tone === 'success'
        ? css`
            background: #e8f7ee;
            color: #146c3a;
          `
        : $tone === 'dark'
          ? css`
              background: ${theme.colors.dark};
              color: ${theme.colors.onDark};
            `
          : css`
              background: ${theme.colors.background};
              color: ${theme.colors.text};
              border: 1px solid ${theme.colors.border};
            `}

  svg {
    width: 14px;
    height: 14px;
    fill: currentColor;
  }
`;

const SmallButton = styled.button<{ $strong?: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  min-height: 36px;
  padding: 0 ${({ theme }) => theme.space(3)};
  border: 2px solid ${({ theme }) => theme.colors.primary};
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ $strong, theme }) => ($strong ? theme.colors.primary : theme.colors.background)};
  color: ${({ $strong, theme }) => ($strong ? theme.colors.onPrimary : theme.colors.primary)};
  font: inherit;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 700;
  cursor: pointer;

  &[aria-pressed='true'] svg {
    fill: currentColor;
  }

  &:disabled {
    opacity: 0.6;
    cursor: progress;
  }

  svg {
    width: 16px;
    height: 16px;
  }
`;

const Problem = styled.p`
  flex-basis: 100%;
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
  font-size: ${({ theme }) => theme.fontSizes.xs};
`;

export interface LikeTarget {
  id: number;
  name: string;
  photo: string | null;
  fictional: boolean;
}

export function LikeControl({ profile, initial }: { profile: LikeTarget; initial: LikeState }) {
  const intl = useIntl();
  const state = useAppState();
  const { states } = useSnapshot(state.likes);
  const like = states[profile.id] ?? initial;
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const send = async (method: 'POST' | 'DELETE') => {
    setBusy(true);
    setProblem(null);
    try {
      const response = await fetch('/api/like.php', {
        method,
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ profile: profile.id }),
      });
      const body = (await response.json()) as { state?: LikeState; message?: string };
      if (!response.ok || !body.state) {
        setProblem(body.message ?? intl.formatMessage({ id: 'likes.error.failed', defaultMessage: 'That did not work. Please try again.' }));
        return;
      }
      state.likes.states[profile.id] = body.state;
      if (body.state === 'match' && like !== 'match') showMatchModal(state.likes, { ...profile, kind: 'match' });
      // A like back clears that liker's new-like flag: the badge follows.
      if (like === 'liked_by_them') void refreshLikes(state);
    } catch {
      setProblem(intl.formatMessage({ id: 'likes.error.failed', defaultMessage: 'That did not work. Please try again.' }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Row data-testid="like-control" data-state={like}>
      {like === 'none' ? (
        <SmallButton type="button" onClick={() => void send('POST')} disabled={busy} aria-pressed={false} data-testid="card-like">
          <HeartIcon />
          <FormattedMessage id="likes.state.like" defaultMessage="Like" />
        </SmallButton>
      ) : like === 'liked' ? (
        <SmallButton
          type="button"
          onClick={() => void send('DELETE')}
          disabled={busy}
          aria-pressed
          title={intl.formatMessage({ id: 'likes.state.unlikeHint', defaultMessage: 'Take your like back' })}
          data-testid="card-like"
        >
          <HeartIcon />
          <FormattedMessage id="likes.state.liked" defaultMessage="Liked" />
        </SmallButton>
      ) : like === 'liked_by_them' ? (
        <>
          <Pill $tone="muted">
            <FormattedMessage id="likes.state.likesYou" defaultMessage="Likes you" />
          </Pill>
          <SmallButton type="button" $strong onClick={() => void send('POST')} disabled={busy} aria-pressed={false} data-testid="card-like">
            <HeartIcon />
            <FormattedMessage id="likes.state.likeBack" defaultMessage="Like back" />
          </SmallButton>
        </>
      ) : (
        <Pill $tone="success" data-testid="match-label">
          <HeartIcon />
          <FormattedMessage id="likes.state.match" defaultMessage="It's a match" />
        </Pill>
      )}
      {problem ? <Problem role="alert">{problem}</Problem> : null}
    </Row>
  );
}
