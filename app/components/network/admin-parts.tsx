// The parts of the console's admin pages (staff, audit log, site health, sign-in security;
// docs/network-console.md): tables that scroll inside their own box on a phone, secondary and danger
// buttons, a button-looking link, and the one-line message after an action (`?done=` / `?error=`).
// Every control at least 44 px high, in the console's theme.
import { useSearchParams } from '@remix-run/react';
import type { ReactNode } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import styled, { css } from 'styled-components';
import { consoleButton, consoleControl } from './parts';

/** A wide table's box: it scrolls sideways inside the page (375 px) and can be reached and scrolled by keyboard. */
export function TableBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Scroller role="region" aria-label={label} tabIndex={0}>
      {children}
    </Scroller>
  );
}

const Scroller = styled.div`
  max-width: 100%;
  overflow-x: auto;
  -webkit-overflow-scrolling: touch;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.sm};

  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.primary};
    outline-offset: 2px;
  }
`;

export const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.fontSizes.sm};

  th,
  td {
    padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    text-align: left;
    vertical-align: middle;
  }
  thead th {
    background: ${({ theme }) => theme.colors.background};
    font-weight: 700;
    white-space: nowrap;
  }
  tbody tr:last-child > * {
    border-bottom: 0;
  }
  tbody th {
    font-weight: 600;
  }
`;

/** A row's controls side by side, wrapping on a narrow screen. */
export const Controls = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};

  && form {
    display: flex;
    flex-direction: row;
    flex-wrap: nowrap;
    align-items: center;
    gap: ${({ theme }) => theme.space(2)};
    margin: 0;
  }
  select {
    ${consoleControl}
  }
`;

const button = css`
  ${consoleButton}
  padding: 8px 14px;
  white-space: nowrap;
`;

export const SecondaryButton = styled.button`
  ${button}
  border: 1px solid ${({ theme }) => theme.colors.primary};
  background: ${({ theme }) => theme.colors.secondary};
  color: ${({ theme }) => theme.colors.primaryHover};
`;

export const DangerButton = styled.button`
  ${button}
  border: 1px solid ${({ theme }) => theme.colors.danger};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.danger};
`;

/** A link that looks like a secondary button (the CSV download, the pages of the audit log, the authenticator link). */
export const ButtonLink = styled.a`
  ${button}
  border: 1px solid ${({ theme }) => theme.colors.primary};
  background: ${({ theme }) => theme.colors.secondary};
  color: ${({ theme }) => theme.colors.primaryHover};
`;

export const Notice = styled.p`
  margin: 0;
  padding: 10px 12px;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.successSurface};
  color: ${({ theme }) => theme.colors.success};
  font-weight: 600;
`;

const FlashAlert = styled(Notice)`
  background: ${({ theme }) => theme.colors.dangerSurface};
  color: ${({ theme }) => theme.colors.danger};
`;

const DONE = defineMessages({
  disabled: { id: "network.flash.done.disabled", defaultMessage: "Account disabled. Its sessions have ended." },
  enabled: { id: "network.flash.done.enabled", defaultMessage: "Account enabled again." },
  invited: { id: "network.flash.done.invited", defaultMessage: "Invitation sent. The link in it is valid for 72 hours." },
  role: { id: "network.flash.done.role", defaultMessage: "Role changed." },
  totp_enabled: { id: "network.flash.done.totp_enabled", defaultMessage: "Authenticator app set up. From now on sign-in asks for its code." },
  totp_reset: { id: "network.flash.done.totp_reset", defaultMessage: "Authenticator app removed. The next sign-in asks for a code by e-mail." },
});
const ERROR = defineMessages({
  invalid: { id: "network.flash.error.invalid", defaultMessage: "Check the fields: a name, a valid e-mail address and a role are needed." },
  invalid_code: { id: "network.flash.error.invalid_code", defaultMessage: "That code is not right. Check the time on your phone and try the current code." },
  last_admin: { id: "network.flash.error.last_admin", defaultMessage: "The network must keep at least one active network admin." },
  no_pending: { id: "network.flash.error.no_pending", defaultMessage: "Start the set-up first." },
  not_found: { id: "network.flash.error.not_found", defaultMessage: "That staff member does not exist." },
  self: { id: "network.flash.error.self", defaultMessage: "You cannot do that to your own account." },
  taken: { id: "network.flash.error.taken", defaultMessage: "Someone with this e-mail address already has an account." },
});

const isKey = <T extends object>(map: T, key: string | null): key is Extract<keyof T, string> => key !== null && Object.hasOwn(map, key);

/** What the last action did (`?done=`) or why it did not (`?error=`), from the address the action's 303 led to. */
export function Flash() {
  const intl = useIntl();
  const [search] = useSearchParams();
  const error = search.get('error');
  const done = search.get('done');
  if (isKey(ERROR, error)) return <FlashAlert role="alert">{intl.formatMessage(ERROR[error])}</FlashAlert>;
  if (isKey(DONE, done)) return <Notice role="status">{intl.formatMessage(DONE[done])}</Notice>;
  return null;
}
