// The console's top bar: the product's name for staff, the pages of the operator's roles (Queue,
// Complaints, Statistics, Marketing, Team), the operator's name,
// the console's language (the operator's own choice, saved on the account) and logging out.
import { LocaleOptions } from './locale-options';
import { Form, NavLink } from '@remix-run/react';
import { FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import type { Locale } from '~/shared/locales';
import type { OperatorRole } from '~/shared/operator-types';
import { VisuallyHidden } from '../app/visually-hidden';

const Bar = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(4)}`};
  background: #1d2333;
  color: #ffffff;

  @media (min-width: ${({ theme }) => theme.breakpoints.md}px) {
    position: sticky;
    top: 0;
    z-index: 10;
  }
`;

const Brand = styled.p`
  margin: 0;
  font-weight: 800;
  letter-spacing: 0.02em;

  span {
    margin-left: 6px;
    color: ${({ theme }) => theme.colors.accentOnDark};
    font-weight: 600;
  }
`;

const Nav = styled.nav`
  display: flex;
  flex-wrap: wrap;
  gap: 4px;

  a {
    padding: 6px 12px;
    border-radius: ${({ theme }) => theme.radii.sm};
    color: #d5d9e4;
    font-weight: 600;
    text-decoration: none;
  }

  a:hover {
    background: rgba(255, 255, 255, 0.08);
    color: #ffffff;
  }

  a.active {
    background: rgba(255, 255, 255, 0.14);
    color: #ffffff;
  }
`;

const Right = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  margin-left: auto;
  font-size: ${({ theme }) => theme.fontSizes.sm};

  form {
    display: flex;
    align-items: center;
    gap: 6px;
  }

  select {
    min-height: 32px;
    border: 1px solid #4a5368;
    border-radius: ${({ theme }) => theme.radii.sm};
    background: #2a3146;
    color: #ffffff;
    font: inherit;
  }

  button {
    min-height: 32px;
    padding: 0 10px;
    border: 1px solid #4a5368;
    border-radius: ${({ theme }) => theme.radii.sm};
    background: transparent;
    color: #ffffff;
    font: inherit;
    font-weight: 600;
    cursor: pointer;
  }

  button:hover {
    background: rgba(255, 255, 255, 0.1);
  }
`;

const Who = styled.span`
  color: #d5d9e4;
`;

export function ConsoleHeader({ operatorName, language, roles, tenantName }: { operatorName: string; language: Locale; roles: readonly OperatorRole[]; tenantName: string }) {
  const intl = useIntl();
  return (
    <Bar>
      <Brand>
        <FormattedMessage id="operator.console" defaultMessage="Operator console" />
        <span>{tenantName}</span>
      </Brand>
      <Nav aria-label={intl.formatMessage({ id: 'operator.nav', defaultMessage: 'Console' })}>
        {roles.includes('answering') ? (
          <NavLink to="/operator" end>
            <FormattedMessage id="operator.nav.queue" defaultMessage="Queue" />
          </NavLink>
        ) : null}
        {roles.includes('moderation') ? (
          <NavLink to="/operator/complaints">
            <FormattedMessage id="operator.nav.complaints" defaultMessage="Complaints" />
          </NavLink>
        ) : null}
        {roles.includes('moderation') ? (
          <NavLink to="/operator/photos">
            <FormattedMessage id="operator.nav.photos" defaultMessage="Photos" />
          </NavLink>
        ) : null}
        {roles.includes('answering') || roles.includes('admin') ? (
          <NavLink to="/operator/stats">
            <FormattedMessage id="operator.nav.stats" defaultMessage="Statistics" />
          </NavLink>
        ) : null}
        {roles.includes('marketing') ? (
          <NavLink to="/operator/marketing" data-testid="nav-marketing">
            <FormattedMessage id="operator.nav.marketing" defaultMessage="Marketing" />
          </NavLink>
        ) : null}
        {roles.includes('marketing') || roles.includes('admin') ? (
          <NavLink to="/operator/news">
            <FormattedMessage id="operator.nav.news" defaultMessage="News" />
          </NavLink>
        ) : null}
        {roles.includes('admin') ? (
          <NavLink to="/operator/team">
            <FormattedMessage id="operator.nav.team" defaultMessage="Team" />
          </NavLink>
        ) : null}
      </Nav>
      <Right>
        <Who data-testid="operator-name">{operatorName}</Who>
        <Form method="post" action="/operator/language" reloadDocument>
          <label>
            <VisuallyHidden>
              <FormattedMessage id="operator.language" defaultMessage="Console language" />
            </VisuallyHidden>
            <select name="language" defaultValue={language} data-testid="operator-language">
              <LocaleOptions />
            </select>
          </label>
          <button type="submit">
            <FormattedMessage id="operator.language.save" defaultMessage="Apply" />
          </button>
        </Form>
        <Form method="post" action="/operator/logout">
          <button type="submit" data-testid="operator-logout">
            <FormattedMessage id="operator.logout" defaultMessage="Log out" />
          </button>
        </Form>
      </Right>
    </Bar>
  );
}
