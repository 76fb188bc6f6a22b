// The likes page (docs/product.md §2 likes, likes-type): tabs received, sent and matches with their counts;
// cards as in search, newest first, the new-like flag on likes not opened yet, and each card's like
// state with its button. Links to the swipe game and the match finder.
import { Link, useLoaderData, useLocation } from '@remix-run/react';
import { FormattedMessage, useIntl } from 'react-intl';
import styled, { css } from 'styled-components';
import type { LikesCardBase, LikesTab } from '~/shared/likes';
import { ButtonLink } from '../app/buttons';
import { HeartIcon } from '../app/icons';
import { Pager } from '../members/pager';
import { ProfileGrid, type ProfileCardData } from '../members/profile-grid';
import { LikeControl, Pill } from './like-control';

type LikeCard = LikesCardBase & { like_new: boolean };

interface LikesViewData {
  tab: LikesTab;
  cards: LikeCard[];
  counts: Record<LikesTab, number>;
  page: number;
  pages: number;
}

export const PageWrap = styled.section`
  max-width: 1140px;
  margin: 0 auto;
  padding: ${({ theme }) => `${theme.space(6)} ${theme.space(4)} ${theme.space(10)}`};

  h1 {
    margin: 0;
    font-family: ${({ theme }) => theme.fonts.heading};
  }
`;

export const PageHead = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
  margin-bottom: ${({ theme }) => theme.space(5)};
`;

export const Shortcuts = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};

  a {
    min-height: 40px;
    padding: 0 ${({ theme }) => theme.space(4)};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;

const TabList = styled.nav`
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  margin-bottom: ${({ theme }) => theme.space(4)};
  border-bottom: 2px solid ${({ theme }) => theme.colors.border};

  @media (min-width: ${({ theme }) => theme.breakpoints.md}px) {
    display: flex;
    gap: ${({ theme }) => theme.space(2)};
  }
`;

const Tab = styled(Link)<{ $current: boolean }>`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 2px;
  margin-bottom: -2px;
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
  border-bottom: 3px solid transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  font-weight: 600;
  text-decoration: none;

  @media (min-width: ${({ theme }) => theme.breakpoints.md}px) {
    flex-direction: row;
    gap: ${({ theme }) => theme.space(2)};
    padding: ${({ theme }) => `${theme.space(3)} ${theme.space(5)}`};
  }

  &:hover {
    color: ${({ theme }) => theme.colors.text};
  }

  ${({ $current, theme }) =>
    $current &&
    css`
      border-bottom-color: ${theme.colors.primary};
      color: ${theme.colors.text};
    `}
`;

const Count = styled.span`
  min-width: 24px;
  padding: 0 6px;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.secondary};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  line-height: 20px;
  text-align: center;
`;

export const Intro = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(5)};
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const Empty = styled.div`
  display: grid;
  justify-items: center;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => `${theme.space(10)} ${theme.space(4)}`};
  border: 2px dashed ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  text-align: center;

  > svg {
    width: 48px;
    height: 48px;
    color: ${({ theme }) => theme.colors.primary};
  }

  h2,
  p {
    margin: 0;
  }

  p {
    max-width: 46ch;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/** Links to the other likes pages; `current` is left out. */
export function GameLinks({ current }: { current?: 'likes' | 'swipe-game' | 'match-finder' }) {
  return (
    <Shortcuts>
      {current === 'match-finder' ? (
        <ButtonLink to="/likes" $variant="ghost">
          <FormattedMessage id="likes.link.likes" defaultMessage="Your likes" />
        </ButtonLink>
      ) : null}
      {current !== 'swipe-game' ? (
        <ButtonLink to="/swipe-game" $variant="ghost" data-testid="to-swipe-game">
          <FormattedMessage id="likes.link.swipeGame" defaultMessage="Swipe game" />
        </ButtonLink>
      ) : null}
      {current !== 'match-finder' ? (
        <ButtonLink to="/match-finder" $variant="ghost" data-testid="to-match-finder">
          <FormattedMessage id="likes.link.matchFinder" defaultMessage="Match finder" />
        </ButtonLink>
      ) : null}
    </Shortcuts>
  );
}

const TAB_LABELS = {
  received: { id: 'likes.tab.received', defaultMessage: 'Received' },
  sent: { id: 'likes.tab.sent', defaultMessage: 'Sent' },
  matches: { id: 'likes.tab.matches', defaultMessage: 'Matches' },
} as const;

export function LikesView() {
  const data = useLoaderData<LikesViewData>();
  const intl = useIntl();
  const { pathname } = useLocation();
  const cards = data.cards.map((card) => ({ ...card, thumb: card.main_image?.thumb_filename ?? null }) satisfies ProfileCardData & LikeCard);
  return (
    <PageWrap data-testid="likes-page" data-tab={data.tab}>
      <PageHead>
        <h1>
          <FormattedMessage id="likes.heading" defaultMessage="Likes" />
        </h1>
        <GameLinks />
      </PageHead>
      <TabList aria-label={intl.formatMessage({ id: 'likes.tabs', defaultMessage: 'Likes' })}>
        {(Object.keys(TAB_LABELS) as LikesTab[]).map((tab) => {
          const current = tab === data.tab;
          return (
            <Tab key={tab} to={`/likes/${tab}`} $current={current} aria-current={current ? 'page' : undefined} data-testid={`likes-tab-${tab}`}>
              <span>{intl.formatMessage(TAB_LABELS[tab])}</span>
              <Count>{intl.formatNumber(data.counts[tab])}</Count>
            </Tab>
          );
        })}
      </TabList>
      {data.tab === 'received' ? (
        <Intro>
          <FormattedMessage id="likes.intro.received" defaultMessage="Members who like you. Like them back to make it a match." />
        </Intro>
      ) : data.tab === 'sent' ? (
        <Intro>
          <FormattedMessage id="likes.intro.sent" defaultMessage="Members you like. When they like you back, it's a match." />
        </Intro>
      ) : (
        <Intro>
          <FormattedMessage id="likes.intro.matches" defaultMessage="You like each other." />
        </Intro>
      )}
      {cards.length ? (
        <ProfileGrid
          profiles={cards}
          linked
          hrefFor={(card) => `/likes/m/${card.id}`}
          flag={(card) =>
            card.like_new ? (
              <Pill data-testid="new-like">
                <FormattedMessage id="likes.flag.new" defaultMessage="New" />
              </Pill>
            ) : null
          }
          footer={(card) => <LikeControl profile={{ id: card.id, name: card.name, photo: card.main_image?.filename ?? null, fictional: card.fictional }} initial={card.like} />}
        />
      ) : (
        <Empty data-testid="likes-empty">
          <HeartIcon />
          {data.tab === 'received' ? (
            <>
              <h2>
                <FormattedMessage id="likes.empty.received.title" defaultMessage="No likes yet" />
              </h2>
              <p>
                <FormattedMessage id="likes.empty.received.text" defaultMessage="Members who like you show up here. Like a few profiles yourself: likes often come back." />
              </p>
            </>
          ) : data.tab === 'sent' ? (
            <>
              <h2>
                <FormattedMessage id="likes.empty.sent.title" defaultMessage="You have not liked anyone yet" />
              </h2>
              <p>
                <FormattedMessage id="likes.empty.sent.text" defaultMessage="Play the swipe game or let the match finder suggest who fits you." />
              </p>
            </>
          ) : (
            <>
              <h2>
                <FormattedMessage id="likes.empty.matches.title" defaultMessage="No matches yet" />
              </h2>
              <p>
                <FormattedMessage id="likes.empty.matches.text" defaultMessage="When you and someone like each other, it's a match. Like back the members who like you." />
              </p>
            </>
          )}
          <GameLinks />
        </Empty>
      )}
      {data.pages > 1 ? <Pager pageNumber={data.page} pages={data.pages} lastId={undefined} pageLink={(page) => `${pathname}?page=${page}`} /> : null}
    </PageWrap>
  );
}
