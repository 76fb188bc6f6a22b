// Top navigation (SPEC §2). Visitors: logo, language menu, Login. Members: search, messages and
// likes with count badges, credits (paid members) or Get Premium, and the account menu.
import { Form, Link, NavLink, useMatches, useNavigate } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import styled, { css } from 'styled-components';
import { useSnapshot } from 'valtio';
import { useAppState } from '~/state/app-state';
import { countBadge, creditBadge, showBackButton } from '~/state/badges';
import type { ShellData } from '~/shared/shell';
import { ButtonLink } from '../app/buttons';
import { BackIcon, ChatIcon, CoinsIcon, CrownIcon, HeartIcon, SearchIcon, UserIcon } from '../app/icons';
import { Dropdown, DropdownList } from './dropdown';
import { LanguageMenu } from './language-menu';

const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: 10;
  background: ${({ theme }) => theme.colors.dark};
  color: ${({ theme }) => theme.colors.onDark};
  box-shadow: 0 2px 10px rgba(0, 0, 0, 0.15);
`;

const Inner = styled.nav`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(1)};
  max-width: 1140px;
  min-height: 60px;
  margin: 0 auto;
  padding: 0 ${({ theme }) => theme.space(3)};

  @media (min-width: ${({ theme }) => theme.breakpoints.md}px) {
    gap: ${({ theme }) => theme.space(3)};
    padding: 0 ${({ theme }) => theme.space(5)};
  }
`;

export const Logo = styled(Link)`
  margin-right: auto;
  color: inherit;
  font-family: ${({ theme }) => theme.fonts.heading};
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: 800;
  text-decoration: none;
  white-space: nowrap;

  span {
    color: ${({ theme }) => theme.colors.primary};
  }
`;

const Item = styled(NavLink)`
  position: relative;
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 2px;
  min-width: 48px;
  padding: ${({ theme }) => theme.space(1)};
  border-radius: ${({ theme }) => theme.radii.sm};
  color: inherit;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  text-decoration: none;
  opacity: 0.85;

  &.active,
  &:hover {
    opacity: 1;
    color: ${({ theme }) => theme.colors.primary};
  }

  @media (min-width: ${({ theme }) => theme.breakpoints.md}px) {
    flex-direction: row;
    font-size: ${({ theme }) => theme.fontSizes.sm};
    gap: ${({ theme }) => theme.space(2)};
  }
`;

const Label = styled.span`
  @media (max-width: ${({ theme }) => theme.breakpoints.sm - 1}px) {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
  }
`;

export const Badge = styled.span<{ $tone?: 'unread' | 'warning' | 'danger' }>`
  position: absolute;
  top: 0;
  left: 50%;
  margin-left: 4px;
  min-width: 20px;
  height: 20px;
  padding: 0 5px;
  border-radius: 10px;
  font-size: 0.7rem;
  font-weight: 700;
  line-height: 20px;
  text-align: center;
  ${({ $tone = 'unread', theme }) => css`
    background: ${$tone === 'unread' ? theme.colors.unread : $tone === 'warning' ? theme.colors.warning : theme.colors.danger};
    color: ${$tone === 'warning' ? theme.colors.dark : theme.colors.onPrimary};
  `}

  @media (min-width: ${({ theme }) => theme.breakpoints.md}px) {
    position: static;
    margin-left: 0;
  }
`;

const BackButton = styled.button`
  display: grid;
  place-items: center;
  width: 44px;
  height: 44px;
  border: 0;
  background: none;
  color: inherit;
  cursor: pointer;
`;

/** True in installed-app mode (display-mode: standalone), checked after hydration. */
export function useStandalone(): boolean {
  const [standalone, setStandalone] = useState(false);
  useEffect(() => {
    const query = window.matchMedia('(display-mode: standalone)');
    setStandalone(query.matches);
    const update = (event: MediaQueryListEvent) => setStandalone(event.matches);
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return standalone;
}

export function TopNav({ shell }: { shell: ShellData }) {
  const state = useAppState();
  const { user, totalUnreadMessages, totalNewLikes } = useSnapshot(state);
  const intl = useIntl();
  const navigate = useNavigate();
  const matches = useMatches();
  const standalone = useStandalone();
  const [historyLength, setHistoryLength] = useState(0);
  useEffect(() => setHistoryLength(window.history.length), [matches]);
  const routeId = matches[matches.length - 1]?.id;
  const unread = countBadge(totalUnreadMessages);
  const likes = countBadge(totalNewLikes);
  const credits = user ? creditBadge(user.credits) : null;

  return (
    <Bar>
      <Inner aria-label={intl.formatMessage({ id: 'nav.main', defaultMessage: 'Main navigation' })}>
        {showBackButton({ standalone, historyLength, routeId }) ? (
          <BackButton type="button" onClick={() => navigate(-1)} aria-label={intl.formatMessage({ id: 'nav.back', defaultMessage: 'Back' })}>
            <BackIcon />
          </BackButton>
        ) : null}
        <Logo to="/">{shell.logoText}</Logo>
        {user ? (
          <>
            <Item to="/members">
              <SearchIcon />
              <Label>
                <FormattedMessage id="nav.search" defaultMessage="Search members" />
              </Label>
            </Item>
            <Item to="/chats">
              <ChatIcon />
              <Label>
                <FormattedMessage id="nav.messages" defaultMessage="Messages" />
              </Label>
              {unread ? <Badge data-testid="unread-badge">{unread}</Badge> : null}
            </Item>
            <Item to="/likes">
              <HeartIcon />
              <Label>
                <FormattedMessage id="nav.likes" defaultMessage="Likes" />
              </Label>
              {likes ? <Badge data-testid="likes-badge">{likes}</Badge> : null}
            </Item>
            {user.paid_user ? (
              <Item to="/credits">
                <CoinsIcon />
                <Label>
                  <FormattedMessage id="nav.credits" defaultMessage="{credits, plural, one {# credit} other {# credits}}" values={{ credits: user.credits }} />
                </Label>
                {credits ? (
                  <Badge $tone={credits} data-testid="credits-badge" data-tone={credits}>
                    {user.credits}
                  </Badge>
                ) : null}
              </Item>
            ) : (
              <Item to="/premium">
                <CrownIcon />
                <Label>
                  <FormattedMessage id="nav.getPremium" defaultMessage="Get Premium" />
                </Label>
              </Item>
            )}
            <LanguageMenu shell={shell} />
            <Dropdown>
              <summary aria-label={intl.formatMessage({ id: 'nav.account', defaultMessage: 'Account' })}>
                <UserIcon />
              </summary>
              <DropdownList>
                <li>
                  <Link to="/profile">
                    <FormattedMessage id="nav.myProfile" defaultMessage="My profile" />
                  </Link>
                </li>
                <li>
                  <Link to="/notifications">
                    <FormattedMessage id="nav.settings" defaultMessage="Settings" />
                  </Link>
                </li>
                <li>
                  <Form method="post" action="/logout" reloadDocument>
                    <button type="submit">
                      <FormattedMessage id="nav.logout" defaultMessage="Logout" />
                    </button>
                  </Form>
                </li>
              </DropdownList>
            </Dropdown>
          </>
        ) : (
          <>
            <LanguageMenu shell={shell} />
            <ButtonLink to="/login" $variant="light">
              <FormattedMessage id="nav.login" defaultMessage="Login" />
            </ButtonLink>
          </>
        )}
      </Inner>
    </Bar>
  );
}
