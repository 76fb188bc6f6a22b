// Building blocks of the credits, checkout, result and transactions pages: money in the member's
// language, payment method names, bundle cards, status labels and the page frame.
import { defineMessages, FormattedDate, FormattedMessage, FormattedNumber, useIntl } from 'react-intl';
import { Link } from '@remix-run/react';
import styled, { css } from 'styled-components';
import { Tags } from '~/components/members/tags';
import { PAYMENT_METHOD_RULES, type PaymentMethod } from '~/shared/payment-methods';

/** Integer minor units shown with Intl.NumberFormat in the member's language. */
export function Money({ minor, currency }: { minor: number; currency: string }) {
  return <FormattedNumber value={minor / 100} style="currency" currency={currency} />;
}

const methodMessages = defineMessages({
  creditcard: { id: 'payment.method.creditcard', defaultMessage: 'Credit card' },
  sdd: { id: 'payment.method.sdd', defaultMessage: 'SEPA Direct Debit' },
  sct: { id: 'payment.method.sct', defaultMessage: 'Bank transfer' },
});

export function useMethodName(): (method: string) => string {
  const intl = useIntl();
  return (method) => {
    const rule = (PAYMENT_METHOD_RULES as Record<string, { brand: string | null } | undefined>)[method];
    if (rule?.brand) return rule.brand;
    const message = (methodMessages as Record<string, { id: string; defaultMessage: string } | undefined>)[method];
    return message ? intl.formatMessage(message) : method;
  };
}

export type { PaymentMethod };

const statusMessages = defineMessages({
  open: { id: 'payment.status.open', defaultMessage: 'Open' },
  pending: { id: 'payment.status.pending', defaultMessage: 'Pending' },
  paid: { id: 'payment.status.paid', defaultMessage: 'Paid' },
  failed: { id: 'payment.status.failed', defaultMessage: 'Failed' },
  canceled: { id: 'payment.status.canceled', defaultMessage: 'Cancelled' },
  expired: { id: 'payment.status.expired', defaultMessage: 'Expired' },
  refunded: { id: 'payment.status.refunded', defaultMessage: 'Refunded' },
  charged_back: { id: 'payment.status.chargedBack', defaultMessage: 'Charged back' },
});

const tone = (status: string) => (status === 'paid' || status === 'refunded' ? 'success' : status === 'open' || status === 'pending' ? 'warning' : 'muted');

export const StatusPill = styled.span<{ $tone: 'success' | 'warning' | 'muted' }>`
  display: inline-block;
  padding: 2px 10px;
  border-radius: ${({ theme }) => theme.radii.pill};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 700;
  white-space: nowrap;
  ${({ $tone, theme }) =>
    $tone === 'success'
      ? css`
          background: #e8f7ee;
          color: #146c3a;
        `
      : $tone === 'warning'
        ? css`
            background: #fff4d6;
            color: #7a5200;
          `
        : css`
            background: ${theme.colors.surface};
            color: ${theme.colors.textMuted};
            border: 1px solid ${theme.colors.border};
          `}
`;

export function PaymentStatus({ status }: { status: string }) {
  const intl = useIntl();
  const message = (statusMessages as Record<string, { id: string; defaultMessage: string } | undefined>)[status];
  return (
    <StatusPill $tone={tone(status)} data-status={status}>
      {message ? intl.formatMessage(message) : status}
    </StatusPill>
  );
}

export function Credits({ count }: { count: number }) {
  return <FormattedMessage id="credits.count" defaultMessage="{count, plural, one {# credit} other {# credits}}" values={{ count }} />;
}

export function When({ iso }: { iso: string }) {
  return <FormattedDate value={iso} dateStyle="medium" timeStyle="short" />;
}

/** The frame of the credits pages: a tinted band with the heading, then the content. */
export const Page = styled.div`
  min-height: 60vh;
  background: linear-gradient(180deg, ${({ theme }) => theme.colors.secondary} 0, ${({ theme }) => theme.colors.background} 360px);
`;

export const Inner = styled.div<{ $narrow?: boolean }>`
  max-width: ${({ $narrow }) => ($narrow ? '720px' : '1140px')};
  margin: 0 auto;
  padding: ${({ theme }) => `${theme.space(6)} ${theme.space(4)} ${theme.space(12)}`};

  h1 {
    margin: 0 0 ${({ theme }) => theme.space(2)};
    font-family: ${({ theme }) => theme.fonts.heading};
    font-size: ${({ theme }) => theme.fontSizes.xxl};
  }

  @media (min-width: ${({ theme }) => theme.breakpoints.md}px) {
    padding-top: ${({ theme }) => theme.space(10)};

    h1 {
      font-size: ${({ theme }) => theme.fontSizes.display};
    }
  }
`;

export const Sub = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(6)};
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const Panel = styled.section`
  padding: ${({ theme }) => theme.space(5)};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.background};
  box-shadow: ${({ theme }) => theme.shadows.card};

  h2 {
    margin: 0 0 ${({ theme }) => theme.space(4)};
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }

  @media (min-width: ${({ theme }) => theme.breakpoints.md}px) {
    padding: ${({ theme }) => theme.space(6)};
  }
`;

export const Rows = styled.dl`
  display: grid;
  grid-template-columns: 1fr auto;
  row-gap: ${({ theme }) => theme.space(2)};
  margin: 0;

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }

  dd {
    margin: 0;
    padding-left: ${({ theme }) => theme.space(4)};
    text-align: right;
    font-weight: 600;
  }

  .total {
    padding-top: ${({ theme }) => theme.space(3)};
    border-top: 1px solid ${({ theme }) => theme.colors.border};
    color: ${({ theme }) => theme.colors.text};
    font-size: ${({ theme }) => theme.fontSizes.lg};
    font-weight: 800;
  }
`;

export const LinkRow = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => `${theme.space(2)} ${theme.space(5)}`};
  margin-top: ${({ theme }) => theme.space(8)};
  font-size: ${({ theme }) => theme.fontSizes.sm};

  a {
    color: ${({ theme }) => theme.colors.primary};
    font-weight: 600;
  }
`;

/** The profile page's tag row, outlined (payment facts). */
export const Chips = styled(Tags)`
  li {
    border: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.background};
    font-weight: 600;
  }
`;

/** The way back to the page before in the credits flow (all bundles, other methods, transactions). */
export const Back = styled(Link)`
  display: inline-block;
  margin-bottom: ${({ theme }) => theme.space(3)};
  color: ${({ theme }) => theme.colors.primary};
  font-weight: 600;
`;
