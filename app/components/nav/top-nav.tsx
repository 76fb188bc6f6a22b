// Top navigation (docs/product.md §2). Visitors: logo, language menu, Login. Members: search, messages and
// likes with count badges, credits (paid members) or Get Premium, and the account menu.
// Phones (< 768 px): the logo and the menus on one row, the member's four sections as tabs on a
// second row. From 768 px one row with small labels under the icons, from 992 px the labels beside
// them, and from 1200 px the account menu also shows the member's name.
import { Form, Link, NavLink, useMatches, useNavigate } from '@remix-run/react';
import { useEffect, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import styled, { css } from 'styled-components';
import { useSnapshot } from 'valtio';
import { apiRequest } from '~/state/api-client';
import { useAppState } from '~/state/app-state';
import { countBadge, creditBadge, showBackButton, siteHistoryDepth } from '~/state/badges';
import type { ShellData } from '~/shared/shell';
import { ButtonLink } from '../app/buttons';
import { BackIcon, ChatIcon, ChevronDownIcon, CoinsIcon, CrownIcon, HeartIcon, SearchIcon, UserIcon } from '../app/icons';
import { VisuallyHidden } from '../app/visually-hidden';
import { Dropdown, DropdownList } from './dropdown';
import { LanguageMenu } from './language-menu';

/**
 * Logout with the app awake: docs/product.md §7's GET /api/logout.php, then the home page anew (issue 48 item 3).
 * Without JavaScript, or when the call fails, the form posts /logout as before.
 */
function logOutByApi(event: FormEvent<HTMLFormElement>) {
  event.preventDefault();
  const form = event.currentTarget;
  apiRequest('/api/logout.php').then(
    (response) => (response.ok ? window.location.assign('/') : form.submit()),
    () => form.submit(),
  );
}

const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: 10;
  background: ${({ theme }) => theme.colors.dark};
  color: ${({ theme }) => theme.colors.onDark};
  box-shadow: 0 2px 10px rgba(0, 0, 0, 0.15);
`;

const Inner = styled.nav`
  display: grid;
  grid-template-columns: auto minmax(0, 1fr) auto auto;
  grid-template-rows: 56px auto;
  grid-template-areas:
    'back logo language account'
    'tabs tabs tabs tabs';
  align-items: center;
  column-gap: ${({ theme }) => theme.space(1)};
  max-width: 1140px;
  margin: 0 auto;
  padding: 0 ${({ theme }) => theme.space(3)} 0 ${({ theme }) => theme.space(4)};

  @media (min-width: ${({ theme }) => theme.breakpoints.md}px) {
    grid-template-columns: auto minmax(0, 1fr) auto auto auto;
    grid-template-rows: auto;
    grid-template-areas: 'back logo tabs language account';
    column-gap: ${({ theme }) => theme.space(2)};
    min-height: 64px;
    padding: 0 ${({ theme }) => theme.space(5)};
  }

  @media (min-width: ${({ theme }) => theme.breakpoints.xl}px) {
    max-width: 1320px;
  }
`;

const Slot = styled.div<{ $area: string }>`
  grid-area: ${({ $area }) => $area};
  display: flex;
  align-items: center;
  min-width: 0;
`;

export const Logo = styled(Link)`
  grid-area: logo;
  justify-self: start;
  min-width: 0;
  padding: ${({ theme }) => theme.space(3)} 0;
  overflow: hidden;
  color: inherit;
  font-family: ${({ theme }) => theme.fonts.heading};
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: 800;
  text-decoration: none;
  text-overflow: ellipsis;
  white-space: nowrap;

  @media (min-width: ${({ theme }) => theme.breakpoints.sm}px) {
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }

  span {
    color: ${({ theme }) => theme.colors.accentOnDark};
  }
`;

const Tabs = styled.ul`
  grid-area: tabs;
  display: grid;
  grid-auto-columns: minmax(0, 1fr);
  grid-auto-flow: column;
  margin: 0 -${({ theme }) => theme.space(3)} 0 -${({ theme }) => theme.space(4)};
  padding: 0;
  list-style: none;
  border-top: 1px solid rgba(255, 255, 255, 0.12);

  @media (min-width: ${({ theme }) => theme.breakpoints.md}px) {
    grid-auto-columns: auto;
    gap: ${({ theme }) => theme.space(1)};
    margin: 0;
    border-top: 0;
  }
`;

const Item = styled(NavLink)`
  position: relative;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 2px;
  min-height: 52px;
  padding: ${({ theme }) => `${theme.space(1)} ${theme.space(1)}`};
  color: inherit;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  line-height: 1.2;
  text-decoration: none;

  &::after {
    content: '';
    position: absolute;
    right: 20%;
    bottom: 0;
    left: 20%;
    height: 3px;
    border-radius: 3px 3px 0 0;
    background: transparent;
  }

  &:hover {
    background: rgba(255, 255, 255, 0.08);
  }

  &.active {
    color: ${({ theme }) => theme.colors.accentOnDark};
    font-weight: 700;
  }

  &.active::after {
    background: ${({ theme }) => theme.colors.accentOnDark};
  }

  @media (min-width: ${({ theme }) => theme.breakpoints.md}px) {
    min-width: 64px;
    min-height: 64px;
    padding: ${({ theme }) => `${theme.space(1)} ${theme.space(2)}`};
  }

  @media (min-width: ${({ theme }) => theme.breakpoints.lg}px) {
    flex-direction: row;
    gap: ${({ theme }) => theme.space(2)};
    padding: 0 ${({ theme }) => theme.space(3)};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;

const Label = styled.span`
  max-width: 100%;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

/**
 * A tab label that is too long for a phone's tab bar: the short form shows below 992 px, the full
 * one from there on. The full form is always the link's name, and it contains the short one, so
 * what people see is what speech input can say (WCAG 2.5.3).
 */
const Short = styled.span`
  @media (min-width: ${({ theme }) => theme.breakpoints.lg}px) {
    display: none;
  }
`;

const Full = styled.span`
  @media (max-width: ${({ theme }) => theme.breakpoints.lg - 0.02}px) {
    position: absolute;
    width: 1px;
    height: 1px;
    margin: -1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
`;

const IconWrap = styled.span`
  position: relative;
  display: inline-flex;

  /* Icon and label side by side: room for the badge's overhang before the label (issue 26). */
  @media (min-width: ${({ theme }) => theme.breakpoints.lg}px) {
    margin-right: ${({ theme }) => theme.space(2)};
  }
`;

export const Badge = styled.span<{ $tone?: 'unread' | 'warning' | 'danger' }>`
  position: absolute;
  top: -6px;
  left: 14px;
  min-width: 20px;
  height: 20px;
  padding: 0 5px;
  border-radius: 10px;
  font-size: 0.75rem;
  font-weight: 700;
  line-height: 20px;
  text-align: center;
  box-shadow: 0 0 0 2px ${({ theme }) => theme.colors.dark};

  /* Beside the label (not above it) the badge hangs off the icon's top right corner and grows to
     the left over the icon, so it never covers the first letters of the label. */
  @media (min-width: ${({ theme }) => theme.breakpoints.lg}px) {
    top: -10px;
    right: -12px;
    left: auto;
  }
  ${({ $tone = 'unread', theme }) => css`
    background: ${$tone === 'unread' ? theme.colors.unread : $tone === 'warning' ? theme.colors.warning : theme.colors.danger};
    color: ${$tone === 'warning' ? theme.colors.dark : theme.colors.onPrimary};
  `}
`;

const AccountName = styled.span`
  display: none;
  max-width: 14ch;
  overflow: hidden;
  text-overflow: ellipsis;

  @media (min-width: ${({ theme }) => theme.breakpoints.xl}px) {
    display: inline;
  }
`;

const BackButton = styled.button`
  grid-area: back;
  display: grid;
  place-items: center;
  width: 44px;
  height: 44px;
  margin-left: -${({ theme }) => theme.space(2)};
  border: 0;
  background: none;
  color: inherit;
  cursor: pointer;
`;

const LoginButton = styled(ButtonLink)`
  min-height: 40px;
  margin-left: ${({ theme }) => theme.space(1)};
  padding: 0 ${({ theme }) => theme.space(4)};
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
  const [siteHistory, setSiteHistory] = useState(0);
  useEffect(() => setSiteHistory(siteHistoryDepth(window.history.state)), [matches]);
  const routeId = matches[matches.length - 1]?.id;
  const unread = countBadge(totalUnreadMessages);
  const likes = countBadge(totalNewLikes);
  const credits = user ? creditBadge(user.credits) : null;

  return (
    <Bar>
      <Inner aria-label={intl.formatMessage({ id: 'nav.main', defaultMessage: 'Main navigation' })} data-member={user ? 'true' : 'false'}>
        {showBackButton({ standalone, siteHistory, routeId }) ? (
          <BackButton type="button" onClick={() => navigate(-1)} aria-label={intl.formatMessage({ id: 'nav.back', defaultMessage: 'Back' })}>
            <BackIcon />
          </BackButton>
        ) : null}
        <Logo to="/">{shell.logoText}</Logo>
        {user ? (
          <Tabs data-testid="member-tabs">
            <li>
              <Item to="/members">
                <SearchIcon />
                <Label>
                  <Short aria-hidden>
                    <FormattedMessage id="nav.search.short" defaultMessage="Search" />
                  </Short>
                  <Full>
                    <FormattedMessage id="nav.search" defaultMessage="Search members" />
                  </Full>
                </Label>
              </Item>
            </li>
            <li>
              <Item to="/chats">
                <IconWrap>
                  <ChatIcon />
                  {unread ? <Badge data-testid="unread-badge">{unread}</Badge> : null}
                </IconWrap>
                <Label>
                  <FormattedMessage id="nav.messages" defaultMessage="Messages" />
                </Label>
              </Item>
            </li>
            <li>
              <Item to="/likes">
                <IconWrap>
                  <HeartIcon />
                  {likes ? <Badge data-testid="likes-badge">{likes}</Badge> : null}
                </IconWrap>
                <Label>
                  <FormattedMessage id="nav.likes" defaultMessage="Likes" />
                </Label>
              </Item>
            </li>
            <li>
              {user.paid_user ? (
                <Item to="/credits">
                  <IconWrap>
                    <CoinsIcon />
                    {credits ? (
                      <Badge $tone={credits} data-testid="credits-badge" data-tone={credits}>
                        {user.credits}
                      </Badge>
                    ) : null}
                  </IconWrap>
                  <Label>
                    <FormattedMessage id="nav.credits" defaultMessage="{credits, plural, one {# credit} other {# credits}}" values={{ credits: user.credits }} />
                  </Label>
                </Item>
              ) : (
                <Item to="/premium">
                  <CrownIcon />
                  <Label>
                    <Short aria-hidden>
                      <FormattedMessage id="nav.getPremium.short" defaultMessage="Premium" />
                    </Short>
                    <Full>
                      <FormattedMessage id="nav.getPremium" defaultMessage="Get Premium" />
                    </Full>
                  </Label>
                </Item>
              )}
            </li>
          </Tabs>
        ) : null}
        <Slot $area="language">
          <LanguageMenu shell={shell} />
        </Slot>
        <Slot $area="account">
          {user ? (
            <Dropdown
              data-testid="account-menu"
              summary={
                <summary>
                  <UserIcon />
                  <VisuallyHidden>
                    <FormattedMessage id="nav.account" defaultMessage="Account" />
                  </VisuallyHidden>
                  <AccountName data-testid="account-name">{user.name}</AccountName>
                  <ChevronDownIcon />
                </summary>
              }
            >
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
                  <Form method="post" action="/logout" reloadDocument onSubmit={logOutByApi}>
                    <button type="submit">
                      <FormattedMessage id="nav.logout" defaultMessage="Logout" />
                    </button>
                  </Form>
                </li>
              </DropdownList>
            </Dropdown>
          ) : (
            <LoginButton to="/login" $variant="light">
              <FormattedMessage id="nav.login" defaultMessage="Login" />
            </LoginButton>
          )}
        </Slot>
      </Inner>
    </Bar>
  );
}
