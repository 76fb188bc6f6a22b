// The network console's frame (docs/network-console.md): the header with the signed-in staff member
// and logging out, the sections their role may open, and the page under them. A page without a
// session (the login, a set-password link) gets the header alone.
import { Form, NavLink } from '@remix-run/react';
import type { ReactNode } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import type { NetworkRole } from '~/shared/network-types';

const Bar = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => `${theme.space(2)} ${theme.space(4)}`};
  padding: ${({ theme }) => `${theme.space(3)} ${theme.space(4)}`};
  background: ${({ theme }) => theme.colors.dark};
  color: ${({ theme }) => theme.colors.onDark};

  p {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.lg};
    font-weight: 700;
  }
  small {
    color: #d5dbe5;
  }
  form {
    margin: 0;
  }
  button {
    min-height: 44px;
    padding: 0 ${({ theme }) => theme.space(4)};
    border: 0;
    border-radius: ${({ theme }) => theme.radii.sm};
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
    font: inherit;
    font-weight: 600;
    cursor: pointer;
  }
`;

const Who = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
`;

const Sections = styled.nav`
  background: #2b3545;

  ul {
    display: flex;
    flex-wrap: wrap;
    max-width: 1400px;
    margin: 0 auto;
    padding: 0 ${({ theme }) => theme.space(2)};
    list-style: none;
  }
  a {
    display: inline-flex;
    align-items: center;
    min-height: 44px;
    padding: 0 ${({ theme }) => theme.space(3)};
    color: #ffffff;
    font-weight: 600;
    text-decoration: none;
  }
  a:hover,
  a:focus-visible,
  a.active {
    text-decoration: underline;
  }
  a.active {
    background: rgba(255, 255, 255, 0.12);
  }
`;

export const ConsoleMain = styled.main<{ $width?: number }>`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space(4)};
  max-width: ${({ $width = 1200 }) => $width}px;
  margin: 0 auto;
  padding: ${({ theme }) => theme.space(4)};

  @media (max-width: ${({ theme }) => theme.breakpoints.md - 1}px) {
    padding: ${({ theme }) => theme.space(3)};
  }
`;

export interface ShellActor {
  name: string;
  role: NetworkRole;
}

const texts = defineMessages({
  overview: { id: 'network.nav.overview', defaultMessage: 'Overview' },
  sites: { id: 'network.nav.sites', defaultMessage: 'Sites' },
  health: { id: 'network.nav.health', defaultMessage: 'Site health' },
  staff: { id: 'network.nav.staff', defaultMessage: 'Staff' },
  audit: { id: 'network.nav.audit', defaultMessage: 'Audit log' },
  security: { id: 'network.nav.security', defaultMessage: 'Your sign-in' },
});

/** The roles' names (docs/network-console.md). */
export const ROLE_NAMES = defineMessages({
  network_admin: { id: 'network.role.network_admin', defaultMessage: 'Network admin' },
  network_analyst: { id: 'network.role.network_analyst', defaultMessage: 'Network analyst' },
}) satisfies Record<NetworkRole, unknown>;

/** The console's sections: the admin-only ones shown to admins (the domain refuses the others anyway). */
const SECTIONS = [
  { to: '/', text: texts.overview, adminOnly: false },
  { to: '/tenants', text: texts.sites, adminOnly: false },
  { to: '/health', text: texts.health, adminOnly: false },
  { to: '/staff', text: texts.staff, adminOnly: true },
  { to: '/audit', text: texts.audit, adminOnly: true },
  { to: '/security', text: texts.security, adminOnly: false },
] as const;

export function ConsoleShell({ actor, children }: { actor: ShellActor | null; children: ReactNode }) {
  const intl = useIntl();
  return (
    <>
      <Bar>
        <p>
          <FormattedMessage id="network.title" defaultMessage="Network console" />
        </p>
        {actor ? (
          <Who>
            <small data-testid="network-actor">
              <FormattedMessage
                id="network.signedInAs"
                defaultMessage="Signed in as {name} ({role})"
                values={{ name: actor.name, role: intl.formatMessage(ROLE_NAMES[actor.role]) }}
              />
            </small>
            <Form method="post" action="/logout" reloadDocument>
              <button type="submit">
                <FormattedMessage id="network.logout" defaultMessage="Log out" />
              </button>
            </Form>
          </Who>
        ) : null}
      </Bar>
      {actor ? (
        <Sections className="sections" aria-label={intl.formatMessage({ id: 'network.nav.label', defaultMessage: 'Console sections' })}>
          <ul>
            {SECTIONS.filter((section) => !section.adminOnly || actor.role === 'network_admin').map((section) => (
              <li key={section.to}>
                <NavLink to={section.to} end={section.to === '/'} prefetch="intent">
                  {intl.formatMessage(section.text)}
                </NavLink>
              </li>
            ))}
          </ul>
        </Sections>
      ) : null}
      {children}
    </>
  );
}
