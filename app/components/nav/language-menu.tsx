// The language dropdown (SPEC §2): only when the tenant shows more than one locale. Each choice is
// a form post to /lang-config, so it works without JavaScript too.
import { Form, useLocation } from '@remix-run/react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import type { ShellData } from '~/shared/shell';
import { GlobeIcon } from '../app/icons';

const Menu = styled.details`
  position: relative;

  summary {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space(1)};
    min-height: 44px;
    padding: 0 ${({ theme }) => theme.space(2)};
    border-radius: ${({ theme }) => theme.radii.sm};
    list-style: none;
    cursor: pointer;
    font-weight: 600;
    text-transform: uppercase;
  }

  summary::-webkit-details-marker {
    display: none;
  }
`;

const List = styled.ul`
  position: absolute;
  right: 0;
  z-index: 20;
  min-width: 180px;
  margin: ${({ theme }) => theme.space(1)} 0 0;
  padding: ${({ theme }) => theme.space(1)};
  list-style: none;
  background: ${({ theme }) => theme.colors.background};
  color: ${({ theme }) => theme.colors.text};
  border-radius: ${({ theme }) => theme.radii.md};
  box-shadow: ${({ theme }) => theme.shadows.raised};

  button {
    width: 100%;
    padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
    border: 0;
    border-radius: ${({ theme }) => theme.radii.sm};
    background: none;
    color: inherit;
    font: inherit;
    text-align: left;
    cursor: pointer;
  }

  button:hover,
  button[aria-current='true'] {
    background: ${({ theme }) => theme.colors.secondary};
  }
`;

export function LanguageMenu({ shell }: { shell: ShellData }) {
  const intl = useIntl();
  const location = useLocation();
  if (shell.locales.length < 2) return null;
  return (
    <Menu data-testid="language-menu">
      <summary aria-label={intl.formatMessage({ id: 'nav.language', defaultMessage: 'Language' })}>
        <GlobeIcon />
        {shell.locale}
      </summary>
      <Form method="post" action="/lang-config" reloadDocument>
        <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
        <List>
          {shell.locales.map((locale) => (
            <li key={locale.code}>
              <button type="submit" name="locale" value={locale.code} lang={locale.code} aria-current={locale.code === shell.locale}>
                {locale.name}
              </button>
            </li>
          ))}
        </List>
      </Form>
    </Menu>
  );
}
