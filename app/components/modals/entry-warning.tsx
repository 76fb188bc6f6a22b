// The site-entry warning (docs/product.md §2): an adults-only notice for logged-out visitors, remembered once
// dismissed (a timestamp in a first-party cookie, docs/product.md §4, named in the cookie policy). Decided after
// hydration: installed-app mode is only known in the browser.
import { useEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link, useLocation } from '@remix-run/react';
import styled from 'styled-components';
import { useAppState } from '~/state/app-state';
import { ENTRY_WARNING_DISMISSED_KEY, shouldShowEntryWarning } from '~/shared/entry-warning';
import type { ShellData } from '~/shared/shell';
import { Button } from '../app/buttons';
import { Modal, ModalBody, openedBeforeHydration } from './modal';

const Actions = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  margin-top: ${({ theme }) => theme.space(5)};
`;

const Leave = styled.a`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Age = styled.p`
  display: inline-grid;
  place-items: center;
  width: 64px;
  height: 64px;
  margin: 0 auto ${({ theme }) => theme.space(3)};
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.secondary};
  color: ${({ theme }) => theme.colors.primary} !important;
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: 800;
`;

const ONE_YEAR_S = 365 * 24 * 60 * 60;

function readDismissal(): number | null {
  const match = document.cookie.match(new RegExp(`(?:^|; )${ENTRY_WARNING_DISMISSED_KEY}=(\\d+)`));
  return match ? Number(match[1]) : null;
}

export function EntryWarning({
  shell,
  loggedIn,
  allowedCountries,
}: {
  shell: ShellData;
  loggedIn: boolean;
  allowedCountries: readonly string[] | null;
}) {
  // Opened before the app woke by a sleeping page's wake script (the same rule, docs/decisions/0042): kept open.
  const [open, setOpen] = useState(() => openedBeforeHydration('entry'));
  const state = useAppState();
  const { pathname } = useLocation();
  useEffect(() => {
    state.entryWarningOpen = open;
  }, [open, state]);

  useEffect(() => {
    setOpen(
      shouldShowEntryWarning({
        loggedIn,
        standalone: window.matchMedia('(display-mode: standalone)').matches,
        dismissedAt: readDismissal(),
        setting: shell.entryWarning,
        visitorCountry: shell.visitorCountry,
        allowedCountries,
        path: pathname,
      }),
    );
  }, [loggedIn, shell.entryWarning, shell.visitorCountry, allowedCountries, pathname]);

  const enter = () => {
    document.cookie = `${ENTRY_WARNING_DISMISSED_KEY}=${Date.now()}; Max-Age=${ONE_YEAR_S}; Path=/; SameSite=Lax`;
    setOpen(false);
  };

  return (
    <Modal
      open={open}
      onClose={enter}
      dismissible={false}
      labelledBy="entry-warning-title"
      early="entry"
      // Due by the server's part of the rule (tenant, country, not logged in); the wake script checks the dismissal and app mode.
      earlyAtLoad={shouldShowEntryWarning({ loggedIn, standalone: false, dismissedAt: null, setting: shell.entryWarning, visitorCountry: shell.visitorCountry, allowedCountries, path: pathname })}
    >
      <ModalBody data-testid="entry-warning">
        <Age aria-hidden>18+</Age>
        <h2 id="entry-warning-title">
          <FormattedMessage id="entryWarning.title" defaultMessage="Adults only" />
        </h2>
        <p>
          <FormattedMessage
            id="entryWarning.body"
            defaultMessage="{site} is a dating and chat website for adults. By entering you confirm that you are at least 18 years old and accept our terms and privacy statement."
            values={{ site: shell.name }}
          />
        </p>
        <p>
          <Link to="/pages/terms">
            <FormattedMessage id="footer.terms" defaultMessage="Terms and conditions" />
          </Link>
          {' · '}
          <Link to="/pages/privacy">
            <FormattedMessage id="footer.privacy" defaultMessage="Privacy statement" />
          </Link>
        </p>
        <Actions>
          <Button type="button" onClick={enter} autoFocus>
            <FormattedMessage id="entryWarning.enter" defaultMessage="I am 18 or older – enter" />
          </Button>
          <Leave href="https://www.google.com/">
            <FormattedMessage id="entryWarning.leave" defaultMessage="I am under 18 – leave" />
          </Leave>
        </Actions>
      </ModalBody>
    </Modal>
  );
}
