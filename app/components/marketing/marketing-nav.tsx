// The marketer's console's heading and its three pages: landers (gallery and link builder), funnel, splits.
import { NavLink } from '@remix-run/react';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import { PillTabs } from '../operators/pill-tabs';

const Head = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};

  p {
    margin: 0;
    max-width: 72ch;
    color: #545d70;
  }
`;

export function MarketingHead({ title, children }: { title: ReactNode; children?: ReactNode }) {
  const intl = useIntl();
  return (
    <Head>
      <h1>{title}</h1>
      <PillTabs aria-label={intl.formatMessage({ id: 'marketing.tabs', defaultMessage: 'Marketing pages' })}>
        <NavLink to="/operator/marketing" end>
          <FormattedMessage id="marketing.tab.gallery" defaultMessage="Landers and links" />
        </NavLink>
        <NavLink to="/operator/marketing/funnel">
          <FormattedMessage id="marketing.tab.funnel" defaultMessage="Funnel" />
        </NavLink>
        <NavLink to="/operator/marketing/splits">
          <FormattedMessage id="marketing.tab.splits" defaultMessage="Splits" />
        </NavLink>
      </PillTabs>
      {children ? <p>{children}</p> : null}
    </Head>
  );
}
