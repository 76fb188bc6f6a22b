// The language dropdown (docs/product.md §2): only when the tenant shows more than one locale. Each choice is
// a form post to /lang-config, so it works without JavaScript too; a logged-in member's choice is
// also sent to PUT /api/user.php (docs/product.md §7) first.
import { Form, useLocation } from '@remix-run/react';
import { FormattedMessage } from 'react-intl';
import styled from 'styled-components';
import { useLanguageChoice } from '~/state/language-choice';
import type { ShellData } from '~/shared/shell';
import { ChevronDownIcon, GlobeIcon } from '../app/icons';
import { VisuallyHidden } from '../app/visually-hidden';
import { Dropdown, DropdownList } from './dropdown';

const Code = styled.span`
  text-transform: uppercase;
`;

export function LanguageMenu({ shell }: { shell: ShellData }) {
  const location = useLocation();
  const onSubmit = useLanguageChoice();
  if (shell.locales.length < 2) return null;
  return (
    <Dropdown
      data-testid="language-menu"
      summary={
        // The visible code is part of the name (WCAG 2.5.3): "Language NL", not a label hiding it.
        <summary>
          <GlobeIcon />
          <VisuallyHidden>
            <FormattedMessage id="nav.language" defaultMessage="Language" />
          </VisuallyHidden>
          <Code>{shell.locale}</Code>
          <ChevronDownIcon />
        </summary>
      }
    >
      <Form method="post" action="/lang-config" reloadDocument onSubmit={onSubmit}>
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
    </Dropdown>
  );
}
