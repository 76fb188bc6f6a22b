// The language dropdown (SPEC §2): only when the tenant shows more than one locale. Each choice is
// a form post to /lang-config, so it works without JavaScript too.
import { Form, useLocation } from '@remix-run/react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import type { ShellData } from '~/shared/shell';
import { GlobeIcon } from '../app/icons';
import { Dropdown, DropdownList } from './dropdown';

const Menu = styled(Dropdown)`
  summary {
    text-transform: uppercase;
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
        <DropdownList>
          {shell.locales.map((locale) => (
            <li key={locale.code}>
              <button type="submit" name="locale" value={locale.code} lang={locale.code} aria-current={locale.code === shell.locale}>
                {locale.name}
              </button>
            </li>
          ))}
        </DropdownList>
      </Form>
    </Menu>
  );
}
